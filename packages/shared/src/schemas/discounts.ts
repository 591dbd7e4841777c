/** Discount codes (issue 29, decision 049): the checkout's check, the owner's screen and their texts. */
import { z } from '../zod-sq';
import { categories } from '../domain/catalogue';
import { discountCodePattern, discountKinds, normaliseDiscountCode, type DiscountRefusal } from '../domain/discounts';
import { fulfilments, defaultFulfilment, orderLimits } from '../domain/orders';
import { formatPrice, isWholeCents } from '../domain/money';

export const discountMessages = {
  code: 'Shkruani kodin e zbritjes (3 deri në 32 shkronja, shifra, “-” ose “_”).',
  unknown: 'Kodi nuk ekziston ose ka skaduar.',
  minimum: (min: number) => `Ky kod vlen për porosi mbi ${formatPrice(min)}.`,
  scope: 'Kodi nuk vlen për produktet në shportë.',
  pickup: 'Ky kod jep dërgesë falas: zgjidhni dërgesën në adresë.',
  used: 'Kodi është përdorur tashmë.',
  exhausted: 'Kodi ka arritur numrin maksimal të përdorimeve.',
  rateLimited: 'Keni provuar shumë kode për pak kohë. Provoni përsëri pas disa minutash.',
  items: 'Shporta duhet të ketë të paktën një produkt.',
  name: 'Përshkrimi mund të ketë të shumtën 120 shenja.',
  kind: 'Zgjidhni llojin: përqindje, shumë fikse ose dërgesë falas.',
  percent: 'Përqindja duhet të jetë një numër i plotë nga 1 deri në 100.',
  amount: 'Shuma duhet të jetë më e madhe se 0 dhe me të shumtën 2 shifra dhjetore.',
  date: 'Shkruani datën si VVVV-MM-DD.',
  dates: 'Data e mbarimit nuk mund të jetë para datës së fillimit.',
  minSubtotal: 'Shuma minimale duhet të jetë një numër jo negativ me të shumtën 2 shifra dhjetore.',
  limit: 'Kufiri duhet të jetë një numër i plotë nga 1 deri në 1.000.000.',
  category: 'Zgjidhni kategoritë nga lista.',
  brand: 'Marka mund të ketë të shumtën 60 shenja.',
  productId: 'Produkti i zgjedhur nuk është i vlefshëm.',
  duplicate: 'Ky kod ekziston tashmë. Zgjidhni një kod tjetër.',
  unknownProducts: 'Disa produkte të zgjedhura nuk ekzistojnë: ',
  notFound: 'Kodi i zbritjes nuk u gjet.',
  created: (code: string) => `Kodi ${code} u krijua.`,
  paused: (code: string) => `Kodi ${code} u pezullua.`,
  resumed: (code: string) => `Kodi ${code} u rifillua.`,
  paused_field: 'Fusha “paused” duhet të jetë true ose false.',
  // Decision 053: editing a code after creation.
  codeUsed: 'Teksti i kodit nuk mund të ndryshohet: kodi është përdorur tashmë në porosi. Për një tekst tjetër krijoni një kod të ri.',
  limitBelowUses: (uses: number) => `Kufiri i përdorimeve nuk mund të jetë më i vogël se përdorimet deri tani (${uses}).`,
} as const;

/** A code's refusal as the shopper reads it. */
export function discountRefusalText(reason: DiscountRefusal | 'unknown' | 'used' | 'exhausted', minSubtotal = 0): string {
  if (reason === 'minimum') return discountMessages.minimum(minSubtotal);
  return discountMessages[reason];
}

/** A code as typed: trimmed, upper-cased, then checked against the pattern. */
export const discountCodeSchema = z
  .string({ error: discountMessages.code })
  .max(64, discountMessages.code)
  .transform(normaliseDiscountCode)
  .refine((c) => discountCodePattern.test(c), discountMessages.code);

/** POST /api/discount-codes/check: the cart's lines (no prices: the server's are used), how it is received, the code. */
export const discountCheckBodySchema = z.object({
  code: discountCodeSchema,
  items: z
    .array(
      z.object({
        id: z.string({ error: discountMessages.productId }).trim().min(1, discountMessages.productId).max(200, discountMessages.productId),
        variantId: z
          .number({ error: discountMessages.productId })
          .int(discountMessages.productId)
          .positive(discountMessages.productId)
          .max(2_147_483_647, discountMessages.productId)
          .optional(),
        quantity: z
          .number({ error: discountMessages.items })
          .int(discountMessages.items)
          .min(1, discountMessages.items)
          .max(orderLimits.maxQuantity, discountMessages.items),
      }),
      { error: discountMessages.items },
    )
    .min(1, discountMessages.items)
    .max(orderLimits.maxLines, discountMessages.items),
  fulfilment: z.enum(fulfilments, { error: discountMessages.items }).default(defaultFulfilment),
});
export type DiscountCheckBody = z.infer<typeof discountCheckBodySchema>;
export type DiscountCheckInput = z.input<typeof discountCheckBodySchema>;

