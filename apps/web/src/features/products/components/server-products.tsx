import type { ReactNode } from 'react';
import type { ProductListItem } from '@shop/shared/schemas/product';
import { useProducts } from '../api/products-api';
import { ListFailed, QueryState } from '../../../components/ui/query-state';

/**
 * The server's product list with the spec's states (product.md §2.4): a loading message while fetching,
 * "S'ka produkte në sistem." when empty, else the items. A failed fetch stops loading and says
 * 'Diçka shkoi keq. Provo përsëri!' with a retry, never the empty text (issue 18).
 */
export function ServerProducts({ children }: { children: (items: ProductListItem[]) => ReactNode }) {
  const { data, isPending, isError, refetch } = useProducts();
  const items = data ?? [];
  if (isError && !data) return <ListFailed onRetry={() => void refetch()} />;
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
