/**
 * The counter sale 'Shitje në dyqan' (issue 28, decision 044): the body staff send, the sale as the
 * API answers it, the lookups of the till (a scanned code or a typed name; a customer by phone or
 * e-mail). Albanian messages.
 */
import { z } from '../zod-sq';
import { isWholeCents } from '../domain/money';
import { counterPaymentMethods, MAX_COUNTER_LINES, MAX_COUNTER_QUANTITY } from '../domain/counter';
import { hasHiddenCharacters } from '../domain/names';
import { counterTills } from '../domain/day-close';
import { imeiProblem, normalizeImei } from '../domain/units';
import { warrantySheetSchema } from './warranty';
import { phoneSchema } from './order';
import { giftCardPaymentSchema, issuedGiftCardSchema } from './gift-cards';

export const counterMsg = {
  receiptNo: 'Shkruani numrin e kuponit fiskal (1 deri në 40 shenja).',
  lines: `Shtoni 1 deri në ${MAX_COUNTER_LINES} rreshta në shitje.`,
  variant: 'Zgjidhni produktin e rreshtit.',
  quantity: `Sasia duhet të jetë një numër i plotë nga 1 deri në ${MAX_COUNTER_QUANTITY}.`,
  discount: 'Zbritja duhet të jetë një shumë nga 0 me të shumtën 2 shifra dhjetore.',
  imeiQuantity: 'Një rresht me IMEI ka sasinë 1: çdo telefon në rreshtin e vet.',
  imeiTwice: (imei: string) => `IMEI ${imei} është në shitje dy herë.`,
  amount: 'Shuma e pagesës duhet të jetë një numër nga 0 me të shumtën 2 shifra dhjetore.',
  customerName: 'Emri i klientit duhet të ketë 2 deri në 120 shenja.',
  customerPhone: 'Numri i telefonit të klientit nuk është i vlefshëm.',
  customerId: 'Klienti i zgjedhur nuk njihet.',
  customerNeedsName: 'Shkruani edhe emrin e klientit bashkë me telefonin.',
  till: `Zgjidhni arkën: ${counterTills.join(', ')}.`,
  search: 'Kërkimi duhet të ketë 1 deri në 60 shenja.',
  customerSearch: 'Shkruani 3 deri në 60 shenja të telefonit ose e-mailit të klientit.',
  // From the service, with the database's state.
  variantNotFound: (line: number) => `Rreshti ${line}: produkti nuk u gjet.`,
  needsImei: (name: string) => `Zgjidhni IMEI-në e telefonit për “${name}”.`,
  notSerialized: (name: string) => `“${name}” nuk ndiqet me IMEI.`,
  discountTooHigh: (name: string, max: string, percent: number) =>
    `Zbritja për “${name}” kalon kufirin prej ${percent}% (${max} më së shumti).`,
  outOfStock: (name: string) => `Nuk ka më në stok për “${name}”. Shitja nuk u regjistrua.`,
  unitNotInStock: (imei: string, name: string) =>
    `IMEI ${imei} nuk është në stok për “${name}” (mund të jetë shitur). Shitja nuk u regjistrua.`,
  paymentShort: (missing: string) => `Pagesa nuk e mbulon totalin: mungojnë ${missing}.`,
  paymentCardsExceed: 'POS dhe transferi bashkë nuk mund të kalojnë totalin.',
  paymentCashNotNeeded: 'POS dhe transferi e mbulojnë totalin: mos shkruani para në dorë.',
  paymentNothing: 'Shkruani pagesën: Cash, POS ose Transfer Bankar.',
  customerNotFound: 'Klienti i zgjedhur nuk u gjet.',
  saleNotFound: 'Shitja nuk u gjet.',
  created: (id: number) => `Shitja #${id} u regjistrua.`,
  // Returns within 14 days.
  returnLines: 'Zgjidhni rreshtat që kthehen dhe sasinë e secilit.',
  returnQuantity: 'Sasia që kthehet duhet të jetë një numër i plotë nga 1 deri në 99.',
  returnRestock: 'Zgjidhni nëse produkti kthehet në stok apo jo (i dëmtuar).',
  refundMethod: 'Zgjidhni si kthehen paratë: Cash, POS ose Transfer Bankar.',
  returnReason: 'Shkruani arsyen e kthimit (3 deri në 300 shenja).',
  overrideReason: 'Arsyeja e pronarit duhet të ketë 5 deri në 300 shenja.',
  returnLineUnknown: (line: number) => `Rreshti ${line} nuk është i kësaj shitjeje.`,
  returnTooMany: (name: string, left: number) =>
    left === 0 ? `“${name}” është kthyer tashmë i tëri.` : `Nga “${name}” mund të kthehen më së shumti ${left}.`,
  returnLate: 'Kanë kaluar më shumë se 14 ditë nga shitja: kthimi kërkon miratimin e pronarit me arsye.',
  returnOwnerOnly: 'Kthimi pas 14 ditëve lejohet vetëm nga pronari i dyqanit, me arsye.',
  returned: (id: number, refund: string) => `Kthimi #${id} u regjistrua. Kthehen ${refund}.`,
} as const;

