import type { Database } from '../db/client';

export type Readiness = { ready: true } | { ready: false; reason: 'database' | 'migrations'; pending?: string[] };

/**
 * Whether this instance can take traffic (GET /api/ready): the database answers and has every
 * committed migration (an instance started against a database an older version migrated, or a
 * restore of an older backup before its first start, is not ready).
 */
export async function checkReadiness(database: Pick<Database, 'ping' | 'pendingMigrations'>): Promise<Readiness> {
  try {
    await database.ping();
  } catch {
    return { ready: false, reason: 'database' };
  }
  let pending: string[];
  try {
    pending = await database.pendingMigrations();
  } catch {
    return { ready: false, reason: 'database' };
  }
  return pending.length === 0 ? { ready: true } : { ready: false, reason: 'migrations', pending };
}
