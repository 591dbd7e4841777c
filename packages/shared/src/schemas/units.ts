/**
 * Phones as units (issue 28, decision 040): receiving stock by IMEI ('Pranim malli'), the staff's
 * list of a variant's units, and the IMEIs staff pick for an order's lines. Albanian messages.
 */
import { z } from '../zod-sq';
import { isWholeCents } from '../domain/money';
import { imeiProblem, MAX_UNITS_PER_RECEIPT, normalizeImei, unitStatuses } from '../domain/units';

export const unitMsg = {
  variant: 'Zgjidhni produktin dhe variantin.',
  imeis: `Shkruani 1 deri në ${MAX_UNITS_PER_RECEIPT} IMEI, një për rresht.`,
  imeiAt: (row: number, problem: string) => `Rreshti ${row}: ${problem}`,
  imeiTwice: (row: number, first: number) => `Rreshti ${row}: ky IMEI është shkruar edhe në rreshtin ${first}.`,
  supplier: 'Furnitori duhet të ketë 1 deri në 120 shenja.',
  purchasePrice: 'Çmimi i blerjes duhet të jetë një numër nga 0 me të shumtën 2 shifra dhjetore.',
  status: 'Statusi i njësisë nuk njihet.',
  search: 'Kërkimi duhet të ketë me të shumtën 20 shenja.',
  variantNotFound: 'Varianti nuk u gjet.',
  imeiTaken: (imeis: readonly string[]) =>
    imeis.length === 1 ? `IMEI ${imeis[0]} është tashmë në sistem.` : `Këto IMEI janë tashmë në sistem: ${imeis.join(', ')}.`,
  received: (n: number) => (n === 1 ? 'U pranua 1 njësi.' : `U pranuan ${n} njësi.`),
  lines: 'IMEI-të e porosisë duhet të jenë një listë rreshtash me IMEI.',
  lineUnknown: (line: number) => `Rreshti ${line} nuk është i kësaj porosie.`,
  lineNotSerialized: (name: string) => `“${name}” nuk ndiqet me IMEI.`,
  lineNeeds: (name: string, n: number) =>
    n === 1 ? `Zgjidhni IMEI-në e njësisë për “${name}”.` : `Zgjidhni IMEI-të e ${n} njësive për “${name}”.`,
  lineTooMany: (name: string, n: number) => `“${name}” ka nevojë vetëm për ${n} IMEI.`,
  unitNotInStock: (imei: string, name: string) => `IMEI ${imei} nuk është në stok për “${name}”.`,
  imeiTwiceInOrder: (imei: string) => `IMEI ${imei} është zgjedhur dy herë.`,
} as const;

/** One IMEI as typed or scanned: spaces and dashes dropped, then the domain's rule. */
export const imeiSchema = z
  .string({ error: unitMsg.imeis })
  .max(40, unitMsg.imeis)
  .transform(normalizeImei)
  .superRefine((v, ctx) => {
    const problem = imeiProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const variantIdSchema = z
  .number({ error: unitMsg.variant })
  .int(unitMsg.variant)
  .min(1, unitMsg.variant)
  .max(2_147_483_647, unitMsg.variant);

/** POST /api/admin/units/receive: all the IMEIs of one variant, received together or not at all. */
export const receiveUnitsBodySchema = z
  .object({
    variantId: variantIdSchema,
    imeis: z
      .array(z.string({ error: unitMsg.imeis }).max(40, unitMsg.imeis), { error: unitMsg.imeis })
      .min(1, unitMsg.imeis)
      .max(MAX_UNITS_PER_RECEIPT, unitMsg.imeis),
    supplier: z
      .string({ error: unitMsg.supplier })
      .trim()
      .max(120, unitMsg.supplier)
      .transform((s) => (s === '' ? null : s))
      .nullable()
      .optional(),
    purchasePrice: z
      .number({ error: unitMsg.purchasePrice })
      .finite(unitMsg.purchasePrice)
      .min(0, unitMsg.purchasePrice)
      .max(1_000_000, unitMsg.purchasePrice)
      .refine(isWholeCents, { message: unitMsg.purchasePrice })
      .nullable()
      .optional(),
  })
  .transform((body, ctx) => {
    const imeis: string[] = [];
    const firstAt = new Map<string, number>();
    body.imeis.forEach((raw, i) => {
      const imei = normalizeImei(raw);
      const problem = imeiProblem(imei);
      if (problem) {
        ctx.addIssue({ code: 'custom', path: ['imeis', i], message: unitMsg.imeiAt(i + 1, problem) });
        return;
      }
      const first = firstAt.get(imei);
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['imeis', i], message: unitMsg.imeiTwice(i + 1, first) });
      else firstAt.set(imei, i + 1);
      imeis.push(imei);
    });
    return { variantId: body.variantId, imeis, supplier: body.supplier ?? null, purchasePrice: body.purchasePrice ?? null };
  });
export type ReceiveUnitsBody = z.output<typeof receiveUnitsBodySchema>;

export const unitStatusSchema = z.enum(unitStatuses, { error: unitMsg.status });

export const unitSchema = z.object({
  id: z.number(),
  imei: z.string(),
  variantId: z.number(),
  status: unitStatusSchema,
  supplier: z.string().nullable(),
  purchasePrice: z.number().nullable(),
  receivedAt: z.string(),
  receivedBy: z.string().nullable(),
  /** The online order it went to, when it did. */
  orderId: z.number().nullable(),
});
export type StockUnit = z.infer<typeof unitSchema>;

export const receiveUnitsResultSchema = z.object({
  msg: z.string(),
  received: z.array(unitSchema),
  /** The variant's stock after the receipt. */
  stock: z.number(),
});
export type ReceiveUnitsResult = z.infer<typeof receiveUnitsResultSchema>;

/** GET /api/admin/units: one variant's units, by status, searched by IMEI digits. */
export const unitListQuerySchema = z.object({
  variantId: z.coerce.number({ error: unitMsg.variant }).int(unitMsg.variant).min(1, unitMsg.variant).max(2_147_483_647, unitMsg.variant),
  status: unitStatusSchema.optional(),
  q: z
    .string({ error: unitMsg.search })
    .trim()
    .max(20, unitMsg.search)
    .transform((s) => s.replace(/[^0-9]/g, ''))
    .optional(),
});
export type UnitListQuery = z.output<typeof unitListQuerySchema>;

export const unitListSchema = z.object({
  variantId: z.number(),
  serialized: z.boolean(),
  stock: z.number().nullable(),
  units: z.array(unitSchema),
  /** Units of the variant per status. */
  counts: z.record(z.string(), z.number()),
});
export type UnitList = z.infer<typeof unitListSchema>;

/** The IMEIs staff pick for an order's serialized lines when they confirm or hand it over. */
export const orderLineUnitsSchema = z
  .array(
    z.object({
      line: z.number({ error: unitMsg.lines }).int(unitMsg.lines).min(1, unitMsg.lines).max(2_147_483_647, unitMsg.lines),
      imeis: z.array(imeiSchema, { error: unitMsg.lines }).min(1, unitMsg.lines).max(400, unitMsg.lines),
    }),
    { error: unitMsg.lines },
  )
  .max(400, unitMsg.lines);
export type OrderLineUnits = z.output<typeof orderLineUnitsSchema>;
