import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;

export interface NewAuditRow {
  actorId: number | null;
  actorEmail: string;
  kind: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Writes one entry; called inside the transaction of the change it records. */
export async function insertAuditRow(db: DbOrTx, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

export interface AuditFilter {
  actorId?: number;
  kind?: string;
}

function where(f: AuditFilter): SQL | undefined {
  return and(
    f.actorId === undefined ? undefined : eq(auditLog.actorId, f.actorId),
    f.kind === undefined ? undefined : eq(auditLog.kind, f.kind),
  );
}

/**
 * One page of entries, newest first, and the number of all entries that match, in one query
 * (`count(*) over ()`). Past the last page there is no row to carry the count: then it is counted apart.
 */
export async function listAuditRows(
  db: DbOrTx,
  f: AuditFilter,
  limit: number,
  offset: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const found = await db
    .select({ entry: auditLog, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(auditLog)
    .where(where(f))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  if (found.length > 0) return { rows: found.map((r) => r.entry), total: found[0]!.total };
  if (offset === 0) return { rows: [], total: 0 };
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditLog)
    .where(where(f));
  return { rows: [], total: counted?.n ?? 0 };
}

/** The admins who appear in the log (with the e-mail of their latest entry), by e-mail. */
export async function listAuditActors(db: DbOrTx): Promise<{ id: number; email: string }[]> {
  const rows = await db
    .selectDistinctOn([auditLog.actorId], { id: auditLog.actorId, email: auditLog.actorEmail })
    .from(auditLog)
    .where(isNotNull(auditLog.actorId))
    .orderBy(asc(auditLog.actorId), desc(auditLog.createdAt), desc(auditLog.id));
  return rows.map((r) => ({ id: r.id!, email: r.email })).sort((a, b) => a.email.localeCompare(b.email) || a.id - b.id);
}
