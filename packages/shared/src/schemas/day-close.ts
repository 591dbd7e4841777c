/**
 * Closing the day 'Mbyllja e ditës' and returns of online orders (issue 28, decision 051): the
 * requests staff send and the answers. Albanian messages.
 */
import { z } from '../zod-sq';
import { isWholeCents } from '../domain/money';
import { isCalendarDay } from '../domain/admin-lists';
import { counterPaymentMethods } from '../domain/counter';
import { counterTills, dayCloseMethods } from '../domain/day-close';
import { imeiProblem, normalizeImei } from '../domain/units';
import { warrantySheetSchema } from './warranty';

export const dayCloseMsg = {
  till: `Zgjidhni arkën: ${counterTills.join(', ')}.`,
  day: 'Zgjidhni një datë të vlefshme (VVVV-MM-DD).',
  counted: 'Shkruani paratë e numëruara në arkë: një shumë nga 0 me të shumtën 2 shifra dhjetore.',
  openingFloat: 'Fondi fillestar duhet të jetë një shumë nga 0 me të shumtën 2 shifra dhjetore.',
  note: 'Shënimi mund të ketë deri në 300 shenja.',
  closeId: 'Mbyllja nuk u gjet.',
  // From the service.
  future: 'Nuk mund të mbyllet një ditë që nuk ka ardhur ende.',
  alreadyClosed: (till: string, day: string) => `Dita ${day} është mbyllur tashmë për ${till}. Raporti nuk ndryshohet.`,
  tillClosed: 'Dita është mbyllur për këtë arkë.',
  closed: (till: string, day: string) => `Dita ${day} u mbyll për ${till}.`,
  // Returns of online orders.
  orderNotFound: 'Porosia nuk u gjet.',
  notDelivered: 'Kthehen vetëm porositë e dorëzuara.',
  returnLines: 'Zgjidhni rreshtat që kthehen dhe sasinë e secilit.',
  returnLineUnknown: (line: number) => `Rreshti ${line} nuk është i kësaj porosie.`,
  returnImeis: (name: string, n: number) => `Zgjidhni ${n} IMEI të telefonave që kthehen për “${name}”.`,
  returnImeiUnknown: (imei: string) => `IMEI ${imei} nuk është i kësaj porosie ose është kthyer tashmë.`,
  returnTooMany: (name: string, left: number) =>
    left === 0 ? `“${name}” është kthyer tashmë i tëri.` : `Nga “${name}” mund të kthehen më së shumti ${left}.`,
  returnLate: 'Kanë kaluar më shumë se 14 ditë nga dorëzimi: kthimi kërkon miratimin e pronarit me arsye.',
  returned: (id: number, refund: string) => `Kthimi #${id} u regjistrua. Kthehen ${refund}.`,
} as const;

export const tillSchema = z.enum(counterTills, { error: dayCloseMsg.till });
const daySchema = z.string({ error: dayCloseMsg.day }).refine(isCalendarDay, { message: dayCloseMsg.day });
const money = (msg: string) => z.number({ error: msg }).finite(msg).min(0, msg).max(1_000_000, msg).refine(isWholeCents, { message: msg });

/** GET /api/admin/day-close?till=&day= : the report of a till's day (closed or not yet). */
export const dayCloseQuerySchema = z.object({ till: tillSchema, day: daySchema });

/** POST /api/admin/day-close */
export const dayCloseBodySchema = z.object({
  till: tillSchema,
  day: daySchema,
  openingFloat: money(dayCloseMsg.openingFloat).optional(),
  countedCash: money(dayCloseMsg.counted),
  note: z
    .string({ error: dayCloseMsg.note })
    .trim()
    .max(300, dayCloseMsg.note)
    .refine((s) => !/\p{Cc}/u.test(s), { message: dayCloseMsg.note })
    .optional(),
});
export type DayCloseBody = z.output<typeof dayCloseBodySchema>;

export const dayCloseParamsSchema = z.object({
  id: z.coerce
    .number({ error: dayCloseMsg.closeId })
    .int(dayCloseMsg.closeId)
    .min(1, dayCloseMsg.closeId)
    .max(2_147_483_647, dayCloseMsg.closeId),
});

const methodRow = z.object({ method: z.enum(dayCloseMethods), sales: z.number(), refunds: z.number(), net: z.number() });

/** The figures of a till's day, in euros. */
export const dayCloseFiguresSchema = z.object({
  salesCount: z.number(),
  returnsCount: z.number(),
  byMethod: z.array(methodRow),
  sales: z.number(),
  refunds: z.number(),
  net: z.number(),
  codCash: z.number(),
  codOrders: z.number(),
  openingFloat: z.number(),
  expectedCash: z.number(),
  countedCash: z.number().nullable(),
  difference: z.number().nullable(),
});
export type DayCloseFiguresView = z.infer<typeof dayCloseFiguresSchema>;

export const dayCloseSchema = z.object({
  id: z.number(),
  till: z.string(),
  day: z.string(),
  figures: dayCloseFiguresSchema,
  note: z.string().nullable(),
  closedBy: z.string().nullable(),
  closedAt: z.string(),
});
export type DayClose = z.infer<typeof dayCloseSchema>;

/** The report of a till's day: its close when closed, else the figures so far. */
export const dayCloseReportSchema = z.object({
  till: z.string(),
  day: z.string(),
  today: z.string(),
  closed: dayCloseSchema.nullable(),
  figures: dayCloseFiguresSchema,
});
export type DayCloseReport = z.infer<typeof dayCloseReportSchema>;

