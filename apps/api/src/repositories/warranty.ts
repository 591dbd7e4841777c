import { and, desc, eq, sql } from 'drizzle-orm';
import { toCents, toEuros } from '@shop/shared/domain/money';
import type { WarrantyStatus } from '@shop/shared/domain/warranty';
import type { WarrantySheet } from '@shop/shared/schemas/warranty';
import type { z } from 'zod';
import type { warrantyBodySchema } from '@shop/shared/schemas/warranty';
import type { DbOrTx } from '../db/client';
import { warrantySheets } from '../db/schema';

type Row = typeof warrantySheets.$inferSelect;
export type WarrantyRow = Row;
export type WarrantyValues = z.output<typeof warrantyBodySchema>;

export function toSheet(row: Row): WarrantySheet {
  return {
    id: row.id,
    emri: row.emri,
    mbiemri: row.mbiemri,
    telefoni: row.telefoni,
    email: row.email,
    marka: row.marka,
    modeli: row.modeli,
    imei: row.imei,
    softInfo: row.softInfo,
    kohezgjatja: row.kohezgjatja,
    cmimi: row.cmimiCents === null ? null : toEuros(row.cmimiCents),
    data: row.data,
    komente: row.komente,
    llojiPageses: row.llojiPageses,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

function columns(v: WarrantyValues) {
  return {
    emri: v.emri,
    mbiemri: v.mbiemri,
    telefoni: v.telefoni,
    email: v.email,
    marka: v.marka,
    modeli: v.modeli,
    imei: v.imei,
    softInfo: v.softInfo,
    kohezgjatja: v.kohezgjatja,
    cmimiCents: v.cmimi === null ? null : toCents(v.cmimi),
    komente: v.komente,
    llojiPageses: v.llojiPageses,
    status: v.status,
  };
}

/** Newest first. */
export function listSheets(db: DbOrTx): Promise<Row[]> {
  return db.select().from(warrantySheets).orderBy(desc(warrantySheets.createdAt), desc(warrantySheets.id));
}

export async function findSheet(db: DbOrTx, id: number, opts: { lock?: boolean } = {}): Promise<Row | undefined> {
  const query = db.select().from(warrantySheets).where(eq(warrantySheets.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

export async function insertSheet(db: DbOrTx, v: WarrantyValues, data: string, createdBy: number): Promise<Row> {
  const [row] = await db
    .insert(warrantySheets)
    .values({ ...columns(v), data, createdBy })
    .returning();
  return row!;
}

const draft: WarrantyStatus = 'draft';

/** Updates a sheet only while it is a draft; undefined when there is no such draft. */
export async function updateDraft(db: DbOrTx, id: number, v: WarrantyValues, data: string): Promise<Row | undefined> {
  const [row] = await db
    .update(warrantySheets)
    .set({ ...columns(v), data, updatedAt: sql`now()` })
    .where(and(eq(warrantySheets.id, id), eq(warrantySheets.status, draft)))
    .returning();
  return row;
}

/** Deletes a sheet; its row as it was, or undefined when there is none. */
export async function deleteSheet(db: DbOrTx, id: number): Promise<Row | undefined> {
  const [row] = await db.delete(warrantySheets).where(eq(warrantySheets.id, id)).returning();
  return row;
}

/** Touches the table, so the health check fails when the warranty store is out of reach. */
export async function pingSheets(db: DbOrTx): Promise<void> {
  await db.select({ id: warrantySheets.id }).from(warrantySheets).limit(1);
}
