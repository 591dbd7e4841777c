/** What belongs to no single domain: settings, the newsletter, the mail outbox and the audit log. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf, createdAt } from './columns';
import { users } from './accounts';

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_email_lower_idx').on(sql`lower(${t.email})`),
    // The export takes a range of days (decision 021).
    index('newsletter_created_idx').on(t.createdAt, t.id),
  ],
);

/** Small key/value store: the generated JWT secret, the seed version. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const mailStatuses = ['pending', 'sent', 'failed'] as const;

/**
 * The mail outbox: every e-mail is a row written in the transaction of the change that causes it;
 * the sender delivers pending rows (with retries and backoff) and marks them sent or failed.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /**
     * What staff see in 'E-mailet' when the mail carries a secret (a reset or verification link):
     * the same mail with the link masked. Null when the mail carries none (issue 24).
     */
    staffText: text('staff_text'),
    staffHtml: text('staff_html'),
    status: text('status', { enum: mailStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_idx').on(t.createdAt),
    check('mail_outbox_status_check', oneOf(t.status, mailStatuses)),
  ],
);

/** What admins did: who, when, which kind of action on what, and the record before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept in clear so the entry still says who after the admin's account is deleted. */
    actorEmail: text('actor_email').notNull(),
    kind: text('kind').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_kind_idx').on(t.kind, t.createdAt),
  ],
);
