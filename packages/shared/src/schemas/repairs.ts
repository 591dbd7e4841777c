import { z } from '../zod-sq';
import { repairMessages as m } from '../messages-repairs';
import { isWholeCents } from '../domain/money';
import { hasHiddenCharacters } from '../domain/names';
import { isCatalogueModel, isValidPhone, isWarrantyBrand } from '../domain/warranty';
import {
  isRepairImei,
  normaliseTicketCode,
  repairAccessories,
  repairConditions,
  repairLimits as L,
  repairStatuses,
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
 * POST /api/admin/repairs: a new ticket. The device is a brand and model of the warranty catalogue;
 * `userId` links a registered customer; `warrantySheetId` opens it as a claim on a printed sheet
 * (a warranty repair priced at zero while the sheet's period runs).
 */
export const repairCreateBodySchema = repairEditableFieldsSchema
  .extend({
    userId: z.number({ error: m.customer }).int(m.customer).positive(m.customer).max(2_147_483_647, m.customer).nullable().default(null),
    brand: z.string({ error: m.device }).trim().max(50, m.device),
    model: z.string({ error: m.device }).trim().max(100, m.device),
    imei: z
      .string({ error: m.imei })
      .trim()
      .max(20, m.imei)
      .refine((i) => isRepairImei(i), { message: m.imei }),
    warrantySheetId: z.number({ error: m.sheet }).int(m.sheet).positive(m.sheet).max(2_147_483_647, m.sheet).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (!isWarrantyBrand(v.brand)) ctx.addIssue({ code: 'custom', message: m.device, path: ['brand'], input: v.brand });
    else if (!isCatalogueModel(v.brand, v.model)) ctx.addIssue({ code: 'custom', message: m.device, path: ['model'], input: v.model });
    depositWithinEstimate(v, ctx);
  });
export type RepairCreateBody = z.input<typeof repairCreateBodySchema>;

/** PATCH /api/admin/repairs/{id}: any of the editable fields of an open ticket ('pin': '' removes it). */
export const repairUpdateBodySchema = z
  .object(editableFields)
  .partial()
  .superRefine((v, ctx) => depositWithinEstimate(v, ctx));
export type RepairUpdateBody = z.input<typeof repairUpdateBodySchema>;

/** POST /api/admin/repairs/{id}/status: a move with an internal note and, optionally, words for the customer. */
export const repairMoveBodySchema = z.object({
  status: repairStatusSchema,
  /** For staff only (the tracking page never shows it). */
  note: z.string({ error: m.note }).trim().max(L.note, m.note).default(''),
  /** Shown to the customer on the tracking page and in the mail. */
  customerNote: z.string({ error: m.note }).trim().max(L.note, m.note).default(''),
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
  deposit: z.number(),
  warrantySheetId: z.number().nullable(),
  history: z.array(repairHistoryEntrySchema),
  /** The statuses staff may move it to now (domain/repairs nextRepairStatuses). */
  nextStatuses: z.array(repairStatusSchema),
  /** The tracking link the receipt's QR code holds. */
  trackingUrl: z.string(),
});
export type RepairDetail = z.infer<typeof repairDetailSchema>;

/** GET /api/admin/repairs/{id}/pin: the PIN, for the technician (each read is in the audit log). */
export const repairPinSchema = z.object({ pin: z.string().nullable() });

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

/** POST /api/repairs/track/answer: the same proof and the customer's answer to the estimate. */
export const repairAnswerBodySchema = repairTrackBodySchema.extend({ approve: z.boolean({ error: m.status }) });
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
  history: z.array(z.object({ status: repairStatusSchema, at: z.string(), customerNote: z.string() })),
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
