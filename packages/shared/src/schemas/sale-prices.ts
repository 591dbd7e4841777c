/**
 * Scheduled sale prices ('Ulje me afat', issue 29, decision 050): the owner's body, a schedule as
 * the API answers it, the list's query. Albanian messages.
 */
import { z } from '../zod-sq';
import { isWholeCents } from '../domain/money';
import { MAX_SALE_PERCENT, saleOutcomes, saleStates } from '../domain/sale-prices';

/** At most this many variants in one request (a product's grid is far smaller). */
export const MAX_SALE_VARIANTS = 200;

export const salePriceMsg = {
  product: 'Zgjidhni produktin e uljes.',
  variants: `Zgjidhni 1 deri në ${MAX_SALE_VARIANTS} variante për uljen.`,
  variantTwice: 'I njëjti variant është zgjedhur dy herë.',
  price: 'Çmimi i uljes duhet të jetë një shumë më e madhe se 0, me të shumtën 2 shifra dhjetore.',
  percent: `Përqindja e uljes duhet të jetë një numër i plotë nga 1 deri në ${MAX_SALE_PERCENT}.`,
  priceOrPercent: 'Shkruani ose çmimin e uljes ose përqindjen, jo të dyja.',
  oldPrice: 'Çmimi i vjetër duhet të jetë një shumë më e madhe se 0, me të shumtën 2 shifra dhjetore.',
  startsAt: 'Shkruani datën dhe orën e fillimit të uljes.',
  endsAt: 'Shkruani datën dhe orën e mbarimit të uljes.',
  endBeforeStart: 'Ulja duhet të mbarojë pas fillimit.',
  endPast: 'Data e mbarimit ka kaluar: ulja nuk mund të mbarojë në të kaluarën.',
  tooLong: 'Një ulje me afat zgjat më së shumti 366 ditë.',
  productId: 'Produkti i kërkuar nuk është i vlefshëm.',
  // From the service, with the database's state.
  productNotFound: 'Produkti nuk u gjet.',
  variantNotFound: 'Një nga variantet e zgjedhura nuk është i këtij produkti.',
  notLower: (variant: string, regular: string) => `Çmimi i uljes për “${variant}” duhet të jetë më i ulët se çmimi i rregullt ${regular}.`,
  notPositive: (variant: string) => `Çmimi i uljes për “${variant}” del 0 ose më pak.`,
  oldPriceTooLow: (variant: string) => `Çmimi i vjetër për “${variant}” duhet të jetë më i lartë se çmimi i uljes.`,
  overlap: (variant: string) => `“${variant}” ka tashmë një ulje me afat në këtë kohë. Anuloni atë ose zgjidhni kohë tjetër.`,
  scheduleNotFound: 'Ulja me afat nuk u gjet.',
  notCancellable: 'Kjo ulje ka përfunduar ose është anuluar tashmë.',
  created: (n: number) => (n === 1 ? 'Ulja me afat u ruajt.' : `U ruajtën ${n} ulje me afat.`),
  cancelled: 'Ulja u anulua.',
} as const;

const isoMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A moment with its zone ('2026-11-28T00:00:00+01:00' or '...Z'), read as a Date. */
const momentSchema = (msg: string) =>
  z
    .string({ error: msg })
    .max(40, msg)
    .refine((s) => isoMoment.test(s) && !Number.isNaN(Date.parse(s)), { message: msg })
    .transform((s) => new Date(s));

const euros = (msg: string) => z.number({ error: msg }).finite(msg).gt(0, msg).max(1_000_000, msg).refine(isWholeCents, { message: msg });

const idSchema = (msg: string) => z.number({ error: msg }).int(msg).min(1, msg).max(2_147_483_647, msg);

/** POST /api/admin/sale-prices: one schedule per chosen variant, all in one go or none. */
export const salePriceBodySchema = z
  .object({
    productId: z.string({ error: salePriceMsg.product }).trim().min(1, salePriceMsg.product).max(200, salePriceMsg.product),
    variantIds: z
      .array(idSchema(salePriceMsg.variants), { error: salePriceMsg.variants })
      .min(1, salePriceMsg.variants)
      .max(MAX_SALE_VARIANTS, salePriceMsg.variants),
    /** The sale price in euros, the same for every chosen variant... */
    price: euros(salePriceMsg.price).optional(),
    /** ...or a whole percentage off each variant's regular price (domain/sale-prices percentOffCents). */
    percent: z
      .number({ error: salePriceMsg.percent })
      .int(salePriceMsg.percent)
      .min(1, salePriceMsg.percent)
      .max(MAX_SALE_PERCENT, salePriceMsg.percent)
      .optional(),
    /** The crossed-out price during the sale: absent = each variant's regular price; null = none. */
    oldPrice: euros(salePriceMsg.oldPrice).nullable().optional(),
    startsAt: momentSchema(salePriceMsg.startsAt),
    endsAt: momentSchema(salePriceMsg.endsAt),
  })
  .superRefine((b, ctx) => {
    // Runs even after a field's own refusal: only whole values are compared.
    if (!(b.startsAt instanceof Date) || !(b.endsAt instanceof Date) || !Array.isArray(b.variantIds)) return;
    if ((b.price === undefined) === (b.percent === undefined))
      ctx.addIssue({ code: 'custom', path: ['price'], message: salePriceMsg.priceOrPercent });
    if (new Set(b.variantIds).size !== b.variantIds.length)
      ctx.addIssue({ code: 'custom', path: ['variantIds'], message: salePriceMsg.variantTwice });
    if (b.endsAt.getTime() <= b.startsAt.getTime())
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: salePriceMsg.endBeforeStart });
    else if (b.endsAt.getTime() - b.startsAt.getTime() > 366 * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: salePriceMsg.tooLong });
  });
export type SalePriceBody = z.output<typeof salePriceBodySchema>;
export type SalePriceInput = z.input<typeof salePriceBodySchema>;

export const salePriceScheduleSchema = z.object({
  id: z.number(),
  productId: z.string(),
  productName: z.string(),
  variantId: z.number(),
  variantTitle: z.string(),
  sku: z.string(),
  /** The sale price and the crossed-out price during it, euros. */
  price: z.number(),
  oldPrice: z.number().nullable(),
  /** The price and old price before the sale: null until it starts. */
  regularPrice: z.number().nullable(),
  regularOldPrice: z.number().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(saleStates),
  outcome: z.enum(saleOutcomes).nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type SalePriceSchedule = z.infer<typeof salePriceScheduleSchema>;

export const salePriceListSchema = z.array(salePriceScheduleSchema);

/** GET /api/admin/sale-prices?productId=: one product's schedules, or (without it) the latest of all. */
export const salePriceQuerySchema = z.object({
  productId: z.string({ error: salePriceMsg.productId }).trim().min(1, salePriceMsg.productId).max(200, salePriceMsg.productId).optional(),
});

export const salePriceCreatedSchema = z.object({ msg: z.string(), schedules: salePriceListSchema });
export const salePriceCancelledSchema = z.object({ msg: z.string(), schedule: salePriceScheduleSchema });