/** The check's answer: the discount on these lines at the current prices. */
export const discountCheckResponseSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(discountKinds),
  discount: z.number(),
  subtotal: z.number(),
  deliveryFee: z.number(),
  total: z.number(),
  /** The lines' product ids the code covers. */
  productIds: z.array(z.string()),
});
export type DiscountCheckResponse = z.infer<typeof discountCheckResponseSchema>;

const isoDay = z
  .string({ error: discountMessages.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, discountMessages.date)
  .refine((d) => {
    const t = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
  }, discountMessages.date);
const limit = z
  .number({ error: discountMessages.limit })
  .int(discountMessages.limit)
  .min(1, discountMessages.limit)
  .max(1_000_000, discountMessages.limit);
const euros = (message: string) =>
  z.number({ error: message }).finite(message).min(0, message).max(orderLimits.maxTotal, message).refine(isWholeCents, message);

/** POST /api/admin/discount-codes (the owner's). `value`: a percentage (percent) or euros (amount); free delivery has none. */
export const createDiscountCodeBodySchema = z
  .object({
    code: discountCodeSchema,
    name: z.string({ error: discountMessages.name }).trim().max(120, discountMessages.name).default(''),
    kind: z.enum(discountKinds, { error: discountMessages.kind }),
    value: z.number({ error: discountMessages.amount }).finite(discountMessages.amount).optional(),
    validFrom: isoDay.nullable().optional(),
    validTo: isoDay.nullable().optional(),
    minSubtotal: euros(discountMessages.minSubtotal).default(0),
    categories: z
      .array(z.enum(categories, { error: discountMessages.category }), { error: discountMessages.category })
      .max(10, discountMessages.category)
      .default([]),
    brands: z
      .array(z.string({ error: discountMessages.brand }).trim().min(1, discountMessages.brand).max(60, discountMessages.brand), {
        error: discountMessages.brand,
      })
      .max(20, discountMessages.brand)
      .default([]),
    productIds: z
      .array(
        z.string({ error: discountMessages.productId }).trim().min(1, discountMessages.productId).max(200, discountMessages.productId),
        {
          error: discountMessages.productId,
        },
      )
      .max(200, discountMessages.productId)
      .default([]),
    maxUses: limit.nullable().optional(),
    maxUsesPerCustomer: limit.nullable().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'percent' && (b.value === undefined || !Number.isInteger(b.value) || b.value < 1 || b.value > 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: discountMessages.percent });
    }
    if (b.kind === 'amount' && (b.value === undefined || b.value <= 0 || b.value > orderLimits.maxTotal || !isWholeCents(b.value))) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: discountMessages.amount });
    }
    if (b.validFrom && b.validTo && b.validTo < b.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: discountMessages.dates });
  });
export type CreateDiscountCodeBody = z.infer<typeof createDiscountCodeBodySchema>;
export type CreateDiscountCodeInput = z.input<typeof createDiscountCodeBodySchema>;

/**
 * PUT /api/admin/discount-codes/{id} (decision 053): the owner's edit sends every field of the
 * create form, checked by the same schema (one home for the rules); `paused` is not part of it.
 */
export const editDiscountCodeBodySchema = createDiscountCodeBodySchema;
export type EditDiscountCodeBody = CreateDiscountCodeBody;
export type EditDiscountCodeInput = CreateDiscountCodeInput;

/** PATCH /api/admin/discount-codes/{id}: pause or resume. */
export const updateDiscountCodeBodySchema = z.object({ paused: z.boolean({ error: discountMessages.paused_field }) });

/** A code as the owner's screen lists it. */
export const adminDiscountCodeSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(discountKinds),
  /** Percent, or euros for an amount, 0 for free delivery. */
  value: z.number(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  minSubtotal: z.number(),
  categories: z.array(z.string()),
  brands: z.array(z.string()),
  productIds: z.array(z.string()),
  /** Decision 053: the products named with their names (the edit form shows them). */
  products: z.array(z.object({ id: z.string(), name: z.string() })),
  maxUses: z.number().nullable(),
  maxUsesPerCustomer: z.number().nullable(),
  paused: z.boolean(),
  /** Decision 053: an order (even a cancelled one) names the code, so its text can no longer change. */
  codeLocked: z.boolean(),
  /** Orders naming it that are not cancelled, and what they took off in total. */
  uses: z.number(),
  discounted: z.number(),
  createdAt: z.string(),
});
export type AdminDiscountCode = z.infer<typeof adminDiscountCodeSchema>;

/** One use: the order, its date, its customer and its discount. */
export const discountUseSchema = z.object({
  orderId: z.number(),
  createdAt: z.string(),
  customer: z.string(),
  discount: z.number(),
  status: z.string(),
});
export type DiscountUse = z.infer<typeof discountUseSchema>;
