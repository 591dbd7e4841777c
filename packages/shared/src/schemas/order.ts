import { z } from '../zod-sq';
import { hasHiddenCharacters } from '../domain/accounts';
import { municipalities } from '../domain/kosovo';
import { normalisePhone } from '../domain/phone';
import { isWholeCents } from '../domain/money';
import { giftCardPaymentSchema } from './gift-cards';
import { defaultFulfilment, fulfilments, orderLimits, orderStatuses, paymentMethods, stockStatuses } from '../domain/orders';

export const orderMessages = {
  success: 'Porosia u krye me sukses!',
  emptyItems: 'Porosia duhet të ketë të paktën një produkt.',
  tooManyLines: 'Porosia mund të ketë të shumtën 50 produkte të ndryshme.',
  quantity: 'Sasia duhet të jetë numër i plotë nga 1 deri në 99.',
  price: 'Çmimi duhet të jetë një numër jo negativ.',
  total: 'Totali duhet të jetë një numër jo negativ.',
  duplicateLine: 'I njëjti produkt është dy herë në porosi.',
  unknownProducts: 'Disa produkte nuk ekzistojnë më: ',
  pricesChanged: 'Çmimet kanë ndryshuar. Kontrolloni shportën me çmimet aktuale dhe konfirmoni përsëri.',
  idempotencyKey: 'Idempotency-Key nuk është i vlefshëm.',
  idempotencyReuse: 'Ky Idempotency-Key është përdorur tashmë për një porosi tjetër.',
  inProgress: 'Kjo porosi po përpunohet ende. Provoni përsëri pas pak.',
  totalTooLarge: 'Totali i porosisë është shumë i madh.',
  cents: 'Çmimet dhe totali mund të kenë të shumtën 2 shifra dhjetore.',
  productId: 'Fusha "id" e produktit mungon.',
  variantId: 'Fusha "variantId" duhet të jetë numri i një varianti të produktit.',
  unknownVariant: (name: string) => `Varianti i zgjedhur i “${name}” nuk ekziston më.`,
  fulfilment: 'Zgjidhni si do ta merrni porosinë: në dyqan ose me dërgesë në adresë.',
  paymentMethod: 'Kjo mënyrë pagese nuk ofrohet. Zgjidhni “Para në dorë” ose “Transfer bankar”.',
  deliveryMissing: 'Për dërgesë në adresë plotësoni emrin, telefonin, komunën dhe adresën.',
  fullName: 'Shkruani emrin dhe mbiemrin e marrësit.',
  fullNameLong: 'Emri i marrësit është shumë i gjatë.',
  fullNameChars: 'Emri i marrësit ka shenja që nuk lejohen.',
  phone: 'Shkruani një numër telefoni të vlefshëm, p.sh. 044 123 456 ose +41 79 123 45 67.',
  city: 'Zgjidhni komunën nga lista.',
  address: 'Shkruani adresën: rrugën, numrin dhe hyrjen nëse ka.',
  addressLong: 'Adresa mund të ketë të shumtën 300 shenja.',
  note: 'Shënimi mund të ketë të shumtën 500 shenja.',
  perLine: (max: number, name: string) => `Mund të porositni të shumtën ${max} copë nga “${name}”.`,
  outOfStock: (name: string, left: number) =>
    left <= 0 ? `“${name}” nuk është më në stok.` : `Nga “${name}” kanë mbetur vetëm ${left} copë. Zvogëloni sasinë dhe provoni përsëri.`,
  openOrders: (max: number) => `Keni tashmë ${max} porosi të hapura. Prisni sa të përfundojë njëra prej tyre ose na kontaktoni në telefon.`,
  rateLimited: 'Keni dërguar shumë porosi për pak kohë. Provoni përsëri pas disa minutash.',
  // An account whose e-mail is not verified (issue 24 finding 7, decision 028): 403 with needsVerification.
  unverifiedOpenOrders: (max: number) =>
    max === 0
      ? 'Verifikoni email-in tuaj para se të porositni: hapni lidhjen që ju dërguam kur u regjistruat.'
      : `Pa verifikuar email-in mund të keni të shumtën ${max === 1 ? '1 porosi të hapur' : `${max} porosi të hapura`} njëherësh. Verifikoni email-in (hapni lidhjen që ju dërguam) për të porositur më shumë.`,
  unverifiedUnits: (max: number, held: number) =>
    `Pa verifikuar email-in porositë tuaja të hapura mund të kenë të shumtën ${max} copë gjithsej${held > 0 ? ` (keni tashmë ${held})` : ''}. Verifikoni email-in (hapni lidhjen që ju dërguam) ose zvogëloni sasinë.`,
  unverifiedDelivery:
    'Dërgesa në adresë kërkon email të verifikuar. Verifikoni email-in (hapni lidhjen që ju dërguam) ose zgjidhni marrjen në dyqan.',
  notFound: 'Porosia nuk u gjet.',
  cannotCancel: 'Porosia nuk mund të anulohet më: dyqani e ka konfirmuar tashmë. Na kontaktoni për ndihmë.',
  cancelled: (id: number) => `Porosia #${id} u anulua.`,
  badMove: (from: string, to: string) => `Porosia është “${from}” dhe nuk mund të kalojë në “${to}”.`,
  discountCode: 'Kodi i zbritjes nuk është i vlefshëm.',
} as const;

