import type { ReactNode } from 'react';
import '../products.css';

const PLACEHOLDER_COUNT = 8;

/**
 * A product grid. `auto`: as many columns of at least 250 px as fit (home, lists);
 * `columns`: 4, 3, 2 or 1 columns at 1200, 900 and 600 px (the catalogues).
 */
export function ProductGrid({
  layout = 'auto',
  loading = false,
  loadingLabel = 'Duke ngarkuar produktet...',
  emptyText,
  isEmpty,
  children,
}: {
  layout?: 'auto' | 'columns';
  loading?: boolean;
  loadingLabel?: string;
  emptyText: string;
  isEmpty: boolean;
  children?: ReactNode;
}) {
  if (loading) {
    return (
      <div className={`product-grid grid-${layout}`} aria-busy="true">
        <p className="visually-hidden" role="status">
          {loadingLabel}
        </p>
        {Array.from({ length: PLACEHOLDER_COUNT }, (_, i) => (
          <div key={i} className="product-skeleton" data-testid="product-placeholder" aria-hidden="true">
            <div className="sk-media" />
            <div className="sk-line" />
            <div className="sk-line short" />
            <div className="sk-line price" />
          </div>
        ))}
      </div>
    );
  }
  if (isEmpty) return <p className="empty-state">{emptyText}</p>;
  return <div className={`product-grid grid-${layout}`}>{children}</div>;
}
