import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { userTokens, type userTokenPurposes } from '../db/schema';
import type { OutgoingMail } from './mail-outbox';

export type UserTokenPurpose = (typeof userTokenPurposes)[number];

/** Stores a single-use link token (only its hash). */
export async function insertUserToken(
  db: DbOrTx,
  t: { userId: number; purpose: UserTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(userTokens).values(t);
}

/** The user of an unused, unexpired token, without using it; undefined otherwise. */
export async function findUsableToken(db: DbOrTx, purpose: UserTokenPurpose, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        sql`${userTokens.expiresAt} > now()`,
      ),
    );
  return row?.userId;
}

/**
 * Uses a token: marks it used if it is unused and unexpired, in one statement, so two requests
 * with the same token cannot both succeed. Returns its user, or undefined.
 */
export async function consumeUserToken(db: DbOrTx, purpose: UserTokenPurpose, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        sql`${userTokens.expiresAt} > now()`,
      ),
    )
    .returning({ userId: userTokens.userId });
  return row?.userId;
}

/** Marks a user's unused tokens of a purpose (or of every purpose) used, so older links stop working. */
export async function invalidateUserTokens(db: DbOrTx, userId: number, purpose?: UserTokenPurpose): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userTokens.userId, userId), isNull(userTokens.usedAt), purpose ? eq(userTokens.purpose, purpose) : undefined));
}

/** Removes used tokens and expired ones older than a day; returns how many. */
export async function pruneUserTokens(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(userTokens)
    .where(or(lt(userTokens.usedAt, sql`now() - interval '1 day'`), lt(userTokens.expiresAt, sql`now() - interval '1 day'`)))
    .returning({ id: userTokens.id });
  return rows.length;
}

/** The first key of the advisory locks of 'Forgot password' (the second is the address's hash). */
const RESET_LOCK_CLASS = 24_004;

/**
 * Starts a 'Forgot password' transaction the same way for every address (issue 24 finding 12):
 * a transaction-scoped advisory lock on the normalised address, so two requests for it take turns
 * (whether or not it has an account), and a transaction id, so every such transaction commits
 * alike (a transaction that wrote nothing would otherwise commit without flushing the WAL, and
 * answer faster than one that stored a link).
 */
export async function lockResetRequests(db: DbOrTx, email: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(${RESET_LOCK_CLASS}::int, hashtext(lower(${email.trim()}))), pg_current_xact_id()::text as xid`,
  );
}

/**
 * 'Forgot password' in one statement that does the same work whether or not a mail goes out
 * (issue 24 findings 4 and 12): when `userId` names an active account with no reset link made in
 * the last `quietMs`, it stores the link's hash, queues the mail (with its staff copy) and records
 * 'password.reset-request' in 'Historiku'; otherwise (no such account, blocked, a link made a
 * moment ago) it inserts nothing. Older links are left as they are. Call it in the transaction that
 * took the address's lock (lockResetRequests), so two requests at once cannot both send. Returns
 * whether a mail was queued.
 */
export async function insertResetLinkIfDue(
  db: DbOrTx,
  r: {
    userId: number | null;
    tokenHash: string;
    expiresAt: Date;
    quietMs: number;
    mail: OutgoingMail;
    /** What 'Historiku' keeps of the request (the client's IP). */
    audit: Record<string, unknown>;
  },
): Promise<boolean> {
  const { mail } = r;
  const res = await db.execute(sql`
    with due as (
      select u.id, u.email from users u
      where u.id = ${r.userId}::int and not u.blocked
        and not exists (
          select 1 from user_tokens t
          where t.user_id = u.id and t.purpose = 'reset-password'
            and t.created_at > now() - make_interval(secs => ${r.quietMs / 1000})
        )
    ), token as (
      insert into user_tokens (user_id, purpose, token_hash, expires_at)
      select id, 'reset-password', ${r.tokenHash}, ${r.expiresAt.toISOString()}::timestamptz from due
      returning user_id
    ), mail as (
      insert into mail_outbox (kind, to_address, subject, text_body, html_body, staff_text, staff_html)
      select ${mail.kind}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html}, ${mail.staffText ?? null}, ${mail.staffHtml ?? null} from token
      returning id
    ), audit as (
      insert into audit_log (actor_id, actor_email, kind, target_type, target_id, before, after)
      select due.id, due.email, 'password.reset-request', 'user', due.id::text, null, ${JSON.stringify(r.audit)}::jsonb
      from due join token on token.user_id = due.id
      returning id
    )
    select (select count(*) from token)::int as sent, (select count(*) from mail)::int as mails, (select count(*) from audit)::int as audited`);
  const row = (res as unknown as { rows: { sent: number }[] }).rows[0];
  return Number(row?.sent ?? 0) > 0;
}
