import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MailKind, MailStatus } from '@shop/shared/domain/mail';
import type { DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A rendered e-mail as the outbox keeps it. */
export interface OutgoingMail {
  /** What caused it, for the admin's list. */
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The staff copy (the secret link masked) of a mail that carries a secret; absent otherwise. */
  staffText?: string;
  staffHtml?: string;
}

/** Writes a pending mail; called inside the transaction of the change that causes it. */
export async function insertMail(db: DbOrTx, mail: OutgoingMail): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      staffText: mail.staffText ?? null,
      staffHtml: mail.staffHtml ?? null,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * Claims up to `limit` due mails for this instance, oldest due first, in one statement: the rows
 * are locked with FOR UPDATE SKIP LOCKED (another instance claiming at the same moment skips them
 * and takes others), and their next attempt is pushed `leaseMs` ahead with attempts+1, so once
 * this statement commits no other instance sees them as due while they are being sent. A sender
 * that dies mid-send leaves them to be tried again when the lease ends.
 */
export async function claimDueMails(db: DbOrTx, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const res = await db.execute(sql`
    with due as (
      select id from mail_outbox
      where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    update mail_outbox m
    set attempts = m.attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
    from due
    where m.id = due.id
    returning m.id`);
  const ids = (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids)).orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id));
}

/** The mail went out: sent, with the time. Only a pending mail moves (a retry race cannot undo it). */
export async function markMailSent(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/** The attempt failed but another will come: after `delayMs`, keeping the error for the admin. */
export async function markMailRetry(db: DbOrTx, id: number, delayMs: number, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`, lastError: error })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/** A claimed mail this instance will not send after all (it is stopping): due again now, the attempt not counted. */
export async function releaseMail(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)`, nextAttemptAt: sql`now()` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/** No more attempts: failed, with the last error. The admin can try again. */
export async function markMailFailed(db: DbOrTx, id: number, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'failed', lastError: error })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/** One page of the outbox, newest first, optionally of one status, with the count of all that match. */
export async function listMails(
  db: DbOrTx,
  opts: { status?: MailStatus; limit: number; offset: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  const where = opts.status ? eq(mailOutbox.status, opts.status) : undefined;
  const rows = await db
    .select({ mail: mailOutbox, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(opts.limit)
    .offset(opts.offset);
  if (rows.length > 0) return { rows: rows.map((r) => r.mail), total: rows[0]!.total };
  // A page past the end: count on its own.
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(mailOutbox)
    .where(where);
  return { rows: [], total: c?.n ?? 0 };
}

export async function findMail(db: DbOrTx, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

/**
 * A failed mail goes back to pending, due now, with a fresh count of attempts; the row as it is
 * now, or undefined when it was not failed (so a mail being sent is never sent twice).
 */
export async function retryFailedMail(db: DbOrTx, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
    .returning();
  return row;
}

/**
 * The outbox's backlog for /metrics: mails waiting (pending, due or not) and given up (failed),
 * and the age in seconds of the oldest waiting one (0 when none). Sent mails are not counted, so
 * the index on (status, next_attempt_at) keeps it cheap however many have gone out.
 */
export async function outboxBacklog(db: DbOrTx): Promise<{ pending: number; failed: number; oldestPendingSeconds: number }> {
  const res = await db.execute(sql`
    select
      count(*) filter (where status = 'pending')::int as pending,
      count(*) filter (where status = 'failed')::int as failed,
      coalesce(extract(epoch from now() - min(created_at) filter (where status = 'pending')), 0)::float8 as oldest
    from mail_outbox
    where status in ('pending', 'failed')`);
  const row = (res as unknown as { rows: { pending: number; failed: number; oldest: number }[] }).rows[0];
  return { pending: Number(row?.pending ?? 0), failed: Number(row?.failed ?? 0), oldestPendingSeconds: Number(row?.oldest ?? 0) };
}
