import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from '../../../lib/router';
import type { RepairDetail, RepairListItem, RepairPage } from '@shop/shared/schemas/repairs';
import { repairStatuses } from '@shop/shared/domain/repairs';
import { callsOf, mockApi, renderAdmin } from '../../../components/admin/test-render';
import { RepairsAdmin } from './repairs-admin';
import { RepairDetailAdmin } from './repair-detail-admin';

const item = (id: number, status: RepairListItem['status'], extra: Partial<RepairListItem> = {}): RepairListItem => ({
  id,
  code: `R-7K2M9Q4XH${id}`,
  status,
  customerName: 'Arta Krasniqi',
  customerPhone: '044 123 456',
  brand: 'Apple',
  model: 'iPhone 13',
  imei: '35693810123456',
  estimate: 45,
  warranty: false,
  technician: 'Driton',
  createdAt: '2026-05-04T10:00:00.000Z',
  updatedAt: '2026-05-04T10:00:00.000Z',
  ...extra,
});

const page = (repairs: RepairListItem[], counts: Partial<RepairPage['counts']> = {}): RepairPage => ({
  repairs,
  total: repairs.length,
  page: 1,
  pageSize: 20,
  counts: { ...Object.fromEntries(repairStatuses.map((s) => [s, 0])), ...counts } as RepairPage['counts'],
});

