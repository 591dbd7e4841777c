import type { QueryClient } from '@tanstack/react-query';
import { catalogueRoutes, matchBlogPost, matchProductsPage } from '@shop/shared/domain/routes';
import { readBrowseParams } from '@shop/shared/domain/catalogue-browse';
import { blogQueries } from '../features/content/api/blog-api';
import { productQueries } from '../features/products/api/product-queries';
import { reviewQueries } from '../features/reviews/api/reviews-api';

/**
 * Reads the data the page at `pathname` shows first into `client`, under the keys its hooks
 * read: the server does it before it renders the page (entry-server.tsx). Settles when the
 * answers (or failures) are in; it never rejects. Pages not listed read their data themselves.
 */
export function prefetchPageData(client: QueryClient, pathname: string, search = ''): Promise<void> {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return client.prefetchQuery(productQueries.list('home'));
  const first = segments[0]!.toLowerCase();
  if (segments.length === 1 && first === 'products-list') return client.prefetchQuery(productQueries.list());
  if (segments.length === 1 && first === 'search') {
    // The search page reads its page of results (decision 022); without a query it shows only its prompt.
    const params = readBrowseParams(new URLSearchParams(search), 'query');
    return params.q ? client.prefetchQuery(productQueries.browse(params)) : Promise.resolve();
  }
  if (segments.length === 1 && first === 'blog') return client.prefetchQuery(blogQueries.list());
  const postId = matchBlogPost(pathname);
  if (postId === null) return Promise.resolve(); // a malformed address: the page says so
  if (postId !== undefined) return client.prefetchQuery(blogQueries.one(postId));
  const page = matchProductsPage(pathname);
  if (!page) return Promise.resolve(); // not a product page, or a malformed address: the page itself says so
  if (page.kind === 'list') return client.prefetchQuery(productQueries.browse(readBrowseParams(new URLSearchParams(search))));
  if (page.kind === 'product')
    // The product, then what its page shows under it: the reviews and the related rows (issue 18).
    return Promise.all([
      client.prefetchQuery(productQueries.one(page.id)),
      client.prefetchQuery(reviewQueries.product(page.id)),
      client.prefetchQuery(productQueries.related(page.id)),
    ]).then(() => undefined);
  const collection = catalogueRoutes[page.segment];
  if (collection === null) return client.prefetchQuery(productQueries.giftCards());
  return client.prefetchQuery(productQueries.list(collection));
}
