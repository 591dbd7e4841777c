import { z } from '../zod-sq';
import { repairMessages as m } from '../messages-repairs';
import { isWholeCents } from '../domain/money';
import { hasHiddenCharacters } from '../domain/names';
import { isValidPhone } from '../domain/warranty';
import { isPatternLock, isRepairBrand, PATTERN_MAX_INPUT } from '../domain/repair-devices';
import {
  isHandover,
  isRepairImei,
  movesWithEstimate,
  normaliseTicketCode,
  repairAccessories,
  repairConditions,
  repairLimits as L,
  repairPaymentTypes,
  repairStatuses,
  REPAIR_WARRANTY_MAX_MONTHS,
} from '../domain/repairs';

/**
 * The repair counter's contract (issue 16): what staff send to open, edit and move a ticket, what
 * the customer sends on the tracking page, and what the API answers. The API validates with these
 * and the forms show the first message under its field. Unknown fields are ignored, as everywhere
 * (decision 011).
 */

const emailCheck = z.email();

export const repairStatusSchema = z.enum(repairStatuses, { error: m.status });

/** A sum in euros: 0 to 10 000, whole cents; null when not known yet. */
const amountSchema = z
  .number({ error: m.amount })
  .finite(m.amount)
  .min(0, m.amount)
  .max(L.maxAmount, m.amount)
  .refine(isWholeCents, { message: m.amount });

/**
 * The fields staff may change while a ticket is open, without defaults: a PATCH changes only the
 * fields it names (a default there would wipe the PIN, the estimate or the e-mail of every edit).
 */
const editableFields = {
  customerName: z
    .string({ error: m.name })
    .trim()
    .min(1, m.name)
    .max(L.name, m.name)
    .refine((n) => !hasHiddenCharacters(n), { message: m.nameChars }),
  customerPhone: z
    .string({ error: m.phone })
    .trim()
    .max(L.phone, m.phone)
    .refine((p) => isValidPhone(p), { message: m.phone }),
  customerEmail: z
    .string({ error: m.email })
    .trim()
    .max(L.email, m.email)
    .refine((e) => e === '' || emailCheck.safeParse(e).success, { message: m.email }),
  colour: z.string({ error: m.colour }).trim().max(L.colour, m.colour),
  fault: z.string({ error: m.fault }).trim().min(1, m.fault).max(L.fault, m.fault),
  conditions: z
    .array(z.enum(repairConditions, { error: m.condition }), { error: m.condition })
    .max(repairConditions.length, m.condition)
    .refine((a) => new Set(a).size === a.length, { message: m.condition }),
  conditionNotes: z.string({ error: m.fault }).trim().max(L.conditionNotes, m.fault),
  accessories: z
    .array(z.enum(repairAccessories, { error: m.accessory }), { error: m.accessory })
    .max(repairAccessories.length, m.accessory)
    .refine((a) => new Set(a).size === a.length, { message: m.accessory }),
  /** The device's unlock PIN: stored encrypted, never listed, deleted when the ticket closes (decision 018). */
  pin: z.string({ error: m.pin }).max(L.pin, m.pin),
  /** The pattern lock's dots in order ('1-4-7-8-9'): sealed, masked and dropped like the PIN (issue 26). */
  pattern: z
    .string({ error: m.pattern })
    .max(PATTERN_MAX_INPUT, m.pattern)
    .refine((p) => isPatternLock(p), { message: m.pattern }),
  estimate: amountSchema.nullable(),
  deposit: amountSchema,
  technician: z.string({ error: m.technician }).trim().max(L.technician, m.technician),
};

/** The editable fields at intake (POST), with the defaults of the optional ones. */
export const repairEditableFieldsSchema = z.object({
  ...editableFields,
  customerEmail: editableFields.customerEmail.default(''),
  colour: editableFields.colour.default(''),
  conditions: editableFields.conditions.default([]),
  conditionNotes: editableFields.conditionNotes.default(''),
  accessories: editableFields.accessories.default([]),
  pin: editableFields.pin.default(''),
  pattern: editableFields.pattern.default(''),
  estimate: editableFields.estimate.default(null),
  deposit: editableFields.deposit.default(0),
  technician: editableFields.technician.default(''),
});

const depositWithinEstimate = (v: { estimate?: number | null; deposit?: number }, ctx: z.RefinementCtx) => {
  if (v.estimate != null && v.deposit != null && v.deposit > v.estimate) {
    ctx.addIssue({ code: 'custom', message: m.depositAboveEstimate, path: ['deposit'], input: v.deposit });
  }
};

/**
 * POST /api/admin/repairs: a new ticket. The device is a brand of the repair counter's list
 * (domain/repair-devices, 'Tjetër' for any other) and a model (suggested per brand, or typed);
 * `userId` links a registered customer; `warrantySheetId` opens it as a claim on a printed sheet
 * (a warranty repair priced at zero while the sheet's period runs).
 */