/** A person's name as the delivery asks for it: trimmed, no hidden characters. */
const fullNameSchema = z
  .string({ error: orderMessages.fullName })
  .trim()
  .min(2, orderMessages.fullName)
  .max(orderLimits.name, orderMessages.fullNameLong)
  .refine((n) => !hasHiddenCharacters(n), orderMessages.fullNameChars);

/**
 * A phone number from anywhere in any usual writing (domain/phone.ts, decision 046): Kosovo's by
 * default ('044 123 456' is stored '+383 44 123 456'), any valid international number with its code
 * ('+41 79 123 45 67'). Delivery addresses stay in Kosovo's municipalities; the recipient's phone may
 * be the family's abroad.
 */
export const phoneSchema = (message: string = orderMessages.phone) =>
  z
    .string({ error: message })
    .max(orderLimits.phone, message)
    .transform((v, ctx) => {
      const phone = normalisePhone(v);
      if (phone === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return phone;
    });

/** Where and to whom a home delivery goes. */
export const deliveryDetailsInputSchema = z.object({
  fullName: fullNameSchema,
  phone: phoneSchema(),
  city: z.enum(municipalities, { error: orderMessages.city }),
  address: z
    .string({ error: orderMessages.address })
    .trim()
    .min(3, orderMessages.address)
    .max(orderLimits.address, orderMessages.addressLong)
    .refine((a) => !hasHiddenCharacters(a.replace(/[\n\t]/g, ' ')), orderMessages.address),
});
export type DeliveryDetailsInput = z.input<typeof deliveryDetailsInputSchema>;

export const deliveryDetailsSchema = z.object({ fullName: z.string(), phone: z.string(), city: z.string(), address: z.string() });
export type DeliveryDetails = z.infer<typeof deliveryDetailsSchema>;

export const orderNoteSchema = z.string({ error: orderMessages.note }).trim().max(orderLimits.note, orderMessages.note);

/** An amount in euros as a body sends it: a finite number from 0 to `max`, in whole cents. */
const euroAmountSchema = (message: string, max: number) =>
  z.number({ error: message }).finite(message).nonnegative(message).max(max, message).refine(isWholeCents, orderMessages.cents);

export const orderItemInputSchema = z.object({
  id: z.string({ error: orderMessages.productId }).trim().min(1, orderMessages.productId).max(200),
  /** The variant bought (decision 039); left out: the product's default variant (the contract's body). */
  variantId: z
    .number({ error: orderMessages.variantId })
    .int(orderMessages.variantId)
    .positive(orderMessages.variantId)
    .max(2_147_483_647, orderMessages.variantId)
    .optional(),
  quantity: z
    .number({ error: orderMessages.quantity })
    .int(orderMessages.quantity)
    .min(1, orderMessages.quantity)
    .max(orderLimits.maxQuantity, orderMessages.quantity),
  price: euroAmountSchema(orderMessages.price, orderLimits.maxUnitPrice),
});

/**
 * POST /api/orders. The spec's body is `items` + `total`; everything else is optional, so such an
 * order is a pickup order paid in cash. A delivery needs `delivery`; `total` includes the fee.
 */
/** The fields of an order's body (POST /api/orders; the guest checkout adds who orders). */
export const createOrderFields = {
  items: z
    .array(orderItemInputSchema, { error: orderMessages.emptyItems })
    .min(1, orderMessages.emptyItems)
    .max(orderLimits.maxLines, orderMessages.tooManyLines),
  total: euroAmountSchema(orderMessages.total, orderLimits.maxTotal),
  fulfilment: z.enum(fulfilments, { error: orderMessages.fulfilment }).default(defaultFulfilment),
  paymentMethod: z.enum(paymentMethods, { error: orderMessages.paymentMethod }).default('cash'),
  delivery: deliveryDetailsInputSchema.optional(),
  note: orderNoteSchema.optional(),
  /** Issue 29 (decision 049): a discount code; the total then is lines + fee - discount. Checked by the server only. */
  discountCode: z.string({ error: orderMessages.discountCode }).max(64, orderMessages.discountCode).optional(),
  /**
   * Decision 048: part of the total paid with a gift card (its code, and the amount when the
   * customer lowered it; else as much as the total needs). Not a discount: `total` stays the total.
   */
  giftCard: giftCardPaymentSchema.optional(),
};

/** A delivery needs its details. */
export function deliveryRule(body: { fulfilment: string; delivery?: unknown }, ctx: z.RefinementCtx): void {
  if (body.fulfilment === 'delivery' && !body.delivery) {
    ctx.addIssue({ code: 'custom', path: ['delivery'], message: orderMessages.deliveryMissing });
  }
}

export const createOrderBodySchema = z.object(createOrderFields).superRefine(deliveryRule);
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;
export type CreateOrderInput = z.input<typeof createOrderBodySchema>;

export const orderStatusSchema = z.enum(orderStatuses);

export const orderLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  quantity: z.number(),
  /**
   * Added by decision 039: the variant sold, its option values ('Titanium i zi / 512 GB'; '' for a
   * product without options) and its SKU, as they were when ordered; null on older lines.
   */
  variantId: z.number().nullable().optional(),
  variant: z.string().nullable().optional(),
  sku: z.string().nullable().optional(),
  /** Added by decision 040: the IMEIs of the units that went to this line (picked by staff). */
  imeis: z.array(z.string()).optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;
export const transferDetailsSchema = z.object({
  bankName: z.string(),
  iban: z.string(),
  amount: z.number(),
  reference: z.string(),
  payBy: z.string(),
  paidAt: z.string().nullable(),
});
export type TransferDetails = z.infer<typeof transferDetailsSchema>;

export const shipmentSchema = z.object({ courier: z.string(), trackingNumber: z.string(), trackingUrl: z.string().nullable() });
export type Shipment = z.infer<typeof shipmentSchema>;

export const orderSchema = z.object({
  id: z.number(),
  items: z.array(orderLineSchema),
  /** What the customer pays: the lines plus the delivery fee. */
  total: z.number(),
  status: orderStatusSchema,
  createdAt: z.string(),
  /** The lines alone. */
  subtotal: z.number(),
  deliveryFee: z.number(),
  fulfilment: z.enum(fulfilments),
  paymentMethod: z.enum(paymentMethods),
  /** Null for a pickup order. */
  delivery: deliveryDetailsSchema.nullable(),
  note: z.string().nullable(),
  /**
   * Added by decision 043. A transfer order: what to pay where (the shop's bank and IBAN at the
   * time of reading, the amount, the order number as the reference, the day it is cancelled when
   * unpaid) and whether it was paid. Null for cash.
   */
  transfer: transferDetailsSchema.nullable().optional(),
  /** When the courier's cash was marked received ('Para të pranuara'); null until then. */
  cashReceivedAt: z.string().nullable().optional(),
  /** Set when the order is sent: the courier, the tracking number and its page (null when the courier has none). */
  shipment: shipmentSchema.nullable().optional(),
  /** Issue 29 (decision 049): only on an order with a discount code: the code and what it took off (euros). */
  discount: z.object({ code: z.string(), amount: z.number() }).optional(),
  /**
   * Decision 048, only when a gift card paid part of it: what the card paid ('Paguar me kartë
   * dhurate') and what is left to pay as chosen ('Për t'u paguar'; 0 when the card paid it all).
   */
  giftCard: z.object({ paid: z.number(), due: z.number() }).optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** Who moved an order: the customer (placing or cancelling it) or staff. */
export const orderActors = ['customer', 'staff'] as const;
export const orderHistoryEntrySchema = z.object({
  status: orderStatusSchema,
  /** Null for the first entry (the order was placed). */
  from: orderStatusSchema.nullable(),
  at: z.string(),
  by: z.enum(orderActors),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/** GET /api/orders/{id}: the customer's own order with its history. */
export const orderDetailSchema = orderSchema.extend({
  history: z.array(orderHistoryEntrySchema),
  /** Pending orders may be cancelled by their customer. */
  canCancel: z.boolean(),
  vatPercent: z.number(),
  /** The VAT contained in the total. */
  vatIncluded: z.number(),
  /**
   * The lines' product ids the customer may rate and has not rated yet: on a delivered order, the
   * products still in the shop without the customer's review (decision 023); else empty.
   */
  toReview: z.array(z.string()),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** GET /api/orders/settings: what the checkout shows before confirming (the server recomputes it all). */
export const checkoutSettingsSchema = z.object({
  deliveryFee: z.number(),
  /** Delivery is free from this subtotal; null: never free. */
  freeDeliveryFrom: z.number().nullable(),
  vatPercent: z.number(),
  maxPerLine: z.number(),
  maxOpenOrders: z.number(),
});
export type CheckoutSettings = z.infer<typeof checkoutSettingsSchema>;

/** A product's stock as shoppers see it (domain/orders stockState): exact only when low. */
export const publicStockSchema = z.object({ status: z.enum(stockStatuses), left: z.number().nullable() });
export type PublicStock = z.infer<typeof publicStockSchema>;

export const createOrderResponseSchema = z.object({ message: z.string(), order: orderSchema });
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

/** 409 body when the client's prices or total differ from the database's. */
export const priceConflictSchema = z.object({
  msg: z.string(),
  prices: z.array(z.object({ id: z.string(), name: z.string(), price: z.number(), variantId: z.number().optional() })),
  total: z.number(),
  /** The delivery fee the total includes. */
  deliveryFee: z.number().optional(),
  /** Issue 29: the discount the total takes off, when the order names a code. */
  discount: z.number().optional(),
});

/** 409 body when a product has too few units left: which one and how many are left. */
export const stockConflictSchema = z.object({ msg: z.string(), productId: z.string(), left: z.number(), variantId: z.number().optional() });
export type PriceConflict = z.infer<typeof priceConflictSchema>;

/** 403 body when an account must verify its e-mail before this order (issue 24 finding 7). */
export const needsVerificationSchema = z.object({ msg: z.string(), needsVerification: z.literal(true) });

/** 400 body when some ids are not (or no longer) products. */
export const unknownProductsSchema = z.object({ msg: z.string(), unknownIds: z.array(z.string()) });
/** 400 body of a validation error: the message and, when known, the field's path (items.0.quantity). */
export const orderValidationErrorSchema = z.object({ msg: z.string(), field: z.string().optional() });

export const idempotencyKeySchema = z
  .string()
  .min(8, orderMessages.idempotencyKey)
  .max(200, orderMessages.idempotencyKey)
  .regex(/^[A-Za-z0-9._:-]+$/, orderMessages.idempotencyKey);
