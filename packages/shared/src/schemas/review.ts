import { z } from '../zod-sq';
import { reviewMessages as m } from '../messages-reviews';
import { REVIEW_MAX_RATING, REVIEW_MIN_RATING, REVIEW_TEXT_MAX } from '../domain/reviews';

/** POST /api/products/{id}/reviews and PUT …/reviews/mine: the stars and an optional text. */
export const reviewBodySchema = z.object({
  rating: z.number({ error: m.badRating }).int(m.badRating).min(REVIEW_MIN_RATING, m.badRating).max(REVIEW_MAX_RATING, m.badRating),
  text: z
    .string({ error: m.badText })
    .max(REVIEW_TEXT_MAX, m.textTooLong)
    .transform((t) => t.trim())
    .optional()
    .default(''),
});
export type ReviewBody = z.input<typeof reviewBodySchema>;

/** A review as every shopper sees it: the author's first name and initial, never the account. */
export const publicReviewSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  rating: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** GET /api/products/{id}/reviews: the visible reviews, newest first, with their average and count. */
export const productReviewsSchema = z.object({
  average: z.number(),
  count: z.number().int(),
  reviews: z.array(publicReviewSchema),
});
export type ProductReviews = z.infer<typeof productReviewsSchema>;

/** GET /api/products/{id}/reviews/mine: may this customer rate it, and their own review (hidden ones too). */
export const ownReviewSchema = z.object({
  canReview: z.boolean(),
  review: publicReviewSchema.extend({ hidden: z.boolean() }).nullable(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

export const reviewSavedSchema = z.object({ msg: z.string(), review: publicReviewSchema.extend({ hidden: z.boolean() }) });
export type ReviewSaved = z.infer<typeof reviewSavedSchema>;

/** GET /api/admin/reviews?page=&visibility= */
export const adminReviewsQuerySchema = z.object({
  page: z
    .string({ error: m.badPage })
    .regex(/^\d{1,6}$/, m.badPage)
    .transform(Number)
    .pipe(z.number().int(m.badPage).min(1, m.badPage))
    .optional(),
  visibility: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['visible', 'hidden'], { error: m.badVisibility }).optional()),
});
export type AdminReviewsQuery = z.infer<typeof adminReviewsQuerySchema>;

/** One review as staff see it: with the product and the customer's account. */
export const adminReviewSchema = z.object({
  id: z.number().int(),
  productId: z.string(),
  productName: z.string(),
  author: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  orderId: z.number().int().nullable(),
  rating: z.number().int(),
  text: z.string(),
  hidden: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewsPageSchema = z.object({
  items: z.array(adminReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z.object({ all: z.number().int(), visible: z.number().int(), hidden: z.number().int() }),
});
export type AdminReviewsPage = z.infer<typeof adminReviewsPageSchema>;

/** PATCH /api/admin/reviews/{id}: hide or show again. */
export const reviewVisibilityBodySchema = z.object({ hidden: z.boolean({ error: m.badHidden }) });

export const reviewVisibilityAnswerSchema = z.object({ msg: z.string(), review: adminReviewSchema });