export const dayCloseCreatedSchema = z.object({ msg: z.string(), close: dayCloseSchema });
export type DayCloseCreated = z.infer<typeof dayCloseCreatedSchema>;

export const dayCloseListSchema = z.object({ closes: z.array(dayCloseSchema) });
export type DayCloseList = z.infer<typeof dayCloseListSchema>;

/** POST /api/admin/orders/:id/returns: lines of a delivered online order come back. */
export const orderReturnBodySchema = z.object({
  lines: z
    .array(
      z.object({
        itemId: z
          .number({ error: dayCloseMsg.returnLines })
          .int(dayCloseMsg.returnLines)
          .min(1, dayCloseMsg.returnLines)
          .max(2_147_483_647, dayCloseMsg.returnLines),
        quantity: z
          .number({ error: dayCloseMsg.returnLines })
          .int(dayCloseMsg.returnLines)
          .min(1, dayCloseMsg.returnLines)
          .max(99, dayCloseMsg.returnLines),
        /** A phone line's units that come back (as many as the quantity). */
        imeis: z
          .array(
            z
              .string({ error: dayCloseMsg.returnLines })
              .max(40, dayCloseMsg.returnLines)
              .transform(normalizeImei)
              .superRefine((v, ctx) => {
                const problem = imeiProblem(v);
                if (problem) ctx.addIssue({ code: 'custom', message: problem });
              }),
            { error: dayCloseMsg.returnLines },
          )
          .max(99, dayCloseMsg.returnLines)
          .optional(),
      }),
      { error: dayCloseMsg.returnLines },
    )
    .min(1, dayCloseMsg.returnLines)
    .max(50, dayCloseMsg.returnLines)
    .refine((ls) => new Set(ls.map((l) => l.itemId)).size === ls.length, { message: dayCloseMsg.returnLines }),
  restock: z.boolean({ error: 'Zgjidhni nëse produkti kthehet në stok apo jo (i dëmtuar).' }),
  refundMethod: z.enum(counterPaymentMethods, { error: 'Zgjidhni si kthehen paratë: Cash, POS ose Transfer Bankar.' }),
  /** The till the refund is paid from (default the main till). */
  till: tillSchema.optional(),
  reason: z
    .string({ error: 'Shkruani arsyen e kthimit (3 deri në 300 shenja).' })
    .trim()
    .min(3, 'Shkruani arsyen e kthimit (3 deri në 300 shenja).')
    .max(300, 'Shkruani arsyen e kthimit (3 deri në 300 shenja).')
    .refine((s) => !/\p{Cc}/u.test(s), { message: 'Shkruani arsyen e kthimit (3 deri në 300 shenja).' }),
  overrideReason: z
    .string({ error: 'Arsyeja e pronarit duhet të ketë 5 deri në 300 shenja.' })
    .trim()
    .min(5, 'Arsyeja e pronarit duhet të ketë 5 deri në 300 shenja.')
    .max(300, 'Arsyeja e pronarit duhet të ketë 5 deri në 300 shenja.')
    .refine((s) => !/\p{Cc}/u.test(s), { message: 'Arsyeja e pronarit duhet të ketë 5 deri në 300 shenja.' })
    .optional(),
});
export type OrderReturnBody = z.output<typeof orderReturnBodySchema>;

export const orderReturnSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  by: z.string().nullable(),
  lines: z.array(z.object({ itemId: z.number(), quantity: z.number(), imeis: z.array(z.string()) })),
  restock: z.boolean(),
  refundMethod: z.enum(counterPaymentMethods),
  refund: z.number(),
  till: z.string(),
  reason: z.string(),
  overrideReason: z.string().nullable(),
});

/** What the order page's 'Kthim' needs: the lines with what is left to return, the returns, the sheets. */
export const orderAfterSaleSchema = z.object({
  orderId: z.number(),
  deliveredAt: z.string().nullable(),
  lines: z.array(
    z.object({
      itemId: z.number(),
      name: z.string(),
      variantTitle: z.string(),
      quantity: z.number(),
      returned: z.number(),
      unitPrice: z.number(),
      imeis: z.array(z.object({ imei: z.string(), returned: z.boolean() })),
    }),
  ),
  returns: z.array(orderReturnSchema),
  /** The warranty sheets made on delivery (decision 044), one per unit. */
  sheets: z.array(z.object({ itemId: z.number(), voided: z.boolean(), sheet: warrantySheetSchema })),
});
export type OrderAfterSale = z.infer<typeof orderAfterSaleSchema>;

export const orderReturnCreatedSchema = z.object({ msg: z.string(), afterSale: orderAfterSaleSchema });
export type OrderReturnCreated = z.infer<typeof orderReturnCreatedSchema>;

/** GET /api/admin/repairs/:id/sale: the sale of the ticket's IMEI, its sheet and whether the warranty still runs. */
export const repairSaleSchema = z.object({
  sale: z
    .object({
      kind: z.enum(['counter', 'order']),
      id: z.number(),
      receiptNo: z.string().nullable(),
      date: z.string(),
      customer: z.string().nullable(),
      price: z.number(),
      sheetId: z.number().nullable(),
      /** YYYY-MM-DD, the warranty's last day (null without a sheet). */
      warrantyUntil: z.string().nullable(),
      inWarranty: z.boolean(),
    })
    .nullable(),
});
export type RepairSale = z.infer<typeof repairSaleSchema>;
