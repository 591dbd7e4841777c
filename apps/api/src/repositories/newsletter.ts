import type { DbOrTx } from '../db/client';
import { newsletterSubscriptions } from '../db/schema';

/**
 * Stores an address once: a repeat (in any letter case) is not an error and adds no row.
 * Returns whether a new row was written.
 */
export async function subscribe(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db
    .insert(newsletterSubscriptions)
    .values({ email })
    // The only unique key besides the id is the index on lower(email).
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}
