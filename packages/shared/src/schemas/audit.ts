import { z } from '../zod-sq';
import { auditKinds } from '../domain/audit';
import { auditMsg } from '../messages-audit';

/** Entries per page of 'Historiku'. */
export const AUDIT_PAGE_SIZE = 20;

/** A positive integer written in digits only ("01", "1e3", "0x1", " 1" are refused), at most `max`. */
const digits = (message: string, max: number) =>
  z
    .string({ error: message })
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .pipe(z.number().int(message).min(1, message).max(max, message));

/** GET /api/admin/audit?page=&actor=&kind= : every part optional; unknown keys are ignored. */
export const auditQuerySchema = z.object({
  page: digits(auditMsg.badPage, 1_000_000).optional(),
  actor: digits(auditMsg.badActor, 2_147_483_647).optional(),
  kind: z.enum(auditKinds, { error: auditMsg.badKind }).optional(),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** Recorded fields of the record before and after the action (null: it did not exist). */
const valuesSchema = z.record(z.string(), z.unknown()).nullable();

export const auditActorSchema = z.object({
  /** Null once the admin's account is deleted; the e-mail stays. */
  id: z.number().int().nullable(),
  email: z.string(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO time of the action. */
  at: z.string(),
  actor: auditActorSchema,
  kind: z.string(),
  kindLabel: z.string().optional(),
  targetType: z.string(),
  targetId: z.string(),
  before: valuesSchema,
  after: valuesSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The admins who appear in the log, for the filter. */
  actors: z.array(z.object({ id: z.number().int(), email: z.string() })),
  /** Every kind with its label, for the filter. */
  kinds: z.array(z.object({ kind: z.string(), label: z.string() })),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
