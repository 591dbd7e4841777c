import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from '../../../lib/router';
import type { WarrantySheet } from '@shop/shared/schemas/warranty';
import { WarrantyWorkspace } from './warranty-workspace';

const sheet: WarrantySheet = {
  id: 7,
  emri: 'Arta',
  mbiemri: 'Krasniqi',
  telefoni: '044 123 456',
  email: '',
  marka: 'Apple',
  modeli: 'iPhone 15',
  imei: '35693810120007',
  softInfo: 'iOS 18',
  kohezgjatja: '12 muaj',
  cmimi: 40,
  data: '2026-04-01',
  komente: '',
  llojiPageses: 'Cash',
  status: 'printed',
  createdAt: '2026-04-01T10:00:00.000Z',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The workspace over a server with one printed sheet; `printAnswer` is the answer to the print record. */
function renderWorkspace(printAnswer: () => Promise<Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.endsWith('/print')) return printAnswer();
      if (url.includes('/provemua')) return json({ msg: 'online' });
      return json({ items: [sheet], total: 1, page: 1, pageSize: 20 });
    }),
  );
  const print = vi.fn(() => calls.push('window.print'));
  vi.stubGlobal('print', print);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <WarrantyWorkspace />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, print, user: userEvent.setup() };
}

afterEach(() => vi.unstubAllGlobals());

describe("issue 24 finding 3: 'Printo' records the print in 'Historiku' before the print dialog", () => {
  it('posts the print record first, then opens the dialog', async () => {
    const { calls, print, user } = renderWorkspace(async () => json({ msg: 'ok' }));
    await user.click(await screen.findByRole('button', { name: 'Printo garancionin 7' }, { timeout: 5000 }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const recorded = calls.indexOf('POST /api/admin/warranty/7/print');
    expect(recorded).toBeGreaterThanOrEqual(0);
    expect(recorded).toBeLessThan(calls.indexOf('window.print'));
  });

  it('still opens the dialog when the record fails (a sale at the counter is not stopped)', async () => {
    const { print, user } = renderWorkspace(async () => json({ msg: 'Gabim' }, 503));
    await user.click(await screen.findByRole('button', { name: 'Printo garancionin 7' }, { timeout: 5000 }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });
});
