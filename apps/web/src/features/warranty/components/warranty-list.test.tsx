import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from '../../../lib/router';
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

/** A printed sheet with the given IMEI (the repair counter's tests). */
const sheetWithImei = (id: number, imei: string, extra: Partial<WarrantySheet> = {}): WarrantySheet => ({
  ...sheet(id, 'Arta', 40),
  imei,
  ...extra,
});

/** The list over a server that answers these sheets as its one page, whatever the search. */
function renderSheets(sheets: WarrantySheet[], renderClaims?: (s: WarrantySheet) => React.ReactNode) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ items: sheets, total: sheets.length, page: 1, pageSize: 20 }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <WarrantyList onOpenDraft={vi.fn()} onPrint={vi.fn()} renderClaims={renderClaims} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
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

describe('<WarrantyList> and the repair counter (issue 16)', () => {
  it('the search box finds a sheet by its IMEI, whole or in part', async () => {
    const user = renderSheets([
      sheetWithImei(7, '35693810123456'),
      sheetWithImei(8, '11112222333344'),
      sheetWithImei(9, '99990000111122', { emri: 'Besa' }),
    ]);
    const table = await screen.findByRole('table', { name: 'Lista e garancioneve' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const search = screen.getByRole('searchbox', { name: 'Kërko garancione' });
    await user.type(search, '11112222333344');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('11112222333344')).toBeInTheDocument();
    expect(screen.getByText('1 nga 3')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, '0123456');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('35693810123456')).toBeInTheDocument();
  });

  it("a printed sheet offers 'Hap riparim' (the intake form from the sheet) and shows its claims; a draft does neither", async () => {
    const claims = vi.fn((s: WarrantySheet) => <p>Riparimet e fletës {s.id}</p>);
    const user = renderSheets([sheetWithImei(7, '35693810123456'), sheetWithImei(8, '11112222333344', { status: 'draft' })], claims);
    const open = await screen.findByRole('link', { name: 'Hap riparim: garancioni 7' });
    expect(open).toHaveAttribute('href', '/admin/riparimet/e-re?garancioni=7');
    expect(screen.queryByRole('link', { name: 'Hap riparim: garancioni 8' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Riparimet: garancioni 8' })).toBeNull();

    const toggle = screen.getByRole('button', { name: 'Riparimet: garancioni 7' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(claims).not.toHaveBeenCalled();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Riparimet e fletës 7')).toBeInTheDocument();
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(screen.getByText('Riparimet e fletës 7'));
    await user.click(toggle);
    expect(screen.queryByText('Riparimet e fletës 7')).toBeNull();
  });
});
