import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import type { WarrantySheet } from '@shop/shared/schemas/warranty';
import { listsMsg } from '@shop/shared/messages-lists';
import { WarrantyList } from './warranty-list';

const sheet = (id: number, emri: string, cmimi: number): WarrantySheet => ({
  id,
  emri,
  mbiemri: 'Krasniqi',
  telefoni: '044 123 456',
  email: '',
  marka: 'Apple',
  modeli: 'iPhone 15',
  imei: `3569381012${String(id).padStart(4, '0')}`,
  softInfo: 'iOS 18',
  kohezgjatja: '12 muaj',
  cmimi,
  data: '2026-04-01',
  komente: '',
  llojiPageses: 'Cash',
  status: 'printed',
  createdAt: '2026-04-01T10:00:00.000Z',
});

function Address() {
  const { search } = useLocation();
  return <output aria-label="adresa">{search}</output>;
}

function renderList(at = '/admin/warranty') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <WarrantyList onOpenDraft={vi.fn()} onPrint={vi.fn()} />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('<WarrantyList> paged on the server', () => {
  it("filters the shown page at once with 'Kerko garancione...', then asks the server for every page's matches", async () => {
    const first = Array.from({ length: 20 }, (_, i) => sheet(100 - i, i === 3 ? 'Arta' : `Emri${i}`, 50 + i));
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const q = new URL(String(input), 'http://x').searchParams;
      const body =
        q.get('q') === 'arta'
          ? { items: [sheet(97, 'Arta', 53), sheet(12, 'Arta', 10)], total: 2, page: 1, pageSize: 20 }
          : { items: first, total: 45, page: 1, pageSize: 20 };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderList();
    const table = await screen.findByRole('table', { name: 'Lista e garancioneve' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('20 nga 45')).toBeInTheDocument();
    expect(screen.getByText('Faqja 1 nga 3')).toBeInTheDocument();

    await userEvent.type(screen.getByPlaceholderText('Kerko garancione...'), 'arta');
    // The shown page is filtered at once (the spec's behaviour) ...
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    // ... and a moment later the server's search brings the match from another page.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByRole('row', { name: /^12 Arta/ })).toBeInTheDocument();
    expect(screen.getByLabelText('adresa')).toHaveTextContent('?q=arta');
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual(['/api/admin/warranty/search', '/api/admin/warranty/search?q=arta']);
  });

  it('reads the sort and the page from the address and changes them there', async () => {
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL) =>
        new Response(JSON.stringify({ items: [sheet(1, 'Besa', 99)], total: 41, page: 3, pageSize: 20 }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderList('/admin/warranty?sort=price&dir=desc&page=3');
    expect(await screen.findByText('Faqja 3 nga 3')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: listsMsg.sortLabel })).toHaveValue('price');
    await userEvent.click(screen.getByRole('button', { name: 'Faqja e mëparshme' }));
    await waitFor(() => expect(screen.getByLabelText('adresa')).toHaveTextContent('?sort=price&dir=desc&page=2'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: listsMsg.sortLabel }), 'name');
    await waitFor(() => expect(screen.getByLabelText('adresa')).toHaveTextContent('?sort=name&dir=asc'));
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual([
      '/api/admin/warranty/search?sort=price&dir=desc&page=3',
      '/api/admin/warranty/search?sort=price&dir=desc&page=2',
      '/api/admin/warranty/search?sort=name&dir=asc',
    ]);
  });
});