export const repairCreateBodySchema = repairEditableFieldsSchema
  .extend({
    userId: z.number({ error: m.customer }).int(m.customer).positive(m.customer).max(2_147_483_647, m.customer).nullable().default(null),
    brand: z.string({ error: m.device }).trim().max(50, m.device),
    model: z
      .string({ error: m.model })
      .trim()
      .min(1, m.model)
      .max(100, m.model)
      .refine((n) => !hasHiddenCharacters(n), { message: m.model }),
    imei: z
      .string({ error: m.imei })
      .trim()
      .max(20, m.imei)
      .refine((i) => isRepairImei(i), { message: m.imei }),
    warrantySheetId: z.number({ error: m.sheet }).int(m.sheet).positive(m.sheet).max(2_147_483_647, m.sheet).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (!isRepairBrand(v.brand)) ctx.addIssue({ code: 'custom', message: m.device, path: ['brand'], input: v.brand });
    depositWithinEstimate(v, ctx);
  });
export type RepairCreateBody = z.input<typeof repairCreateBodySchema>;

/** PATCH /api/admin/repairs/{id}: any of the editable fields of an open ticket ('pin': '' removes it). */
export const repairUpdateBodySchema = z
  .object(editableFields)
  .partial()
  .superRefine((v, ctx) => depositWithinEstimate(v, ctx));
export type RepairUpdateBody = z.input<typeof repairUpdateBodySchema>;

/**
 * POST /api/admin/repairs/{id}/status: a move with an internal note and, optionally, words for the
 * customer. Sending the estimate for approval names the amount the customer will approve
 * (`estimate`); handing the device over ('delivered') records the final price, the payment and the
 * repair's own warranty (issue 26). The fields of another move are ignored.
 */
export const repairMoveBodySchema = z
  .object({
    status: repairStatusSchema,
    /** For staff only (the tracking page never shows it). */
    note: z.string({ error: m.note }).trim().max(L.note, m.note).default(''),
    /** Shown to the customer on the tracking page and in the mail. */
    customerNote: z.string({ error: m.note }).trim().max(L.note, m.note).default(''),
    /** 'awaiting-approval': the estimate sent to the customer, in euros. */
    estimate: amountSchema.optional(),
    /** 'delivered': the price of the repair, in euros, before the deposit is taken off. */
    finalPrice: z
      .number({ error: m.finalPrice })
      .finite(m.finalPrice)
      .min(0, m.finalPrice)
      .max(L.maxAmount, m.finalPrice)
      .refine(isWholeCents, { message: m.finalPrice })
      .optional(),
    payment: z.enum(repairPaymentTypes, { error: m.payment }).optional(),
    /** 0 for none, else 1 to 24 months from the day of hand-over. */
    warrantyMonths: z
      .number({ error: m.repairWarranty })
      .int(m.repairWarranty)
      .min(0, m.repairWarranty)
      .max(REPAIR_WARRANTY_MAX_MONTHS, m.repairWarranty)
      .optional(),
    /** What the warranty covers ('ekranin e ndërruar'). */
    warrantyNote: z.string({ error: m.warrantyNote }).trim().max(L.warrantyNote, m.warrantyNote).default(''),
  })
  .superRefine((v, ctx) => {
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', message, path: [path], input: undefined });
    };
    if (movesWithEstimate(v.status)) need(v.estimate !== undefined, 'estimate', m.needsEstimate);
    if (isHandover(v.status)) {
      need(v.finalPrice !== undefined, 'finalPrice', m.finalPrice);
      need(v.payment !== undefined, 'payment', m.payment);
      need(v.warrantyMonths !== undefined, 'warrantyMonths', m.repairWarranty);
    }
  });
export type RepairMoveBody = z.input<typeof repairMoveBodySchema>;

