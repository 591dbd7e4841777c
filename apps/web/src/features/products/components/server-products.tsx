import type { ReactNode } from 'react';
import type { ProductListItem } from '@shop/shared/schemas/product';
import { useProducts } from '../api/products-api';
import { QueryState } from '../../../components/ui/query-state';

/**
 * The server's product list with the spec's states (product.md §2.4): a loading message while fetching,
 * "S'ka produkte në sistem." when empty (a failed fetch also just stops loading), else the items.
 */
export function ServerProducts({ children }: { children: (items: ProductListItem[]) => ReactNode }) {
  const { data, isPending } = useProducts();
  const items = data ?? [];
  return (
    <QueryState
      isPending={isPending}
      loadingText="Duke ngarkuar produktet..."
      isEmpty={items.length === 0}
      empty={<p className="empty-state">S&apos;ka produkte në sistem.</p>}
    >
      {children(items)}
    </QueryState>
  );
}
