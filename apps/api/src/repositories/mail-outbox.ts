import type { DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A rendered e-mail as the outbox keeps it. */
export interface OutgoingMail {
  /** What caused it ('verify-email', 'reset-password', 'order-placed', ...), for the admin's list. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Writes a pending mail; called inside the transaction of the change that causes it. */
export async function insertMail(db: DbOrTx, mail: OutgoingMail): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ kind: mail.kind, toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
