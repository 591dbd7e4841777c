import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { orderItems, orders, productReviews, products, users } from '../db/schema';
import { productIdMatches } from './products';
import { reviewableOrderStatus } from '@shop/shared/domain/reviews';

export type ReviewRow = typeof productReviews.$inferSelect;
export type ReviewWithPeople = ReviewRow & { userName: string; userEmail: string; productName: string };

/** The product's row locked for the review's transaction (its id in stored case), or undefined. */
export async function lockProductForReview(db: DbOrTx, id: string): Promise<{ id: string } | undefined> {
  const [row] = await db.select({ id: products.id }).from(products).where(productIdMatches(id)).for('no key update');
  return row;
}

/** The product's id in stored case, or undefined when the shop has no such product. */
export async function findProductId(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db.select({ id: products.id }).from(products).where(productIdMatches(id));
  return row?.id;
}

/** The customer's newest delivered order holding the product, or undefined. */
export async function findDeliveredOrderWith(db: DbOrTx, userId: number, productId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(eq(orders.userId, userId), eq(orders.status, reviewableOrderStatus), sql`lower(${orderItems.productId}) = lower(${productId})`),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row?.id;
}

/**
 * The products of the order (as its lines name them) that are still in the shop and that the
 * customer has not rated: each is offered 'Vlerëso produktin' on a delivered order.
 */
export async function unratedProductsOfOrder(db: DbOrTx, userId: number, orderId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: orderItems.productId })
    .from(orderItems)
    .innerJoin(products, sql`lower(${products.id}) = lower(${orderItems.productId})`)
    .where(
      and(
        eq(orderItems.orderId, orderId),
        sql`not exists (select 1 from ${productReviews} where ${productReviews.userId} = ${userId} and ${productReviews.productId} = ${products.id})`,
      ),
    );
  return rows.map((r) => r.id);
}

export async function findOwnReview(db: DbOrTx, userId: number, productId: string): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(productReviews)
    .where(and(eq(productReviews.userId, userId), eq(productReviews.productId, productId)));
  return row;
}

export async function insertReview(
  db: DbOrTx,
  values: { productId: string; userId: number; orderId: number; rating: number; text: string },
): Promise<ReviewRow> {
  const [row] = await db.insert(productReviews).values(values).returning();
  return row!;
}

export async function updateReview(db: DbOrTx, id: number, values: { rating: number; text: string }): Promise<ReviewRow> {
  const [row] = await db
    .update(productReviews)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(productReviews.id, id))
    .returning();
  return row!;
}

const withPeople = {
  review: productReviews,
  userName: users.name,
  userEmail: users.email,
  productName: products.name,
};

const flatten = (r: { review: ReviewRow; userName: string; userEmail: string; productName: string }): ReviewWithPeople => ({
  ...r.review,
  userName: r.userName,
  userEmail: r.userEmail,
  productName: r.productName,
});

/** A product's visible reviews with their authors' names, newest first. */
export async function listVisibleReviews(db: DbOrTx, productId: string): Promise<ReviewWithPeople[]> {
  const rows = await db
    .select(withPeople)
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.userId))
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(and(eq(productReviews.productId, productId), eq(productReviews.hidden, false)))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id));
  return rows.map(flatten);
}

/** The product's average and count as stored (kept by the trigger of migration 0008). */
export async function findRatingSummary(db: DbOrTx, productId: string): Promise<{ rating: number; reviewCount: number } | undefined> {
  const [row] = await db
    .select({ rating: products.rating, reviewCount: products.reviewCount })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

/** One page of every review, newest first, optionally only the visible or the hidden ones, with the total. */
export async function listReviewsPage(
  db: DbOrTx,
  filter: { hidden?: boolean },
  limit: number,
  offset: number,
): Promise<{ rows: ReviewWithPeople[]; total: number }> {
  const where: SQL | undefined = filter.hidden === undefined ? undefined : eq(productReviews.hidden, filter.hidden);
  const rows = await db
    .select({ ...withPeople, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.userId))
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(where)
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(limit)
    .offset(offset);
  if (rows.length === 0 && offset > 0) {
    const [c] = await db.select({ n: count() }).from(productReviews).where(where);
    return { rows: [], total: c?.n ?? 0 };
  }
  return { rows: rows.map(flatten), total: rows[0]?.total ?? 0 };
}

/** How many reviews are visible and hidden. */
export async function countReviews(db: DbOrTx): Promise<{ visible: number; hidden: number }> {
  const rows = await db.select({ hidden: productReviews.hidden, n: count() }).from(productReviews).groupBy(productReviews.hidden);
  return { visible: rows.find((r) => !r.hidden)?.n ?? 0, hidden: rows.find((r) => r.hidden)?.n ?? 0 };
}

export async function findReviewWithPeople(db: DbOrTx, id: number, lock = false): Promise<ReviewWithPeople | undefined> {
  const q = db
    .select(withPeople)
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.userId))
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(eq(productReviews.id, id));
  const [row] = await (lock ? q.for('update', { of: productReviews }) : q);
  return row ? flatten(row) : undefined;
}

/** Hides or shows a review; false when there is no such review. */
export async function setReviewHidden(db: DbOrTx, id: number, hidden: boolean): Promise<boolean> {
  const rows = await db.update(productReviews).set({ hidden }).where(eq(productReviews.id, id)).returning({ id: productReviews.id });
  return rows.length > 0;
}