export const counterPaymentMethodSchema = z.enum(counterPaymentMethods, { error: counterMsg.refundMethod });

const money = (msg: string) => z.number({ error: msg }).finite(msg).min(0, msg).max(1_000_000, msg).refine(isWholeCents, { message: msg });

const idSchema = (msg: string) => z.number({ error: msg }).int(msg).min(1, msg).max(2_147_483_647, msg);

const nameSchema = z
  .string({ error: counterMsg.customerName })
  .trim()
  .min(2, counterMsg.customerName)
  .max(120, counterMsg.customerName)
  .refine((s) => !hasHiddenCharacters(s), { message: counterMsg.customerName });

export const counterLineBodySchema = z.object({
  variantId: idSchema(counterMsg.variant),
  quantity: z
    .number({ error: counterMsg.quantity })
    .int(counterMsg.quantity)
    .min(1, counterMsg.quantity)
    .max(MAX_COUNTER_QUANTITY, counterMsg.quantity),
  /** The line's discount in euros (the owner's limit is checked by the service). */
  discount: money(counterMsg.discount).optional(),
  /** A serialized line's unit (quantity 1). */
  imei: z
    .string({ error: counterMsg.variant })
    .max(40)
    .transform(normalizeImei)
    .superRefine((v, ctx) => {
      const problem = imeiProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
});

/** POST /api/admin/counter-sales. */
export const counterSaleBodySchema = z
  .object({
    receiptNo: z
      .string({ error: counterMsg.receiptNo })
      .trim()
      .min(1, counterMsg.receiptNo)
      .max(40, counterMsg.receiptNo)
      .refine((s) => !/\p{Cc}/u.test(s), { message: counterMsg.receiptNo }),
    lines: z.array(counterLineBodySchema, { error: counterMsg.lines }).min(1, counterMsg.lines).max(MAX_COUNTER_LINES, counterMsg.lines),
    customer: z
      .object({
        userId: idSchema(counterMsg.customerId).optional(),
        name: nameSchema.optional(),
        phone: phoneSchema(counterMsg.customerPhone).optional(),
      })
      .nullable()
      .optional(),
    /** The till of the sale (decision 051); the main till when left out. */
    till: z.enum(counterTills, { error: counterMsg.till }).optional(),
    payment: z.object(
      {
        cashGiven: money(counterMsg.amount).optional(),
        pos: money(counterMsg.amount).optional(),
        transfer: money(counterMsg.amount).optional(),
        /** Decision 048: a gift card pays part (its code typed or scanned; the amount, else as much as needed up to its balance). */
        giftCard: giftCardPaymentSchema.optional(),
      },
      { error: counterMsg.paymentNothing },
    ),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.lines.forEach((l, i) => {
      if (l.imei === undefined) return;
      if (l.quantity !== 1) ctx.addIssue({ code: 'custom', path: ['lines', i, 'quantity'], message: counterMsg.imeiQuantity });
      if (seen.has(l.imei)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'imei'], message: counterMsg.imeiTwice(l.imei) });
      seen.add(l.imei);
    });
    const c = body.customer;
    if (c && c.userId === undefined && c.phone !== undefined && c.name === undefined)
      ctx.addIssue({ code: 'custom', path: ['customer', 'name'], message: counterMsg.customerNeedsName });
  });
export type CounterSaleBody = z.output<typeof counterSaleBodySchema>;

export const counterSaleLineSchema = z.object({
  id: z.number(),
  productId: z.string(),
  variantId: z.number().nullable(),
  name: z.string(),
  variantTitle: z.string(),
  brand: z.string(),
  sku: z.string().nullable(),
  imei: z.string().nullable(),
  unitPrice: z.number(),
  quantity: z.number(),
  discount: z.number(),
  total: z.number(),
  /** The warranty's months (12 for phones, or the product's own), for serialized lines. */
  warrantyMonths: z.number().nullable(),
  /** The warranty sheet made from this line (serialized lines). */
  warrantySheetId: z.number().nullable(),
  /** How many of the line came back. */
  returned: z.number(),
});

