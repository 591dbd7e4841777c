import { afterEach, describe, expect, it, vi } from 'vitest';
import { productKeys } from '../features/products/api/product-queries';
import { queryClient } from '../lib/query-client';
import { mockApi } from '../test/storefront-render';
import { prefetchPageData } from './prefetch';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const requested = async (pathname: string, search = '') => {
  queryClient.clear();
  const fetch = mockApi(() => ({ body: [] }));
  void prefetchPageData(queryClient, pathname, search);
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return fetch.mock.calls.map(([url]) => String(url));
};

describe("the first page's data is asked for before its code has loaded", () => {
  it('reads the list a catalogue page shows, under the key its hook reads', async () => {
    expect(await requested('/')).toEqual(['/api/products?collection=home']);
    expect(queryClient.getQueryData(productKeys.list('home'))).toEqual([]);
    // The server list pages through the browse call (decision 022), with the address's state.
    expect(await requested('/products')).toEqual(['/api/products/browse']);
    expect(await requested('/products', '?sort=price-asc&brand=Apple&page=2&junk=1')).toEqual([
      '/api/products/browse?sort=price-asc&brand=Apple&page=2',
    ]);
    expect(await requested('/products/iphone')).toEqual(['/api/products?collection=iphone']);
    expect(await requested('/Products/Samsung/')).toEqual(['/api/products?collection=samsung']);
    expect(await requested('/products/accessories')).toEqual(['/api/products?collection=accessories']);
    expect(await requested('/products/giftcard')).toEqual(['/api/giftcards']);
  });

  it('reads a product by its id, whatever its letter case', async () => {
    // With what the page shows under the product: its reviews and the related rows (issue 18).
    expect(await requested('/products/iPhone-16%20x')).toEqual([
      '/api/products/iPhone-16%20x',
      '/api/products/iPhone-16%20x/reviews',
      '/api/products/iPhone-16%20x/related',
    ]);
    expect(queryClient.getQueryData(productKeys.one('iphone-16 x'))).toEqual([]);
  });

  it('reads the whole list for the simple list, a page of results for a search, the blog for its pages', async () => {
    expect(await requested('/products-list')).toEqual(['/api/products']);
    expect(await requested('/search', '?query=iphone')).toEqual(['/api/products/browse?q=iphone']);
    expect(await requested('/blog')).toEqual(['/api/blog']);
    expect(await requested('/blog/Kujdesi%20x')).toEqual(['/api/blog/Kujdesi%20x']);
    expect(queryClient.getQueryData(['blog', 'one', 'kujdesi x'])).toEqual([]);
  });

  it('asks for nothing on other pages, a search without words or a malformed address', async () => {
    for (const path of ['/cart', '/admin', '/search', '/products/a/b', '/products/%E0%A4%A', '/blog/%E0%A4%A', '/blog/a/b']) {
      expect(await requested(path)).toEqual([]);
    }
  });
});