const detail = (extra: Partial<RepairDetail> = {}): RepairDetail => ({
  ...item(12, 'diagnosing'),
  code: 'R-7K2M9Q4XHD',
  customerEmail: 'arta@example.com',
  userId: null,
  colour: 'E zezë',
  fault: 'Ekrani i thyer',
  conditions: ['cracked-glass'],
  conditionNotes: 'Gërvishtje në anë',
  accessories: ['charger', 'sim'],
  hasPin: true,
  hasPattern: false,
  deposit: 10,
  handover: null,
  warrantySheetId: null,
  history: [
    {
      status: 'received',
      from: null,
      at: '2026-05-04T10:00:00.000Z',
      by: 'staff',
      actor: 'admin@shop.test',
      note: 'Në sportel',
      customerNote: '',
      amount: null,
    },
    {
      status: 'diagnosing',
      from: 'received',
      at: '2026-05-04T12:00:00.000Z',
      by: 'staff',
      actor: 'tekniku@shop.test',
      note: 'Ekrani OLED',
      customerNote: 'E po kontrollojmë.',
      amount: null,
    },
  ],
  nextStatuses: ['awaiting-approval', 'awaiting-parts', 'repairing', 'unrepaired', 'cancelled'],
  trackingUrl: 'http://shop.test/servisi/statusi?kodi=R-7K2M9Q4XHD&imei=3456',
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

describe('<RepairsAdmin>', () => {
  it('lists the open tickets first, with counts per status, search, and never a PIN', async () => {
    const list = [item(1, 'received', { warranty: true, estimate: 0 }), item(2, 'ready', { estimate: null, technician: '' })];
    const fetchMock = mockApi(() => ({ body: page(list, { received: 1, ready: 1, delivered: 3 }) }));
    renderAdmin(<RepairsAdmin />);
    const first = (await screen.findByRole('link', { name: 'R-7K2M9Q4XH1' })).closest('tr')!;
    expect(screen.getByRole('link', { name: 'R-7K2M9Q4XH1' })).toHaveAttribute('href', '/admin/riparimet/1');
    expect(within(first).getByText('Pranuar')).toBeInTheDocument();
    expect(within(first).getByText('Apple iPhone 13')).toBeInTheDocument();
    expect(within(first).getByText('35693810123456')).toBeInTheDocument();
    expect(within(first).getByText('Garancion')).toBeInTheDocument();
    const second = screen.getByRole('link', { name: 'R-7K2M9Q4XH2' }).closest('tr')!;
    expect(within(second).getByText('Gati për marrje')).toBeInTheDocument();
    expect(callsOf(fetchMock)[0]!.url).toBe('/api/admin/repairs?open=true');
    expect(document.body.textContent).not.toMatch(/PIN/);

    const filter = screen.getByRole('group', { name: 'Filtro sipas statusit' });
    const labels = within(filter)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(labels[0]).toBe('Të hapura (2)');
    expect(labels).toContain('Dorëzuar (3)');
    expect(labels.at(-1)).toBe('Të gjitha (5)');
    expect(within(filter).getByRole('button', { name: 'Të hapura (2)' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(filter).getByRole('button', { name: 'Gati për marrje (1)' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Kërko riparime' }), '3456');
    await userEvent.click(screen.getByRole('button', { name: 'Kërko' }));
    await waitFor(() => expect(callsOf(fetchMock).map((c) => c.url)).toContain('/api/admin/repairs?status=ready&q=3456'));
    await userEvent.click(within(filter).getByRole('button', { name: /Të gjitha/ }));
    await waitFor(() => expect(callsOf(fetchMock).map((c) => c.url)).toContain('/api/admin/repairs?q=3456'));
  });

  it('says when there is no ticket, and when none matches the search', async () => {
    mockApi(() => ({ body: page([]) }));
    renderAdmin(<RepairsAdmin />);
    expect(await screen.findByText('Nuk ka ende riparime.')).toBeInTheDocument();
  });
});

function renderDetail() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/riparimet/12']}>
        <Routes>
          <Route path="/admin/riparimet/:id" element={<RepairDetailAdmin id={12} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('<RepairDetailAdmin>', () => {
  it('shows every field and the history; the PIN only after "Shfaq PIN-in"', async () => {
    const fetchMock = mockApi((url) => (url.endsWith('/pin') ? { body: { pin: '4321' } } : { body: detail() }));
    const user = renderDetail();
    expect(await screen.findByRole('heading', { name: 'R-7K2M9Q4XHD', level: 1 })).toBeInTheDocument();
    for (const text of [
      'Arta Krasniqi',
      'Apple iPhone 13',
      'E zezë',
      'Ekrani i thyer',
      'Xham i thyer',
      'Karikues, Kartelë SIM',
      '45,00 €',
      '10,00 €',
      'Driton',
    ]) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    // The address breaks only at '@' or a dot: it is in parts, whole in its title.
    for (const el of screen.getAllByTitle('arta@example.com')) expect(el).toHaveTextContent('arta@example.com');
    const history = screen.getByRole('heading', { name: 'Historiku' }).closest('section')!;
    expect(within(history).getByText('Pranuar → Në diagnostikim')).toBeInTheDocument();
    expect(within(history).getByText('tekniku@shop.test')).toBeInTheDocument();
    expect(within(history).getByText('Ekrani OLED')).toBeInTheDocument();
    expect(within(history).getByText('E po kontrollojmë.')).toBeInTheDocument();
    expect(screen.queryByText('4321')).toBeNull();
    expect(callsOf(fetchMock).some((c) => c.url.endsWith('/pin'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Shfaq PIN-in' }));
    expect(await screen.findByText('4321')).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((c) => c.url === '/api/admin/repairs/12/pin')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Fshih PIN-in' }));
    expect(screen.queryByText('4321')).toBeNull();
  });

  it('moves the status through a dialog offering only the allowed statuses, with both notes; a refusal shows in it', async () => {
    let refuse = true;
    const fetchMock = mockApi((url, init) => {
      if (init.method === 'POST') {
        if (refuse) return { status: 409, body: { msg: 'Vendosni çmimin e parashikuar para se ta dërgoni për aprovim.' } };
        return { body: detail({ status: 'awaiting-approval', nextStatuses: ['awaiting-parts', 'repairing', 'unrepaired', 'cancelled'] }) };
      }
      return { body: detail() };
    });
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Pret aprovimin' }));
    const dialog = screen.getByRole('dialog', { name: 'Ndrysho statusin e R-7K2M9Q4XHD' });
    const select = within(dialog).getByLabelText('Statusi i ri');
    expect(select).toHaveValue('awaiting-approval');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pret aprovimin', 'Pret pjesë', 'Në riparim', 'Pa riparim', 'Anuluar']);
    await user.type(within(dialog).getByLabelText('Shënim për stafin'), 'Ekrani 120 €');
    await user.type(within(dialog).getByLabelText('Shënim për klientin'), 'Ju lutem aprovoni çmimin.');
    await user.click(within(dialog).getByRole('button', { name: 'Ndrysho statusin' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Vendosni çmimin e parashikuar');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Ndrysho statusin' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('status')).toHaveTextContent('Statusi u ndryshua në “Pret aprovimin”.');
    const post = callsOf(fetchMock).filter((c) => c.method === 'POST');
    expect(post.at(-1)).toMatchObject({
      url: '/api/admin/repairs/12/status',
      body: { status: 'awaiting-approval', note: 'Ekrani 120 €', customerNote: 'Ju lutem aprovoni çmimin.', estimate: 45 },
    });
  });

  it('edits an open ticket (a new PIN only when typed) and has the receipt ready to print', async () => {
    const fetchMock = mockApi((_url, init) => (init.method === 'PATCH' ? { body: detail({ technician: 'Blerim' }) } : { body: detail() }));
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Ndrysho të dhënat' }));
    const tech = screen.getByLabelText('Tekniku');
    await user.clear(tech);
    await user.type(tech, 'Blerim');
    await user.click(screen.getByRole('button', { name: 'Ruaj ndryshimet' }));
    expect(await screen.findByText('Ndryshimet u ruajtën.')).toBeInTheDocument();
    const patch = callsOf(fetchMock).find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe('/api/admin/repairs/12');
    expect(patch.body).toMatchObject({ technician: 'Blerim', estimate: 45, deposit: 10, conditions: ['cracked-glass'] });
    expect(patch.body).not.toHaveProperty('pin');

    const receipt = screen.getByRole('article', { name: 'Fletëpranim për riparim R-7K2M9Q4XHD' });
    expect(within(receipt).getByText('R-7K2M9Q4XHD')).toBeInTheDocument();
    expect(within(receipt).getByText('Nënshkrimi i klientit')).toBeInTheDocument();
    expect(await within(receipt).findByRole('img', { name: /Kodi QR/ })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
  });
});
