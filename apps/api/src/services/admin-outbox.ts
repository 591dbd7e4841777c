import { outboxPageSize } from '@shop/shared/domain/mail';
import { mailMsg } from '@shop/shared/messages-mail';
import type { OutboxMail, OutboxPage, OutboxQuery } from '@shop/shared/schemas/outbox';
import type { DbOrTx } from '../db/client';
import { findMail, listMails, retryFailedMail, type OutboxRow } from '../repositories/mail-outbox';
import { Conflict, NotFound } from './errors';

function toOutboxMail(row: OutboxRow): OutboxMail {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/** The admin's 'E-mailet' list: newest first, 20 a page, optionally of one status. */
export async function listOutbox(db: DbOrTx, query: OutboxQuery, smtpConfigured: boolean): Promise<OutboxPage> {
  const page = query.page ?? 1;
  const { rows, total } = await listMails(db, {
    status: query.status,
    limit: outboxPageSize,
    offset: (page - 1) * outboxPageSize,
  });
  return { items: rows.map(toOutboxMail), total, page, pageSize: outboxPageSize, smtpConfigured };
}

/**
 * 'Provo përsëri': a failed mail becomes pending and due now, with a fresh count of attempts.
 * Only a failed one (a pending one is already on its way, a sent one went out): else Conflict.
 */
export async function retryOutboxMail(db: DbOrTx, id: number): Promise<OutboxMail> {
  const row = await retryFailedMail(db, id);
  if (row) return toOutboxMail(row);
  throw (await findMail(db, id)) ? new Conflict(mailMsg.retryOnlyFailed) : new NotFound(mailMsg.mailNotFound);
}
