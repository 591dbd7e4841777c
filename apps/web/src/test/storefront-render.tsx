import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../lib/router';
import { vi } from 'vitest';

/** Renders a page at a path inside a router and a fresh query client (no retries). */
export function renderAt(element: ReactElement, { path = '/', route = '/' }: { path?: string; route?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', element: <p>Faqe tjetër</p> },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router };
}

type Handler = (url: string, init?: RequestInit) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/** Replaces fetch with answers from a handler; returns the mock to inspect calls. */
export function mockApi(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { status = 200, body } = await handler(String(input), init);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** A fetch that never answers, to look at loading states. */
export function mockApiPending() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
}

export const item = (
  over: Partial<{ id: string; name: string; description: string; price: number; oldPrice: number | null; category: string }>,
) => ({
  id: 'p',
  name: 'Produkt',
  description: 'Përshkrim',
  desc: 'Përshkrim',
  price: 100,
  oldPrice: null,
  image: '/images/p.svg',
  category: 'phone',
  ...over,
});

/** An answer of GET /api/products/browse holding `items` (one page), with facets to click. */
export const browseAnswer = (items: ReturnType<typeof item>[], over: Record<string, unknown> = {}) => ({
  items: items.map((i) => ({ stock: { status: 'in-stock', left: null }, ...i })),
  total: items.length,
  page: 1,
  pageSize: 24,
  pages: 1,
  sort: 'newest',
  facets: {
    brands: [
      { value: 'Apple', count: 2 },
      { value: 'Samsung', count: 1 },
    ],
    storage: [{ value: 128, count: 2, label: '128 GB' }],
    colors: [
      { value: 'Titanium i zi', count: 2, hex: '#1f1f1f' },
      { value: 'Shkëlqim', count: 1, hex: null },
    ],
    prices: [
      { value: 0, count: 0, min: 0, max: 99.99, label: 'Deri në 100 €' },
      { value: 1, count: 3, min: 100, max: 299.99, label: '100 – 300 €' },
    ],
    categories: [{ value: 'phone', count: 3, label: 'Telefona' }],
    inStock: 3,
  },
  ...over,
});
