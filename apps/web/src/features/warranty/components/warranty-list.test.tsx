import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { WarrantySheet } from '@shop/shared/schemas/warranty';
import { WarrantyList } from './warranty-list';

const sheet = (id: number, imei: string, extra: Partial<WarrantySheet> = {}): WarrantySheet => ({
  id,
  emri: 'Arta',
  mbiemri: 'Krasniqi',
  telefoni: '044123456',
  email: '',
  marka: 'Apple',
  modeli: 'iPhone 15',
  imei,
  softInfo: 'iOS 17',
  kohezgjatja: '6 muaj',
  cmimi: 40,
  data: '2025-05-05',
  komente: '',
  llojiPageses: 'Cash',
  status: 'printed',
  createdAt: '2025-05-05T10:00:00.000Z',
  ...extra,
});

function renderList(sheets: WarrantySheet[], renderClaims?: (s: WarrantySheet) => React.ReactNode) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(sheets), { status: 200, headers: { 'content-type': 'application/json' } })),
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

describe('<WarrantyList> and the repair counter (issue 16)', () => {
  it('the search box finds a sheet by its IMEI, whole or in part', async () => {
    const user = renderList([sheet(7, '35693810123456'), sheet(8, '11112222333344'), sheet(9, '99990000111122', { emri: 'Besa' })]);
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
    const user = renderList([sheet(7, '35693810123456'), sheet(8, '11112222333344', { status: 'draft' })], claims);
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
