import { z } from '../zod-sq';
import { mailMsg } from '../messages-mail';
import { mailStatuses } from '../domain/mail';

/** GET /api/admin/outbox?page=&status= : page from 1 (default 1), status optional ('' = all). */
export const outboxQuerySchema = z.object({
  page: z
    .string({ error: mailMsg.badPage })
    .regex(/^\d{1,6}$/, mailMsg.badPage)
    .transform(Number)
    .pipe(z.number().int(mailMsg.badPage).min(1, mailMsg.badPage))
    .optional(),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(mailStatuses, { error: mailMsg.badStatus }).optional()),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

/** One mail of the outbox as the admin sees it, with its text (to copy a link by hand). */
export const outboxMailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxPageSchema = z.object({
  items: z.array(outboxMailSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** False when SMTP_URL is not set: nothing is sent and mails stay pending. */
  smtpConfigured: z.boolean(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const outboxRetrySchema = z.object({ msg: z.string(), mail: outboxMailSchema });
export type OutboxRetry = z.infer<typeof outboxRetrySchema>;
