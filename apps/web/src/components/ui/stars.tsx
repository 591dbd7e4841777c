import { ratingLabel, ratingSummary, starsLabel } from '@shop/shared/domain/reviews';
import './stars.css';

const Star = ({ size }: { size: number }) => (
  <svg viewBox="0 0 20 20" width={size} height={size} aria-hidden="true">
    <path d="M10 1.5l2.6 5.5 6 .8-4.4 4.1 1.1 5.9L10 15 4.7 17.8l1.1-5.9L1.4 7.8l6-.8z" fill="currentColor" />
  </svg>
);

/** The space between two stars, in px. */
const STAR_GAP = 2;

/**
 * How wide the filled layer is, in px: whole stars with the gap after each, then the fraction of
 * the next star. The layer clips five full-size stars at this width (issue 26: a width in % with
 * stars that could shrink squeezed all five into it, so a 4-star rating showed five stars).
 */
const filledWidth = (rating: number, size: number): number => {
  const whole = Math.floor(rating);
  const width = whole >= 5 ? 5 * size + 4 * STAR_GAP : whole * (size + STAR_GAP) + (rating - whole) * size;
  return Math.round(width * 100) / 100;
};

const row = (size: number) => Array.from({ length: 5 }, (_, i) => <Star key={i} size={size} />);

/** Five stars filled to `rating` (0 to 5, fractions included), read out as `label`. */
export function Stars({ rating, label, size = 18 }: { rating: number; label?: string; size?: number }) {
  const value = Math.max(0, Math.min(5, rating));
  return (
    <span className="star-rating" role="img" aria-label={label ?? starsLabel(value)}>
      <span className="stars stars-empty" style={{ gap: STAR_GAP }}>
        {row(size)}
      </span>
      <span className="stars stars-full" style={{ gap: STAR_GAP, width: filledWidth(value, size) }}>
        {row(size)}
      </span>
    </span>
  );
}

/**
 * A product's rating: the stars, then '4,6 (12 vlerësime)'. Nothing at all while the product has
 * no reviews: no empty stars, no zero (decision 023).
 */
export function RatingSummary({ average, count, size }: { average: number; count: number; size?: number }) {
  const text = ratingSummary(average, count);
  if (text === null) return null;
  return (
    <span className="rating-summary" data-testid="rating-summary">
      <Stars rating={average} label={ratingLabel(average, count)} size={size} />
      <span className="rating-text" aria-hidden="true">
        {text}
      </span>
    </span>
  );
}
