const Star = () => (
  <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
    <path d="M10 1.5l2.6 5.5 6 .8-4.4 4.1 1.1 5.9L10 15 4.7 17.8l1.1-5.9L1.4 7.8l6-.8z" fill="currentColor" />
  </svg>
);

/** Five stars, filled to the rating (0 to 5, halves included). */
export function StarRating({ rating }: { rating: number }) {
  const value = Math.max(0, Math.min(5, rating));
  const label = `Vlerësimi: ${String(value).replace('.', ',')} nga 5 yje`;
  return (
    <span className="star-rating" role="img" aria-label={label}>
      <span className="stars stars-empty">
        {Array.from({ length: 5 }, (_, i) => (
          <Star key={i} />
        ))}
      </span>
      <span className="stars stars-full" style={{ width: `${(value / 5) * 100}%` }}>
        {Array.from({ length: 5 }, (_, i) => (
          <Star key={i} />
        ))}
      </span>
    </span>
  );
}
