import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from '../../../lib/router';
import type { RepairDetail } from '@shop/shared/schemas/repairs';
import { callsOf, mockApi } from '../../../components/admin/test-render';
import { RepairDetailAdmin } from './repair-detail-admin';

/**
 * Issue 26 on the ticket's page: the move to 'Pret aprovimin' asks for the estimate (prefilled), a
 * ticket waiting for approval can be sent a new one, 'Dorëzuar' records the final price, payment,
 * deposit taken off and the repair's warranty, and the pickup receipt prints in A4 or 80 mm; the
 * pattern lock shows with the PIN.
 */

const detail = (extra: Partial<RepairDetail> = {}): RepairDetail => ({
  id: 12,
  code: 'R-7K2M9Q4XHD',
  status: 'diagnosing',
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
  customerEmail: 'arta@example.com',
  userId: null,
  colour: '',
  fault: 'Ekrani i thyer',
  conditions: [],
  conditionNotes: '',
  accessories: [],
  hasPin: true,
  hasPattern: true,
  deposit: 10,
  handover: null,
  warrantySheetId: null,
  history: [
    {
      status: 'received',
      from: null,
      at: '2026-05-04T10:00:00.000Z',
      by: 'staff',
      actor: 'a@shop.test',
      note: '',
      customerNote: '',
      amount: null,
    },
  ],
  nextStatuses: ['awaiting-approval', 'awaiting-parts', 'repairing', 'unrepaired', 'cancelled'],
  trackingUrl: 'http://shop.test/servisi/statusi?kodi=R-7K2M9Q4XHD&imei=3456',
  ...extra,
});