/** GET /api/admin/repairs: search (code, name, phone, IMEI), status filter, warranty sheet, page. */
export const repairSearchQuerySchema = z.object({
  status: repairStatusSchema.optional(),
  /** Only the open tickets (not delivered, cancelled or unrepaired). */
  open: z.enum(['true', 'false'], { error: m.status }).optional(),
  q: z.string().trim().max(100).optional(),
  warrantySheetId: z.coerce.number({ error: m.sheet }).int(m.sheet).positive(m.sheet).max(2_147_483_647, m.sheet).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type RepairSearchQuery = z.input<typeof repairSearchQuerySchema>;

/** One entry of a ticket's history, as staff see it. */
export const repairHistoryEntrySchema = z.object({
  status: repairStatusSchema,
  /** Null for the intake. */
  from: repairStatusSchema.nullable(),
  at: z.string(),
  /** 'staff' or 'customer' (an answer to the estimate on the tracking page). */
  by: z.enum(['staff', 'customer']),
  /** The staff member's e-mail; null for the customer. */
  actor: z.string().nullable(),
  note: z.string(),
  customerNote: z.string(),
  /**
   * The amount the step named, in euros: the estimate sent for approval, the amount the customer
   * approved, the final price at hand-over; null for the other steps (issue 26).
   */
  amount: z.number().nullable(),
});
export type RepairHistoryEntry = z.infer<typeof repairHistoryEntrySchema>;

/** A ticket in the staff list: never the PIN. */
export const repairListItemSchema = z.object({
  id: z.number(),
  code: z.string(),
  status: repairStatusSchema,
  customerName: z.string(),
  customerPhone: z.string(),
  brand: z.string(),
  model: z.string(),
  imei: z.string(),
  estimate: z.number().nullable(),
  warranty: z.boolean(),
  technician: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RepairListItem = z.infer<typeof repairListItemSchema>;

export const repairPageSchema = z.object({
  repairs: z.array(repairListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Tickets per status matching the search (for the filter's counts). */
  counts: z.record(repairStatusSchema, z.number()),
});
export type RepairPage = z.infer<typeof repairPageSchema>;

/** GET /api/admin/repairs/{id}: everything the detail page and the receipt show; the PIN only as "is there one". */
export const repairDetailSchema = repairListItemSchema.extend({
  customerEmail: z.string(),
  userId: z.number().nullable(),
  colour: z.string(),
  fault: z.string(),
  conditions: z.array(z.enum(repairConditions)),
  conditionNotes: z.string(),
  accessories: z.array(z.enum(repairAccessories)),
  hasPin: z.boolean(),
  hasPattern: z.boolean(),
  deposit: z.number(),
  /** What was recorded when the device was handed back; null before. */
  handover: z
    .object({
      finalPrice: z.number(),
      deposit: z.number(),
      /** The final price less the deposit: paid at pickup (negative: given back). */
      due: z.number(),
      payment: z.enum(repairPaymentTypes),
      warrantyMonths: z.number(),
      warrantyNote: z.string(),
      /** YYYY-MM-DD, the shop's day of hand-over. */
      handedOverOn: z.string(),
      /** YYYY-MM-DD; null without a warranty. */
      warrantyUntil: z.string().nullable(),
    })
    .nullable(),
  warrantySheetId: z.number().nullable(),
  history: z.array(repairHistoryEntrySchema),
  /** The statuses staff may move it to now (domain/repairs nextRepairStatuses). */
  nextStatuses: z.array(repairStatusSchema),
  /** The tracking link the receipt's QR code holds. */
  trackingUrl: z.string(),
});
export type RepairDetail = z.infer<typeof repairDetailSchema>;

/** GET /api/admin/repairs/{id}/pin: the PIN, for the technician (each read is in the audit log). */
export const repairPinSchema = z.object({
  pin: z.string().nullable(),
  /** The pattern lock's dots in order ('14789'), null when none was left. */
  pattern: z.string().nullable(),
});

/** POST /api/repairs/track: the code and a proof (the IMEI's last 4 digits or the phone). */
export const repairTrackBodySchema = z.object({
  code: z
    .string({ error: m.trackBadCode })
    .max(40, m.trackBadCode)
    .transform((c, ctx) => {
      const code = normaliseTicketCode(c);
      if (code === null) {
        ctx.addIssue({ code: 'custom', message: m.trackBadCode });
        return z.NEVER;
      }
      return code;
    }),
  proof: z
    .string({ error: m.trackBadProof })
    .trim()
    .min(4, m.trackBadProof)
    .max(30, m.trackBadProof)
    .regex(/^\+?[\d\s()./-]+$/, m.trackBadProof),
});
export type RepairTrackBody = z.input<typeof repairTrackBodySchema>;

/**
 * POST /api/repairs/track/answer: the same proof and the customer's answer to the estimate. An
 * approval names the amount the customer saw (`amount`, euros); it is refused when the estimate has
 * changed since (issue 26).
 */
export const repairAnswerBodySchema = repairTrackBodySchema
  .extend({ approve: z.boolean({ error: m.status }), amount: amountSchema.optional() })
  .superRefine((v, ctx) => {
    if (v.approve && v.amount === undefined) ctx.addIssue({ code: 'custom', message: m.answerAmount, path: ['amount'], input: undefined });
  });
export type RepairAnswerBody = z.input<typeof repairAnswerBodySchema>;

/** What the tracking page shows: the status, the public history, the estimate; nothing else. */
export const repairTrackingSchema = z.object({
  code: z.string(),
  status: repairStatusSchema,
  /** 'Apple iPhone 13' */
  device: z.string(),
  estimate: z.number().nullable(),
  warranty: z.boolean(),
  /** An estimate waits for the customer's answer. */
  canAnswer: z.boolean(),
  history: z.array(
    z.object({
      status: repairStatusSchema,
      at: z.string(),
      customerNote: z.string(),
      /** The estimate asked, the amount approved or the final price of that step (euros); null otherwise. */
      amount: z.number().nullable(),
    }),
  ),
});
export type RepairTracking = z.infer<typeof repairTrackingSchema>;

/** The dashboard's repair figures. */
export const repairStatsSchema = z.object({
  /** Open tickets per status (only open statuses). */
  openByStatus: z.partialRecord(repairStatusSchema, z.number()),
  open: z.number(),
  readyForPickup: z.number(),
  /** Average days from intake to handing over, over the tickets delivered in the last 90 days; null when none. */
  averageDaysInRepair: z.number().nullable(),
});
export type RepairStats = z.infer<typeof repairStatsSchema>;
