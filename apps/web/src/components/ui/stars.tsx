import { ratingLabel, ratingSummary, starsLabel } from '@shop/shared/domain/reviews';
import './stars.css';

const Star = ({ size }: { size: number }) => (
  <svg viewBox="0 0 20 20" width={size} height={size} aria-hidden="true">
    <path d="M10 1.5l2.6 5.5 6 .8-4.4 4.1 1.1 5.9L10 15 4.7 17.8l1.1-5.9L1.4 7.8l6-.8z" fill="currentColor" />
  </svg>
);

/** Five stars filled to `rating` (0 to 5, fractions included), read out as `label`. */
export function Stars({ rating, label, size = 18 }: { rating: number; label?: string; size?: number }) {
  const value = Math.max(0, Math.min(5, rating));
  return (
    <span className="star-rating" role="img" aria-label={label ?? starsLabel(value)}>
      <span className="stars stars-empty">
        {Array.from({ length: 5 }, (_, i) => (
          <Star key={i} size={size} />
        ))}
      </span>
      <span className="stars stars-full" style={{ width: `${(value / 5) * 100}%` }}>
        {Array.from({ length: 5 }, (_, i) => (
          <Star key={i} size={size} />
        ))}
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
