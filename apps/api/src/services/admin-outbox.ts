import { outboxPageSize } from '@shop/shared/domain/mail';
import { mailMsg } from '@shop/shared/messages-mail';
import type { OutboxMail, OutboxPage, OutboxQuery } from '@shop/shared/schemas/outbox';
import type { Db } from '../db/client';
import { findMail, listMails, retryFailedMail, type OutboxRow } from '../repositories/mail-outbox';
import { recordAudit, type AuditActor } from './audit';
import { Conflict, NotFound } from './errors';

/**
 * A mail as staff see it: a mail that carries a secret (a reset or verification link) shows its
 * staff copy, the link masked; the live link is only in the body that is sent (decision 026).
 */
function toOutboxMail(row: OutboxRow): OutboxMail {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    text: row.staffText ?? row.textBody,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/**
 * The admin's 'E-mailet' list: newest first, 20 a page, optionally of one status. Reading it is
 * recorded in 'Historiku' ('outbox.read', the ids of the mails shown), in the read's transaction.
 */
export async function listOutbox(db: Db, actor: AuditActor, query: OutboxQuery, smtpConfigured: boolean): Promise<OutboxPage> {
  const page = query.page ?? 1;
  return db.transaction(async (tx) => {
    const { rows, total } = await listMails(tx, {
      status: query.status,
      limit: outboxPageSize,
      offset: (page - 1) * outboxPageSize,
    });
    const ids = rows.map((r) => r.id);
    await recordAudit(tx, actor, {
      kind: 'outbox.read',
      targetType: 'mail',
      targetId: ids.length ? ids.join(',') : '-',
      before: null,
      after: { page, status: query.status ?? null, mails: ids },
    });
    return { items: rows.map(toOutboxMail), total, page, pageSize: outboxPageSize, smtpConfigured };
  });
}

/**
 * 'Provo përsëri': a failed mail becomes pending and due now, with a fresh count of attempts.
 * Only a failed one (a pending one is already on its way, a sent one went out): else Conflict.
 * The answer shows the mail, so it is recorded as a read of it ('outbox.read').
 */
export async function retryOutboxMail(db: Db, actor: AuditActor, id: number): Promise<OutboxMail> {
  return db.transaction(async (tx) => {
    const row = await retryFailedMail(tx, id);
    if (!row) throw (await findMail(tx, id)) ? new Conflict(mailMsg.retryOnlyFailed) : new NotFound(mailMsg.mailNotFound);
    await recordAudit(tx, actor, { kind: 'outbox.read', targetType: 'mail', targetId: row.id, before: null, after: { mails: [row.id] } });
    return toOutboxMail(row);
  });
}
