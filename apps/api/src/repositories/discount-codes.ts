/** Discount codes (issue 29, decision 049): data access only. A code's uses are the orders naming it, not cancelled. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { productIdKey } from '@shop/shared/domain/catalogue';
import type { DbOrTx } from '../db/client';
import { discountCodes, orders, products, productVariants, users } from '../db/schema';
import { isUniqueViolation } from '../db/pg-errors';
import { productIdKeySql } from './products';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type NewDiscountCode = typeof discountCodes.$inferInsert;

/** The code's row, locked until the end of the transaction (two orders using its last use take turns). */
export async function lockDiscountCode(tx: DbOrTx, code: string): Promise<DiscountCodeRow | undefined> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.code, code)).for('update');
  return row;
}

export async function findDiscountCode(db: DbOrTx, code: string): Promise<DiscountCodeRow | undefined> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
  return row;
}

export async function lockDiscountCodeById(tx: DbOrTx, id: number): Promise<DiscountCodeRow | undefined> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
  return row;
}

/** Who a use is counted for: the account, and the e-mail and phone a guest ordered with. */
export interface UseCustomer {
  userId: number | null;
  email: string | null;
  phone: string | null;
}

/** The code's uses, all and the customer's (orders not cancelled), in one statement. */
export async function countDiscountUses(
  tx: DbOrTx,
  codeId: number,
  customer: UseCustomer | null,
): Promise<{ all: number; customer: number }> {
  const mine = customer
    ? sql`(${customer.userId === null ? sql`false` : sql`${orders.userId} = ${customer.userId}`}
        or ${customer.email === null ? sql`false` : sql`lower(${orders.guestEmail}) = lower(${customer.email})`}
        or ${customer.phone === null ? sql`false` : sql`${orders.guestPhone} = ${customer.phone}`})`
    : sql`false`;
  const [row] = await tx
    .select({ all: sql<number>`count(*)::int`, customer: sql<number>`(count(*) filter (where ${mine}))::int` })
    .from(orders)
    .where(and(eq(orders.discountCodeId, codeId), sql`${orders.status} <> 'cancelled'`));
  return { all: row?.all ?? 0, customer: row?.customer ?? 0 };
}

/** Each product's name, brand and category, by the case-insensitive id rule. */
export async function productFacts(
  db: DbOrTx,
  ids: readonly string[],
): Promise<{ id: string; name: string; brand: string; category: string }[]> {
  if (ids.length === 0) return [];
  const keys = sql`array[${sql.join(
    ids.map((id) => sql`${productIdKey(id)}`),
    sql`, `,
  )}]::text[]`;
  return db
    .select({ id: products.id, name: products.name, brand: products.brand, category: products.category })
    .from(products)
    .where(sql`${productIdKeySql} = any(${keys})`);
}

/** The lines' current prices for a check (nothing locked): each product's default variant and the variants named. */
export async function pricesForCheck(db: DbOrTx, ids: readonly string[], variantIds: readonly number[]) {
  const keys = sql`array[${sql.join(
    ids.map((id) => sql`${productIdKey(id)}`),
    sql`, `,
  )}]::text[]`;
  const asked = sql`array[${sql.join(
    variantIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  return db
    .select({
      id: products.id,
      brand: products.brand,
      category: products.category,
      variantId: productVariants.id,
      isDefault: productVariants.isDefault,
      priceCents: productVariants.priceCents,
    })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(and(sql`${productIdKeySql} = any(${keys})`, sql`(${productVariants.isDefault} or ${productVariants.id} = any(${asked}))`));
}

/** A new code; undefined when the code exists already (the unique index decides). */
export async function insertDiscountCode(tx: DbOrTx, data: NewDiscountCode): Promise<DiscountCodeRow | undefined> {
  const [row] = await tx.insert(discountCodes).values(data).onConflictDoNothing({ target: discountCodes.code }).returning();
  return row;
}

export async function setDiscountCodePaused(tx: DbOrTx, id: number, paused: boolean): Promise<DiscountCodeRow | undefined> {
  const [row] = await tx.update(discountCodes).set({ paused }).where(eq(discountCodes.id, id)).returning();
  return row;
}

/**
 * A code's new settings (decision 053: the owner's edit, the row locked by the caller); undefined
 * when the new code text is another code's (the unique index decides, also against a racing edit).
 */
export async function updateDiscountCode(
  tx: DbOrTx,
  id: number,
  data: Omit<NewDiscountCode, 'id' | 'paused' | 'createdAt'>,
): Promise<DiscountCodeRow | undefined> {
  try {
    const [row] = await tx.update(discountCodes).set(data).where(eq(discountCodes.id, id)).returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

/** Whether any order names the code, cancelled ones included (decision 053: its text is then fixed). */
export async function discountCodeNamed(db: DbOrTx, codeId: number): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.discountCodeId, codeId)).limit(1);
  return !!row;
}

/** Every code (or the one `id` names), newest first, with its uses (orders not cancelled) and what they took off. */
export async function listDiscountCodes(db: DbOrTx, id?: number) {
  return db
    .select({
      code: discountCodes,
      // The outer row's id written out with its table: drizzle writes a column of a one-table select
      // unqualified ("id"), which inside the subquery would be the order's own id.
      uses: sql<number>`(select count(*)::int from ${orders} o where o.discount_code_id = "discount_codes"."id" and o.status <> 'cancelled')`,
      discountedCents: sql<number>`(select coalesce(sum(o.discount_cents), 0)::int from ${orders} o where o.discount_code_id = "discount_codes"."id" and o.status <> 'cancelled')`,
      // Decision 053: any order naming it, cancelled ones included (its text can no longer change).
      named: sql<boolean>`exists (select 1 from ${orders} o where o.discount_code_id = "discount_codes"."id")`,
    })
    .from(discountCodes)
    .where(id === undefined ? undefined : eq(discountCodes.id, id))
    .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id))
    .limit(500);
}

/** A code's orders, newest first: date, customer, discount, status. */
export async function listDiscountUses(db: DbOrTx, codeId: number) {
  return db
    .select({
      orderId: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      discountCents: orders.discountCents,
      customerName: orders.customerName,
      guestName: orders.guestName,
      guestEmail: orders.guestEmail,
      userName: users.name,
      userEmail: users.email,
    })
    .from(orders)
    .leftJoin(users, eq(orders.userId, users.id))
    .where(eq(orders.discountCodeId, codeId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(500);
}

/** Which of the ids are products (the owner's scope), as stored, with their names. */
export async function existingProducts(db: DbOrTx, ids: readonly string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  const rows = await productFacts(db, ids);
  return rows.map((r) => ({ id: r.id, name: r.name }));
}