const handedOver = detail({
  status: 'delivered',
  hasPin: false,
  hasPattern: false,
  nextStatuses: [],
  handover: {
    finalPrice: 45,
    deposit: 10,
    due: 35,
    payment: 'POS',
    warrantyMonths: 3,
    warrantyNote: 'ekranin e ndërruar',
    handedOverOn: '2026-05-10',
    warrantyUntil: '2026-08-10',
  },
  history: [
    {
      status: 'received',
      from: null,
      at: '2026-05-04T10:00:00.000Z',
      by: 'staff',
      actor: 'a@shop.test',
      note: '',
      customerNote: '',
      amount: null,
    },
    {
      status: 'awaiting-approval',
      from: 'diagnosing',
      at: '2026-05-05T10:00:00.000Z',
      by: 'staff',
      actor: 'a@shop.test',
      note: '',
      customerNote: '',
      amount: 45,
    },
    {
      status: 'repairing',
      from: 'awaiting-approval',
      at: '2026-05-05T11:00:00.000Z',
      by: 'customer',
      actor: null,
      note: '',
      customerNote: '',
      amount: 45,
    },
    {
      status: 'delivered',
      from: 'ready',
      at: '2026-05-10T11:00:00.000Z',
      by: 'staff',
      actor: 'a@shop.test',
      note: '',
      customerNote: '',
      amount: 45,
    },
  ],
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

afterEach(() => vi.unstubAllGlobals());

describe('<RepairDetailAdmin> estimates and hand-over (issue 26)', () => {
  it('asks for the estimate when sending for approval, prefilled with the current one, and sends the amount typed', async () => {
    const fetchMock = mockApi((_url, init) =>
      init.method === 'POST' ? { body: detail({ status: 'awaiting-approval', estimate: 60.5 }) } : { body: detail() },
    );
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Pret aprovimin' }));
    const dialog = screen.getByRole('dialog');
    const estimate = within(dialog).getByLabelText('Çmimi për aprovim (€) *');
    expect(estimate).toHaveValue('45');
    expect(estimate).toHaveAccessibleDescription('Klienti e sheh dhe e aprovon pikërisht këtë çmim në faqen e statusit.');
    // Only that move asks for it.
    await user.selectOptions(within(dialog).getByLabelText('Statusi i ri'), 'repairing');
    expect(within(dialog).queryByLabelText('Çmimi për aprovim (€) *')).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Statusi i ri'), 'awaiting-approval');
    await user.clear(within(dialog).getByLabelText('Çmimi për aprovim (€) *'));
    await user.type(within(dialog).getByLabelText('Çmimi për aprovim (€) *'), '60,50');
    await user.click(within(dialog).getByRole('button', { name: 'Ndrysho statusin' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(fetchMock).find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/admin/repairs/12/status',
      body: { status: 'awaiting-approval', estimate: 60.5 },
    });
  });

  it('a ticket waiting for approval is sent a new estimate, not edited behind the customer’s back', async () => {
    const waiting = detail({
      status: 'awaiting-approval',
      nextStatuses: ['awaiting-approval', 'awaiting-parts', 'repairing', 'unrepaired', 'cancelled'],
    });
    const fetchMock = mockApi((_url, init) => (init.method === 'POST' ? { body: waiting } : { body: waiting }));
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Ndrysho të dhënat' }));
    expect(screen.getByLabelText('Çmimi i parashikuar (€)')).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Anulo' }));
    await user.click(screen.getByRole('button', { name: 'Dërgo çmim të ri' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByLabelText('Statusi i ri')).toHaveDisplayValue('Dërgo çmim të ri');
    await user.clear(within(dialog).getByLabelText('Çmimi për aprovim (€) *'));
    await user.type(within(dialog).getByLabelText('Çmimi për aprovim (€) *'), '80');
    await user.click(within(dialog).getByRole('button', { name: 'Ndrysho statusin' }));
    await waitFor(() => expect(callsOf(fetchMock).some((c) => c.method === 'POST')).toBe(true));
    expect(callsOf(fetchMock).find((c) => c.method === 'POST')!.body).toMatchObject({ status: 'awaiting-approval', estimate: 80 });
  });

  it('hands over with the final price, the payment, the deposit taken off and the repair’s warranty', async () => {
    const ready = detail({ status: 'ready', nextStatuses: ['delivered'] });
    const fetchMock = mockApi((_url, init) => (init.method === 'POST' ? { body: handedOver } : { body: ready }));
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Dorëzuar' }));
    const dialog = screen.getByRole('dialog');
    const price = within(dialog).getByLabelText('Çmimi përfundimtar (€) *');
    expect(price).toHaveValue('45');
    expect(within(dialog).getByTestId('handover-due')).toHaveTextContent('Depozita e zbritur: 10,00 € · Për t’u paguar: 35,00 €');
    await user.clear(price);
    await user.type(price, '5');
    expect(within(dialog).getByTestId('handover-due')).toHaveTextContent('Për t’u kthyer klientit: 5,00 €');
    await user.clear(price);
    await user.type(price, '45');
    expect(within(dialog).getByLabelText('Pagesa *')).toHaveValue('Cash');
    expect(
      within(within(dialog).getByLabelText('Pagesa *'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Cash', 'Transfer Bankar', 'POS']);
    await user.selectOptions(within(dialog).getByLabelText('Pagesa *'), 'POS');
    expect(within(dialog).getByLabelText('Garancioni i riparimit')).toHaveDisplayValue('3 muaj');
    await user.selectOptions(within(dialog).getByLabelText('Garancioni i riparimit'), '6 muaj');
    await user.type(within(dialog).getByLabelText('Garancioni mbulon'), 'ekranin e ndërruar');
    await user.click(within(dialog).getByRole('button', { name: 'Ndrysho statusin' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(fetchMock).find((c) => c.method === 'POST')!.body).toEqual({
      status: 'delivered',
      note: '',
      customerNote: '',
      finalPrice: 45,
      payment: 'POS',
      warrantyMonths: 6,
      warrantyNote: 'ekranin e ndërruar',
    });
  });

  it('shows what the hand-over recorded and prints the pickup receipt in A4 or 80 mm', async () => {
    const printed: string[] = [];
    vi.stubGlobal('print', () => {
      printed.push(document.querySelector('.print-doc')!.getAttribute('class')!);
    });
    mockApi(() => ({ body: handedOver }));
    const user = renderDetail();
    const card = (await screen.findByRole('heading', { name: 'Dorëzimi' })).closest('section')!;
    for (const text of ['45,00 €', '10,00 €', '35,00 €', 'POS', '3 muaj, deri më 10.08.2026 (ekranin e ndërruar)', '10.05.2026']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    const history = screen.getByRole('heading', { name: 'Historiku' }).closest('section')!;
    expect(within(history).getByText('Çmimi për aprovim: 45,00 €')).toBeInTheDocument();
    expect(within(history).getByText('Aprovuar: 45,00 €')).toBeInTheDocument();
    expect(within(history).getByText('Çmimi përfundimtar: 45,00 €')).toBeInTheDocument();

    // The intake receipt is the page's paper until a pickup receipt is asked for.
    expect(screen.getByRole('article', { name: 'Fletëpranim për riparim R-7K2M9Q4XHD' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Printo fletëdorëzimin (A4)' }));
    const a4 = await screen.findByRole('article', { name: 'Fletëdorëzim i riparimit R-7K2M9Q4XHD' });
    expect(within(a4).getByText('Garancioni i riparimit: 3 muaj për ekranin e ndërruar, deri më 10.08.2026.')).toBeInTheDocument();
    expect(within(a4).getByText('− 10,00 €')).toBeInTheDocument();
    expect(within(a4).getByText('35,00 €')).toBeInTheDocument();
    expect(printed).toEqual(['print-doc repair-pickup']);

    await user.click(screen.getByRole('button', { name: 'Printo kuponin (80 mm)' }));
    const strip = await screen.findByRole('article', { name: 'Fletëdorëzim i riparimit R-7K2M9Q4XHD' });
    expect(strip).toHaveClass('repair-pickup-thermal');
    expect(within(strip).getByText('POS')).toBeInTheDocument();
    expect(printed.at(-1)).toBe('print-doc repair-pickup repair-pickup-thermal');
    expect(document.querySelectorAll('.print-doc')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Printo fletëpranimin' }));
    expect(await screen.findByRole('article', { name: 'Fletëpranim për riparim R-7K2M9Q4XHD' })).toBeInTheDocument();
    expect(printed.at(-1)).toMatch(/repair-receipt/);
  });

  it('shows the pattern lock with the PIN on one audited read', async () => {
    const fetchMock = mockApi((url) => (url.endsWith('/pin') ? { body: { pin: '4321', pattern: '14789' } } : { body: detail() }));
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Shfaq PIN-in' }));
    expect(await screen.findByText('4321')).toBeInTheDocument();
    expect(screen.getByLabelText('Vizatimi')).toHaveTextContent('1-4-7-8-9');
    expect(callsOf(fetchMock).filter((c) => c.url.endsWith('/pin'))).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Fshih PIN-in' }));
    expect(screen.queryByText('1-4-7-8-9')).toBeNull();
  });
});
