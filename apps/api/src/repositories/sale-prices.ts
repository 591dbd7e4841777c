import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { SaleOutcome, SaleState } from '@shop/shared/domain/sale-prices';
import type { DbOrTx } from '../db/client';
import { products, productVariants, salePriceSchedules } from '../db/schema';
import { productIdMatches, variantTitleSql } from './products';

/** Scheduled sale prices (decision 050): SQL only. */

export type ScheduleRow = typeof salePriceSchedules.$inferSelect;

/** A product locked as an owner's edit locks it (FOR NO KEY UPDATE: orders holding it FOR SHARE finish first). */
export async function lockProductForSale(tx: DbOrTx, id: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await tx.select({ id: products.id, name: products.name }).from(products).where(productIdMatches(id)).for('no key update');
  return row;
}

/** Several products locked as lockProductForSale does, in the order orders lock them (products.id), so neither waits in a circle. */
export async function lockProductsForSale(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]))
    .orderBy(asc(products.id))
    .for('no key update');
}

export interface SaleVariant {
  id: number;
  sku: string;
  title: string;
  priceCents: number;
  oldPriceCents: number | null;
}

/** The product's variants among `ids` (others are not answered). */
export async function variantsOfProduct(tx: DbOrTx, productId: string, ids: readonly number[]): Promise<SaleVariant[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      title: variantTitleSql(sql`"product_variants"."id"`),
      priceCents: productVariants.priceCents,
      oldPriceCents: productVariants.oldPriceCents,
    })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), inArray(productVariants.id, [...ids])));
}

/** The planned and active schedules of these variants. */
export async function openSchedulesOf(tx: DbOrTx, variantIds: readonly number[]): Promise<ScheduleRow[]> {
  if (variantIds.length === 0) return [];
  return tx
    .select()
    .from(salePriceSchedules)
    .where(and(inArray(salePriceSchedules.variantId, [...variantIds]), inArray(salePriceSchedules.state, ['planned', 'active'])));
}

export async function insertSchedules(tx: DbOrTx, rows: (typeof salePriceSchedules.$inferInsert)[]): Promise<ScheduleRow[]> {
  return tx.insert(salePriceSchedules).values(rows).returning();
}

/** A schedule as the list shows it: with its product's name and its variant's SKU and title. */
export type ListedSchedule = ScheduleRow & { productName: string; sku: string; variantTitle: string };

const listedColumns = {
  schedule: salePriceSchedules,
  productName: products.name,
  sku: productVariants.sku,
  variantTitle: variantTitleSql(salePriceSchedules.variantId),
};

/** One product's schedules, or without one the latest `limit` of all; the newest start first. */
export async function listSchedules(db: DbOrTx, productId: string | null, limit: number): Promise<ListedSchedule[]> {
  const rows = await db
    .select(listedColumns)
    .from(salePriceSchedules)
    .innerJoin(products, eq(products.id, salePriceSchedules.productId))
    .innerJoin(productVariants, eq(productVariants.id, salePriceSchedules.variantId))
    .where(productId === null ? undefined : productIdMatches(productId))
    .orderBy(desc(salePriceSchedules.startsAt), asc(productVariants.position), desc(salePriceSchedules.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.schedule, productName: r.productName, sku: r.sku, variantTitle: r.variantTitle }));
}

/** Schedules by id, as the list shows them. */
export async function schedulesByIds(db: DbOrTx, ids: readonly number[]): Promise<ListedSchedule[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(listedColumns)
    .from(salePriceSchedules)
    .innerJoin(products, eq(products.id, salePriceSchedules.productId))
    .innerJoin(productVariants, eq(productVariants.id, salePriceSchedules.variantId))
    .where(inArray(salePriceSchedules.id, [...ids]))
    .orderBy(asc(productVariants.position), asc(salePriceSchedules.id));
  return rows.map((r) => ({ ...r.schedule, productName: r.productName, sku: r.sku, variantTitle: r.variantTitle }));
}

/** One schedule, locked for a change (a cancel waits for the job's move of it and the other way round). */
export async function lockSchedule(tx: DbOrTx, id: number): Promise<ScheduleRow | undefined> {
  const [row] = await tx.select().from(salePriceSchedules).where(eq(salePriceSchedules.id, id)).for('update');
  return row;
}

/**
 * Claims up to `limit` schedules due at `now`: planned ones whose start has come and active ones
 * whose end has come, the earliest first. FOR UPDATE SKIP LOCKED: another instance's run skips the
 * rows this one holds, so each move is made once.
 */
export async function claimDueSchedules(tx: DbOrTx, now: Date, limit: number): Promise<ScheduleRow[]> {
  return (
    tx
      .select()
      .from(salePriceSchedules)
      .where(
        or(
          and(eq(salePriceSchedules.state, 'planned'), lte(salePriceSchedules.startsAt, now)),
          and(eq(salePriceSchedules.state, 'active'), lte(salePriceSchedules.endsAt, now)),
        ),
      )
      // By the moment due; at the same moment an end before a start (one sale hands over to the next).
      .orderBy(
        sql`case when ${salePriceSchedules.state} = 'planned' then ${salePriceSchedules.startsAt} else ${salePriceSchedules.endsAt} end`,
        sql`case when ${salePriceSchedules.state} = 'active' then 0 else 1 end`,
        asc(salePriceSchedules.id),
      )
      .limit(limit)
      .for('update', { skipLocked: true })
  );
}

/** A variant's price and old price now (its product locked by the caller). */
export async function variantPrice(
  tx: DbOrTx,
  variantId: number,
): Promise<{ priceCents: number; oldPriceCents: number | null } | undefined> {
  const [row] = await tx
    .select({ priceCents: productVariants.priceCents, oldPriceCents: productVariants.oldPriceCents })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row;
}

/**
 * Sets a variant's price and old price, the columns an owner's edit writes: the triggers of 0012
 * (the default variant's price to the product, products_changed) and 0022 (product_facets) follow.
 */
export async function setVariantPrice(tx: DbOrTx, variantId: number, priceCents: number, oldPriceCents: number | null): Promise<void> {
  await tx
    .update(productVariants)
    .set({ priceCents, oldPriceCents, updatedAt: sql`now()` })
    .where(eq(productVariants.id, variantId));
}

export async function markStarted(
  tx: DbOrTx,
  id: number,
  regular: { priceCents: number; oldPriceCents: number | null },
  at: Date,
): Promise<void> {
  await tx
    .update(salePriceSchedules)
    .set({ state: 'active', regularPriceCents: regular.priceCents, regularOldPriceCents: regular.oldPriceCents, startedAt: at })
    .where(eq(salePriceSchedules.id, id));
}

export async function markFinished(
  tx: DbOrTx,
  id: number,
  state: Extract<SaleState, 'ended' | 'cancelled'>,
  outcome: SaleOutcome | null,
  at: Date,
): Promise<void> {
  await tx.update(salePriceSchedules).set({ state, outcome, finishedAt: at }).where(eq(salePriceSchedules.id, id));
}
