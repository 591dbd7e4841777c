import type { DbOrTx } from '../db/client';
import { insertMail, type OutgoingMail } from '../repositories/mail-outbox';

export type { OutgoingMail };

/**
 * Queues an e-mail in the outbox. Pass the transaction of the change that causes the mail, so
 * the mail exists exactly when the change does; the sender (mail/sender.ts) delivers it later.
 */
export async function queueMail(db: DbOrTx, mail: OutgoingMail): Promise<void> {
  await insertMail(db, mail);
}
