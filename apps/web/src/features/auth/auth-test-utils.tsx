import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from '../../lib/router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';

/** Shows where the router ended, and the state it carried. */
export function Landed({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p data-testid="landed">
      {name} {location.pathname}
      {location.search}
    </p>
  );
}

/** Renders `routes` plus sentinel pages at the usual targets, starting at `entry`. */
export function renderRoutes(routes: RouteObject[], entry: string | { pathname: string; state?: unknown }) {
  const sentinels = [
    '/',
    '/login',
    '/kycu',
    '/kyqu',
    '/profile',
    '/warranty',
    '/no-access',
    '/register',
    '/regjistrohu',
    '/checkout',
    '/harruat-fjalekalimin',
  ];
  const taken = new Set(routes.map((r) => r.path));
  const all: RouteObject[] = [
    ...routes,
    ...sentinels.filter((p) => !taken.has(p)).map((path) => ({ path, element: <Landed name="page" /> })),
  ];
  const router = createMemoryRouter(all, { initialEntries: [entry] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

export const wrap = (element: ReactNode, path: string): RouteObject => ({ path, element });

/** A JSON answer for the mocked fetch. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Mocks fetch; returns the mock to read the calls from. */
export function mockFetch(...answers: Array<Response | Error | Promise<Response>>) {
  const fn = vi.fn<typeof fetch>();
  for (const a of answers) {
    if (a instanceof Error) fn.mockRejectedValueOnce(a);
    else fn.mockImplementationOnce(() => Promise.resolve(a));
  }
  vi.stubGlobal('fetch', fn);
  return fn;
}

export const sentBody = (fn: ReturnType<typeof mockFetch>, call = 0) => JSON.parse(String(fn.mock.calls[call]?.[1]?.body ?? 'null'));

export const customer = { id: 7, name: 'Arta Krasniqi', email: 'arta@example.com', role: 'user' as const, isAdmin: false };
export const adminUser = { id: 1, name: 'Admin', email: 'admin@example.com', role: 'admin' as const, isAdmin: true };
