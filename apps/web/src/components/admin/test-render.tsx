import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from '../../lib/router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';

export function renderAdmin(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

type Handler = (
  url: string,
  init: RequestInit & { json?: unknown },
) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

/** Replaces fetch with a handler; returns the mock to inspect the calls. */
export function mockApi(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const json = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const { status = 200, body } = await handler(url, { ...init, json });
    return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made so far as "METHOD url" plus the parsed body. */
export const callsOf = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url, init]) => ({
    method: init?.method ?? 'GET',
    url: String(url),
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    auth: (init?.headers as Record<string, string> | undefined)?.Authorization,
  }));