export const counterSaleSchema = z.object({
  id: z.number(),
  receiptNo: z.string(),
  createdAt: z.string(),
  till: z.string(),
  seller: z.string().nullable(),
  customer: z.object({
    userId: z.number().nullable(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  lines: z.array(counterSaleLineSchema),
  gross: z.number(),
  discount: z.number(),
  total: z.number(),
  vatPercent: z.number(),
  vat: z.number(),
  payment: z.object({
    cash: z.number(),
    cashGiven: z.number(),
    change: z.number(),
    pos: z.number(),
    transfer: z.number(),
    /** Decision 048: paid with a gift card. */
    giftCard: z.number().optional(),
  }),
  /** The warranty sheets of its phones, filled from the sale (decision 044). */
  warrantySheets: z.array(warrantySheetSchema),
  /** Its returns, oldest first. */
  returns: z.array(
    z.object({
      id: z.number(),
      createdAt: z.string(),
      by: z.string().nullable(),
      lines: z.array(z.object({ lineId: z.number(), quantity: z.number() })),
      restock: z.boolean(),
      refundMethod: counterPaymentMethodSchema,
      refund: z.number(),
      reason: z.string(),
      overrideReason: z.string().nullable(),
    }),
  ),
});
export type CounterSale = z.infer<typeof counterSaleSchema>;

export const counterSaleCreatedSchema = z.object({
  msg: z.string(),
  sale: counterSaleSchema,
  /** Decision 048: the gift cards the sale issued, with their full codes, shown this once (to print the inserts). */
  giftCards: z.array(issuedGiftCardSchema).optional(),
});
export type CounterSaleCreated = z.infer<typeof counterSaleCreatedSchema>;

export const counterSaleListQuerySchema = z.object({
  q: z.string({ error: counterMsg.search }).trim().max(60, counterMsg.search).optional(),
});

export const counterSaleListSchema = z.object({
  sales: z.array(
    z.object({
      id: z.number(),
      receiptNo: z.string(),
      createdAt: z.string(),
      seller: z.string().nullable(),
      customerName: z.string().nullable(),
      lines: z.number(),
      total: z.number(),
    }),
  ),
  /** The owner's limit of a line's discount, in percent (the screen shows it). */
  discountMaxPercent: z.number(),
});
export type CounterSaleList = z.infer<typeof counterSaleListSchema>;

/** GET /api/admin/counter-sales/lookup?q=: a scanned EAN/SKU/IMEI or a typed name. */
export const counterLookupQuerySchema = z.object({
  q: z.string({ error: counterMsg.search }).trim().min(1, counterMsg.search).max(60, counterMsg.search),
});

export const counterItemSchema = z.object({
  variantId: z.number(),
  productId: z.string(),
  name: z.string(),
  variantTitle: z.string(),
  brand: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  price: z.number(),
  stock: z.number().nullable(),
  serialized: z.boolean(),
  /** The IMEIs in stock to choose from (serialized variants). */
  imeisInStock: z.array(z.string()),
});
export type CounterItem = z.infer<typeof counterItemSchema>;

export const counterLookupSchema = z.object({
  /** How the text matched: 'imei' (one unit), 'code' (EAN/SKU exactly), 'name' (a search). */
  match: z.enum(['imei', 'code', 'name', 'none']),
  /** The unit's IMEI when an IMEI was scanned. */
  imei: z.string().nullable(),
  items: z.array(counterItemSchema),
});
export type CounterLookup = z.infer<typeof counterLookupSchema>;

/** GET /api/admin/counter-sales/customers?q=: registered customers by phone or e-mail. */
export const counterCustomerQuerySchema = z.object({
  q: z.string({ error: counterMsg.customerSearch }).trim().min(3, counterMsg.customerSearch).max(60, counterMsg.customerSearch),
});
export const counterCustomersSchema = z.object({
  customers: z.array(z.object({ id: z.number(), name: z.string(), email: z.string(), phone: z.string().nullable() })),
});
export type CounterCustomers = z.infer<typeof counterCustomersSchema>;

export const counterSaleParamsSchema = z.object({
  id: z.coerce
    .number({ error: counterMsg.saleNotFound })
    .int(counterMsg.saleNotFound)
    .min(1, counterMsg.saleNotFound)
    .max(2_147_483_647, counterMsg.saleNotFound),
});

/** POST /api/admin/counter-sales/:id/returns: lines of the sale come back (within 14 days, or later with the owner's reason). */
export const counterReturnBodySchema = z.object({
  lines: z
    .array(
      z.object({
        lineId: z
          .number({ error: counterMsg.returnLines })
          .int(counterMsg.returnLines)
          .min(1, counterMsg.returnLines)
          .max(2_147_483_647, counterMsg.returnLines),
        quantity: z
          .number({ error: counterMsg.returnQuantity })
          .int(counterMsg.returnQuantity)
          .min(1, counterMsg.returnQuantity)
          .max(99, counterMsg.returnQuantity),
      }),
      { error: counterMsg.returnLines },
    )
    .min(1, counterMsg.returnLines)
    .max(MAX_COUNTER_LINES, counterMsg.returnLines)
    .refine((ls) => new Set(ls.map((l) => l.lineId)).size === ls.length, { message: counterMsg.returnLines }),
  restock: z.boolean({ error: counterMsg.returnRestock }),
  refundMethod: counterPaymentMethodSchema,
  /** The till the refund is paid from (decision 051); the sale's when left out. */
  till: z.enum(counterTills, { error: counterMsg.till }).optional(),
  reason: z
    .string({ error: counterMsg.returnReason })
    .trim()
    .min(3, counterMsg.returnReason)
    .max(300, counterMsg.returnReason)
    .refine((s) => !/\p{Cc}/u.test(s), { message: counterMsg.returnReason }),
  overrideReason: z
    .string({ error: counterMsg.overrideReason })
    .trim()
    .min(5, counterMsg.overrideReason)
    .max(300, counterMsg.overrideReason)
    .refine((s) => !/\p{Cc}/u.test(s), { message: counterMsg.overrideReason })
    .optional(),
});
export type CounterReturnBody = z.output<typeof counterReturnBodySchema>;
