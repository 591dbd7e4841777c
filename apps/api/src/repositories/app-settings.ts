import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { appSettings } from '../db/schema';

/** The stored text of a setting, or null when it was never written. */
export async function readSetting(db: DbOrTx, key: string, opts: { lock?: boolean } = {}): Promise<string | null> {
  const q = db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row?.value ?? null;
}

/** Writes a setting, replacing what was there. */
export async function writeSetting(db: DbOrTx, key: string, value: string): Promise<void> {
  await db.insert(appSettings).values({ key, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
}
