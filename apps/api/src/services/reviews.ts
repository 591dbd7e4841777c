/**
 * Honest ratings (issue 18, decision 023). A customer may rate a product only once they have it:
 * a delivered order of theirs holds it. One review per customer and product, which its author may
 * change; staff may hide one (audited) and show it again. The product's average and count follow
 * every change through the trigger of migration 0008, whose UPDATE of products also empties the
 * product cache and the kept pages (products_changed).
 */
import { adminReviewsPageSize, reviewAuthorName } from '@shop/shared/domain/reviews';
import { msg } from '@shop/shared/messages';
import { reviewMessages } from '@shop/shared/messages-reviews';
import type {
  AdminReview,
  AdminReviewsPage,
  AdminReviewsQuery,
  OwnReview,
  ProductReviews,
  PublicReview,
  ReviewSaved,
} from '@shop/shared/schemas/review';
import type { Db, DbOrTx } from '../db/client';
import {
  countReviews,
  findDeliveredOrderWith,
  findOwnReview,
  findProductId,
  findRatingSummary,
  findReviewWithPeople,
  insertReview,
  listReviewsPage,
  listVisibleReviews,
  lockProductForReview,
  setReviewHidden,
  updateReview,
  type ReviewRow,
  type ReviewWithPeople,
} from '../repositories/reviews';
import { recordAudit, type AuditActor } from './audit';
import { Conflict, Forbidden, NotFound } from './errors';

interface Customer {
  id: number;
  name: string;
}

const toPublic = (r: ReviewRow, authorName: string): PublicReview => ({
  id: r.id,
  author: reviewAuthorName(authorName),
  rating: r.rating,
  text: r.text,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const toOwn = (r: ReviewRow, customer: Customer) => ({ ...toPublic(r, customer.name), hidden: r.hidden });

function toAdmin(r: ReviewWithPeople): AdminReview {
  return {
    id: r.id,
    productId: r.productId,
    productName: r.productName,
    author: reviewAuthorName(r.userName),
    customerName: r.userName,
    customerEmail: r.userEmail,
    orderId: r.orderId,
    rating: r.rating,
    text: r.text,
    hidden: r.hidden,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function productIdOr404(db: DbOrTx, id: string): Promise<string> {
  const productId = await findProductId(db, id);
  if (!productId) throw new NotFound(msg.productNotFound);
  return productId;
}

/** The product page's reviews: the visible ones, newest first, with the stored average and count. */
export async function productReviews(db: DbOrTx, id: string): Promise<ProductReviews> {
  const productId = await productIdOr404(db, id);
  const [rows, summary] = await Promise.all([listVisibleReviews(db, productId), findRatingSummary(db, productId)]);
  const count = summary?.reviewCount ?? 0;
  return {
    average: count > 0 ? (summary?.rating ?? 0) : 0,
    count,
    reviews: rows.map((r) => toPublic(r, r.userName)),
  };
}

/** May this customer rate the product, and what did they write (hidden or not). */
export async function ownReview(db: DbOrTx, customer: Customer, id: string): Promise<OwnReview> {
  const productId = await productIdOr404(db, id);
  const [review, orderId] = await Promise.all([
    findOwnReview(db, customer.id, productId),
    findDeliveredOrderWith(db, customer.id, productId),
  ]);
  return { canReview: orderId !== undefined, review: review ? toOwn(review, customer) : null };
}

/**
 * A customer's first review of a product: 404 for no such product, 403 without a delivered order
 * holding it, 409 when they already rated it (they change that one instead).
 */
export async function createReview(db: Db, customer: Customer, id: string, body: { rating: number; text: string }): Promise<ReviewSaved> {
  return db.transaction(async (tx) => {
    // Locked, so two requests of the same customer take turns and the second finds the first.
    const product = await lockProductForReview(tx, id);
    if (!product) throw new NotFound(msg.productNotFound);
    const orderId = await findDeliveredOrderWith(tx, customer.id, product.id);
    if (orderId === undefined) throw new Forbidden(reviewMessages.notEligible);
    if (await findOwnReview(tx, customer.id, product.id)) throw new Conflict(reviewMessages.alreadyReviewed);
    const row = await insertReview(tx, { productId: product.id, userId: customer.id, orderId, rating: body.rating, text: body.text });
    return { msg: reviewMessages.created, review: toOwn(row, customer) };
  });
}

/** The author changes their review (stars and text). A hidden review stays hidden: staff decided that. */
export async function editOwnReview(db: Db, customer: Customer, id: string, body: { rating: number; text: string }): Promise<ReviewSaved> {
  return db.transaction(async (tx) => {
    const product = await lockProductForReview(tx, id);
    if (!product) throw new NotFound(msg.productNotFound);
    const existing = await findOwnReview(tx, customer.id, product.id);
    if (!existing) throw new NotFound(reviewMessages.noOwnReview);
    const row = await updateReview(tx, existing.id, { rating: body.rating, text: body.text });
    return { msg: reviewMessages.updated, review: toOwn(row, customer) };
  });
}

/** The admin's list: newest first, 20 a page, all or only the visible or hidden ones, with the counts. */
export async function listReviewsForAdmin(db: DbOrTx, query: AdminReviewsQuery): Promise<AdminReviewsPage> {
  const page = query.page ?? 1;
  const hidden = query.visibility === undefined ? undefined : query.visibility === 'hidden';
  const [{ rows, total }, counts] = await Promise.all([
    listReviewsPage(db, { hidden }, adminReviewsPageSize, (page - 1) * adminReviewsPageSize),
    countReviews(db),
  ]);
  return {
    items: rows.map(toAdmin),
    total,
    page,
    pageSize: adminReviewsPageSize,
    counts: { all: counts.visible + counts.hidden, visible: counts.visible, hidden: counts.hidden },
  };
}

/** Staff hide a review or show it again; recorded in 'Historiku' in the same transaction. */
export async function setReviewVisibility(
  db: Db,
  actor: AuditActor,
  id: number,
  hidden: boolean,
): Promise<{ msg: string; review: AdminReview }> {
  return db.transaction(async (tx) => {
    const before = await findReviewWithPeople(tx, id, true);
    if (!before) throw new NotFound(reviewMessages.reviewNotFound);
    if (before.hidden !== hidden) {
      await setReviewHidden(tx, id, hidden);
      await recordAudit(tx, actor, {
        kind: hidden ? 'review.hide' : 'review.unhide',
        targetType: 'review',
        targetId: id,
        before: { productId: before.productId, name: before.productName, rating: before.rating, hidden: before.hidden },
        after: { productId: before.productId, name: before.productName, rating: before.rating, hidden },
      });
    }
    const after = await findReviewWithPeople(tx, id);
    return { msg: hidden ? reviewMessages.hidden : reviewMessages.shown, review: toAdmin(after!) };
  });
}
