import { and, asc, desc, eq, gte, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { isOpenRepair, normaliseTicketCode, repairStatuses, type RepairStatus } from '@shop/shared/domain/repairs';
import type { DbOrTx } from '../db/client';
import { repairHistory, repairTickets } from '../db/schema';

export type RepairRow = typeof repairTickets.$inferSelect;
export type RepairInsert = typeof repairTickets.$inferInsert;
export type RepairHistoryRow = typeof repairHistory.$inferSelect;

/** Inserts a ticket; undefined when its code is taken already (the caller draws another). */
export async function insertRepair(db: DbOrTx, values: RepairInsert): Promise<RepairRow | undefined> {
  const [row] = await db.insert(repairTickets).values(values).onConflictDoNothing({ target: repairTickets.code }).returning();
  return row;
}

export interface RepairHistoryInput {
  ticketId: number;
  from: RepairStatus | null;
  to: RepairStatus;
  actorType: 'staff' | 'customer';
  actorId: number | null;
  actorEmail: string | null;
  note: string;
  customerNote: string;
  /** The estimate sent, the amount approved or the final price of the step; null (or absent) for the others. */
  amountCents?: number | null;
}

/** Records one status a ticket entered (the intake when `from` is null). */
export async function insertRepairHistory(db: DbOrTx, e: RepairHistoryInput): Promise<void> {
  await db.insert(repairHistory).values({
    ticketId: e.ticketId,
    fromStatus: e.from,
    toStatus: e.to,
    actorType: e.actorType,
    actorId: e.actorId,
    actorEmail: e.actorEmail,
    note: e.note,
    customerNote: e.customerNote,
    amountCents: e.amountCents ?? null,
  });
}

/** A ticket's history, oldest first. */
export function loadRepairHistory(db: DbOrTx, ticketId: number): Promise<RepairHistoryRow[]> {
  return db.select().from(repairHistory).where(eq(repairHistory.ticketId, ticketId)).orderBy(asc(repairHistory.id));
}

export async function findRepair(db: DbOrTx, id: number): Promise<RepairRow | undefined> {
  const [row] = await db.select().from(repairTickets).where(eq(repairTickets.id, id));
  return row;
}

export async function findRepairByCode(db: DbOrTx, code: string): Promise<RepairRow | undefined> {
  const [row] = await db.select().from(repairTickets).where(eq(repairTickets.code, code));
  return row;
}

/** Locks a ticket's row until the end of the transaction (two moves at once take turns). */
export async function lockRepair(tx: DbOrTx, id: number): Promise<RepairRow | undefined> {
  const [row] = await tx.select().from(repairTickets).where(eq(repairTickets.id, id)).for('update');
  return row;
}

/** Changes a ticket's columns (and its updated_at); the row after the change. */
export async function updateRepair(tx: DbOrTx, id: number, set: Partial<RepairInsert>): Promise<RepairRow> {
  const [row] = await tx
    .update(repairTickets)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(repairTickets.id, id))
    .returning();
  return row!;
}

/** `%text%` for LIKE, with the wildcards of the text itself taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A phone's digits without the country code or the leading 0 ('+383 44 123 456' and '044 123 456' are both '44123456'). */
const phoneDigitsSql = sql`regexp_replace(regexp_replace(${repairTickets.customerPhone}, '[^0-9]', '', 'g'), '^(00383|383|0+)', '')`;

/**
 * The staff search: the ticket code (as the tracking page reads it: any case, with or without
 * 'R-'), the customer's name, the phone (digits, without country code or leading 0) or the IMEI
 * (its digits, anywhere in it). Undefined: no search.
 */
function searchCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim() ?? '';
  if (text === '') return undefined;
  const conditions: SQL[] = [
    sql`${repairTickets.customerName} ilike ${containsPattern(text)}`,
    sql`${repairTickets.code} ilike ${containsPattern(text.toUpperCase())}`,
  ];
  const code = normaliseTicketCode(text);
  if (code) conditions.push(eq(repairTickets.code, code));
  if (/^[\d\s+()./-]+$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits.length >= 4) {
      conditions.push(sql`${repairTickets.imei} like ${`%${digits}%`}`);
      const phone = digits.replace(/^(00383|383|0+)/, '');
      if (phone.length >= 4) conditions.push(sql`${phoneDigitsSql} like ${`%${phone}%`}`);
    }
  }
  return sql`(${sql.join(conditions, sql` or `)})`;
}

export interface RepairSearch {
  status?: RepairStatus;
  open?: boolean;
  q?: string;
  warrantySheetId?: number;
  limit: number;
  offset: number;
}

const openStatuses = repairStatuses.filter(isOpenRepair);
const closedStatuses = repairStatuses.filter((s) => !isOpenRepair(s));

/**
 * One page of the tickets that match, newest first, with the number of all that match in one
 * query (`count(*) over ()`), and how many match the search (and sheet) in each status.
 */
export async function searchRepairRows(
  db: DbOrTx,
  f: RepairSearch,
): Promise<{ rows: RepairRow[]; total: number; counts: Record<RepairStatus, number> }> {
  const base = and(
    searchCondition(f.q),
    f.warrantySheetId === undefined ? undefined : eq(repairTickets.warrantySheetId, f.warrantySheetId),
  );
  const where = and(
    base,
    f.status === undefined ? undefined : eq(repairTickets.status, f.status),
    f.open === undefined ? undefined : inArray(repairTickets.status, f.open ? openStatuses : closedStatuses),
  );
  const [found, perStatus] = await Promise.all([
    db
      .select({ row: repairTickets, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(repairTickets)
      .where(where)
      .orderBy(desc(repairTickets.createdAt), desc(repairTickets.id))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ status: repairTickets.status, n: sql<number>`count(*)`.mapWith(Number) })
      .from(repairTickets)
      .where(base)
      .groupBy(repairTickets.status),
  ]);
  const counts = Object.fromEntries(repairStatuses.map((s) => [s, 0])) as Record<RepairStatus, number>;
  for (const r of perStatus) counts[r.status] = r.n;
  let total: number;
  if (found.length > 0) total = found[0]!.total;
  else if (f.offset === 0) total = 0;
  else {
    // Past the last page no row carries the total: count apart.
    const [n] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(repairTickets)
      .where(where);
    total = n?.n ?? 0;
  }
  return { rows: found.map((r) => r.row), total, counts };
}

/**
 * The dashboard's repair figures: open tickets per status, and the average days from intake to
 * handing over of the tickets delivered since `deliveredSince`.
 */
export async function loadRepairFigures(
  db: DbOrTx,
  deliveredSince: Date,
): Promise<{ perStatus: { status: RepairStatus; n: number }[]; averageDays: number | null }> {
  const delivered: RepairStatus = 'delivered';
  const [perStatus, [average]] = await Promise.all([
    db
      .select({ status: repairTickets.status, n: sql<number>`count(*)`.mapWith(Number) })
      .from(repairTickets)
      .where(inArray(repairTickets.status, openStatuses))
      .groupBy(repairTickets.status),
    db
      .select({
        days: sql<string | null>`avg(extract(epoch from (${repairTickets.closedAt} - ${repairTickets.createdAt})) / 86400)::text`,
      })
      .from(repairTickets)
      .where(and(eq(repairTickets.status, delivered), isNotNull(repairTickets.closedAt), gte(repairTickets.closedAt, deliveredSince))),
  ]);
  return { perStatus, averageDays: average?.days == null ? null : Number(average.days) };
}
