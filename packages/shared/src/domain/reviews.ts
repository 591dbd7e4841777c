/**
 * Honest ratings (issue 18, decision 023): who may rate a product, what a review holds, how the
 * average and the count read, and how an author is named. Only customers who received the
 * product (a delivered order holding it) may rate it; a product without reviews shows no stars.
 */
import type { OrderStatus } from './orders';

/** Stars a review may give: whole numbers 1 to 5. */
export const REVIEW_MIN_RATING = 1;
export const REVIEW_MAX_RATING = 5;

/** The longest text a review may carry (characters). */
export const REVIEW_TEXT_MAX = 1000;

/** Reviews per page of the admin's list. */
export const adminReviewsPageSize = 20;

/** A review counts towards eligibility only from an order in this status: the customer has the product. */
export const reviewableOrderStatus: OrderStatus = 'delivered';

/** Whether a customer's orders (the statuses of those holding the product) let them rate it. */
export const canReviewProduct = (orderStatuses: readonly OrderStatus[]): boolean => orderStatuses.includes(reviewableOrderStatus);

/** An average kept to one decimal as shoppers read it: 4.64 -> 4.6 (null while there are no reviews). */
export function averageRating(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  return Math.round((ratings.reduce((s, r) => s + r, 0) / ratings.length) * 10) / 10;
}

/** '4,6': the average with one decimal and a decimal comma, as written in Kosovo. */
export const formatRating = (average: number): string => (Math.round(average * 10) / 10).toFixed(1).replace('.', ',');

/** '1 vlerësim', '12 vlerësime'. */
export const reviewCountText = (count: number): string => `${count} ${count === 1 ? 'vlerësim' : 'vlerësime'}`;

/**
 * '4,6 (12 vlerësime)'; null when the product has none, so the page shows no stars and no zero.
 * The count is what decides: an average without reviews is never shown.
 */
export function ratingSummary(average: number, count: number): string | null {
  if (count <= 0) return null;
  return `${formatRating(average)} (${reviewCountText(count)})`;
}

/** What a screen reader hears for the stars: 'Vlerësimi mesatar 4,6 nga 5, 12 vlerësime'. */
export const ratingLabel = (average: number, count: number): string =>
  `Vlerësimi mesatar ${formatRating(average)} nga 5, ${reviewCountText(count)}`;

/** One review's stars for a screen reader: 'Vlerësimi: 4 nga 5 yje'. */
export const starsLabel = (rating: number): string => `Vlerësimi: ${rating} nga 5 yje`;

/**
 * How a review names its author in public: the first name and the initial of the last ('Arta K.'),
 * the first name alone when there is one word, 'Klient' when there is no name.
 */
export function reviewAuthorName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return 'Klient';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const initial = last ? [...last][0]?.toLocaleUpperCase('sq') : undefined;
  return initial ? `${first} ${initial}.` : first;
}
