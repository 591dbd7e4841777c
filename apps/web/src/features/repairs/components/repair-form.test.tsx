import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from '../../../lib/router';
import { repairMessages } from '@shop/shared/messages-repairs';
import type { RepairDetail } from '@shop/shared/schemas/repairs';
import type { WarrantySheet } from '@shop/shared/schemas/warranty';
import { addMonths, todayInShop } from '@shop/shared/domain/time';
import { callsOf, mockApi } from '../../../components/admin/test-render';
import { RepairIntake } from './repair-intake';

const detail = (extra: Partial<RepairDetail> = {}): RepairDetail => ({
  id: 12,
  code: 'R-7K2M9Q4XHD',
  status: 'received',
  customerName: 'Arta Krasniqi',
  customerPhone: '044 123 456',
  brand: 'Apple',
  model: 'iPhone 13',
  imei: '35693810123456',
  estimate: 45,
  warranty: false,
  technician: '',
  createdAt: '2026-05-04T10:00:00.000Z',
  updatedAt: '2026-05-04T10:00:00.000Z',
  customerEmail: '',
  userId: null,
  colour: '',
  fault: 'Ekrani i thyer',
  conditions: [],
  conditionNotes: '',
  accessories: [],
  hasPin: false,
  hasPattern: false,
  handover: null,
  deposit: 0,
  warrantySheetId: null,
  history: [],
  nextStatuses: ['diagnosing', 'cancelled'],
  trackingUrl: 'http://shop.test/servisi/statusi?kodi=R-7K2M9Q4XHD&imei=3456',
  ...extra,
});

const sheet = (extra: Partial<WarrantySheet> = {}): WarrantySheet => ({
  id: 7,
  emri: 'Besa',
  mbiemri: 'Gashi',
  telefoni: '049 555 666',
  email: 'besa@example.com',
  marka: 'Samsung',
  modeli: 'Galaxy S24',
  imei: '35693810999999',
  softInfo: 'Android 14 (One UI 6)',
  kohezgjatja: '12 muaj',
  cmimi: 40,
  data: todayInShop(),
  komente: '',
  llojiPageses: 'Cash',
  status: 'printed',
  createdAt: '2026-01-01T10:00:00.000Z',
  ...extra,
});

function renderIntake(sheetId: number | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/riparimet/e-re']}>
        <Routes>
          <Route path="/admin/riparimet/e-re" element={<RepairIntake sheetId={sheetId} />} />
          <Route path="/admin/riparimet/:id" element={<p>Faqja e riparimit</p>} />
          <Route path="/admin/riparimet" element={<p>Lista</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Emri dhe mbiemri *'), 'Arta Krasniqi');
  await user.type(field('Telefoni *'), '044 123 456');
  await user.selectOptions(field('Marka *'), 'Apple');
  await user.selectOptions(field('Modeli *'), 'iPhone 13');
  await user.type(field('IMEI *'), '35693810123456');
  await user.type(field('Defekti sipas klientit *'), 'Ekrani i thyer');
}

afterEach(() => vi.unstubAllGlobals());

describe('<RepairIntake> (the intake form)', () => {
  it('checks with the shared schema before sending: the first message under its field, which gets the focus', async () => {
    const fetchMock = mockApi(() => ({ status: 500 }));
    const user = renderIntake();
    await user.click(screen.getByRole('button', { name: 'Hap riparimin' }));
    const name = field('Emri dhe mbiemri *');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(repairMessages.name);
    // Each field with a problem shows its own first message.
    expect(screen.getByText(repairMessages.phone)).toBeInTheDocument();
    expect(screen.getByText(repairMessages.imei)).toBeInTheDocument();
    expect(screen.getByText(repairMessages.fault)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await fillRequired(user);
    await user.clear(field('IMEI *'));
    await user.type(field('IMEI *'), '356938101234567'); // 15 digits with a wrong check digit
    await user.type(field('Çmimi i parashikuar (€)'), '40');
    await user.type(field('Depozita (€)'), '50');
    await user.click(screen.getByRole('button', { name: 'Hap riparimin' }));
    expect(field('IMEI *')).toHaveFocus();
    expect(field('IMEI *')).toHaveAccessibleDescription(`${repairMessages.imei} 14 ose 15 shifra (*#06#).`);
    expect(screen.getByText(repairMessages.depositAboveEstimate)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the ticket with conditions, accessories and the PIN (hidden until shown), then opens its page', async () => {
    const fetchMock = mockApi(() => ({ status: 201, body: detail() }));
    const user = renderIntake();
    await fillRequired(user);
    await user.type(field('Email (opsional)'), 'arta@example.com');
    await user.type(field('Ngjyra'), 'E zezë');
    await user.click(screen.getByRole('checkbox', { name: 'Xham i thyer' }));
    await user.click(screen.getByRole('checkbox', { name: 'Gërvishtje' }));
    await user.click(screen.getByRole('checkbox', { name: 'Karikues' }));
    const pin = field('PIN-i ose kodi i zhbllokimit');
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAccessibleDescription(/Ruhet i enkriptuar/);
    await user.type(pin, '1234');
    await user.click(screen.getByRole('button', { name: 'Shfaq PIN-in' }));
    expect(pin).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Fshih PIN-in' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(field('Çmimi i parashikuar (€)'), '45,50');
    await user.type(field('Depozita (€)'), '10');
    await user.type(field('Tekniku'), 'Driton');
    await user.click(screen.getByRole('button', { name: 'Hap riparimin' }));

    expect(await screen.findByText('Faqja e riparimit')).toBeInTheDocument();
    const [call] = callsOf(fetchMock);
    expect(call).toMatchObject({ method: 'POST', url: '/api/admin/repairs' });
    expect(call!.body).toEqual({
      customerName: 'Arta Krasniqi',
      customerPhone: '044 123 456',
      customerEmail: 'arta@example.com',
      brand: 'Apple',
      model: 'iPhone 13',
      imei: '35693810123456',
      colour: 'E zezë',
      fault: 'Ekrani i thyer',
      conditions: ['cracked-glass', 'scratches'],
      conditionNotes: '',
      accessories: ['charger'],
      pin: '1234',
      pattern: '',
      estimate: 45.5,
      deposit: 10,
      technician: 'Driton',
      userId: null,
      warrantySheetId: null,
    });
  });

  it("shows the server's message under its field, or above the buttons when it names none", async () => {
    let answer: { status: number; body: { msg: string } } = { status: 400, body: { msg: repairMessages.sheetDevice } };
    mockApi(() => answer);
    const user = renderIntake();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Hap riparimin' }));
    await waitFor(() => expect(field('IMEI *')).toHaveFocus());
    expect(field('IMEI *')).toHaveAccessibleDescription(new RegExp(repairMessages.sheetDevice));

    answer = { status: 500, body: { msg: 'Gabim në server.' } };
    await user.click(screen.getByRole('button', { name: 'Hap riparimin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Gabim në server.');
  });

  it('from a warranty sheet still running: filled from the sheet, marked a warranty repair priced at zero', async () => {
    const fetchMock = mockApi((url) => (url === '/api/admin/warranty' ? { body: [sheet()] } : { status: 201, body: detail({ id: 13 }) }));
    const user = renderIntake(7);
    expect(await screen.findByText('Nga fleta e garancionit nr. 7')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/riparimi bëhet në garancion, me çmim 0 €/);
    expect(field('Emri dhe mbiemri *')).toHaveValue('Besa Gashi');
    expect(field('Telefoni *')).toHaveValue('049 555 666');
    expect(field('Email (opsional)')).toHaveValue('besa@example.com');
    expect(field('Marka *')).toHaveValue('Samsung');
    expect(field('Modeli *')).toHaveValue('Galaxy S24');
    expect(field('IMEI *')).toHaveValue('35693810999999');
    expect(field('Çmimi i parashikuar (€)')).toHaveValue('0');
    expect(field('Çmimi i parashikuar (€)')).toHaveAttribute('readonly');
    await user.type(field('Defekti sipas klientit *'), 'Nuk karikon');
    await user.click(screen.getByRole('button', { name: 'Hap riparimin' }));
    expect(await screen.findByText('Faqja e riparimit')).toBeInTheDocument();
    const post = callsOf(fetchMock).find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ warrantySheetId: 7, estimate: 0, deposit: 0, imei: '35693810999999' });
  });

  it('from a sheet whose period has ended: says so and leaves the price to staff', async () => {
    const start = addMonths(todayInShop(), -14);
    mockApi(() => ({ body: [sheet({ data: start })] }));
    renderIntake(7);
    expect(await screen.findByText(/Garancioni ka skaduar më/)).toBeInTheDocument();
    expect(field('Çmimi i parashikuar (€)')).toHaveValue('');
    expect(field('Çmimi i parashikuar (€)')).not.toHaveAttribute('readonly');
  });

  it('from a sheet that does not exist or is a draft: the contract message, no form', async () => {
    mockApi(() => ({ body: [sheet({ status: 'draft' })] }));
    renderIntake(7);
    expect(await screen.findByRole('alert')).toHaveTextContent(repairMessages.sheet);
    expect(screen.queryByRole('button', { name: 'Hap riparimin' })).toBeNull();
  });

  it('takes any brand of the longer list, a model not listed, “Tjetër” with a typed device, and the pattern lock hidden like the PIN', async () => {
    const fetchMock = mockApi(() => ({ status: 201, body: detail() }));
    const user = renderIntake();
    const brands = within(field('Marka *'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(brands).toEqual([
      'Zgjidhni',
      'Apple',
      'Samsung',
      'Xiaomi',
      'Huawei',
      'Google Pixel',
      'OnePlus',
      'Honor',
      'Motorola',
      'Nokia',
      'Oppo',
      'Realme',
      'PlayStation',
      'Tjetër',
    ]);
    // PlayStation's consoles and controllers; tablets under their makers.
    await user.selectOptions(field('Marka *'), 'PlayStation');
    expect(within(field('Modeli *')).getByRole('option', { name: 'PlayStation 5 Slim' })).toBeInTheDocument();
    expect(within(field('Modeli *')).getByRole('option', { name: 'DualSense' })).toBeInTheDocument();
    await user.selectOptions(field('Marka *'), 'Samsung');
    expect(within(field('Modeli *')).getByRole('option', { name: 'Galaxy Tab S9' })).toBeInTheDocument();

    // A Huawei the list lacks: 'Model tjetër' opens a text field.
    await user.selectOptions(field('Marka *'), 'Huawei');
    await user.selectOptions(field('Modeli *'), 'Model tjetër (shkruajeni)');
    await user.type(field('Modeli (shkruajeni) *'), 'P20 Lite');
    // 'Tjetër': the device typed whole, nothing to choose.
    await user.selectOptions(field('Marka *'), 'Tjetër');
    expect(screen.queryByLabelText('Modeli *', { exact: true })).toBeNull();
    await user.type(field('Emri dhe mbiemri *'), 'Arta Krasniqi');
    await user.type(field('Telefoni *'), '044 123 456');
    await user.type(field('IMEI *'), '35693810123456');
    await user.type(field('Defekti sipas klientit *'), 'Nuk ndizet');
    await user.click(screen.getByRole('button', { name: 'Hap riparimin' }));
    expect(field('Pajisja: marka dhe modeli *')).toHaveFocus();
    expect(field('Pajisja: marka dhe modeli *')).toHaveAccessibleDescription(repairMessages.model);
    await user.type(field('Pajisja: marka dhe modeli *'), 'Sony Xperia 5 V');

    const pattern = field('Vizatimi i zhbllokimit (pattern)');
    expect(pattern).toHaveAttribute('type', 'password');
    expect(pattern).toHaveAccessibleDescription(/Ruhet i enkriptuar si PIN-i/);
    await user.type(pattern, '1-1-2');
    await user.click(screen.getByRole('button', { name: 'Hap riparimin' }));
    expect(pattern).toHaveFocus();
    expect(pattern).toHaveAccessibleDescription(new RegExp(repairMessages.pattern.replace(/[()]/g, '.')));
    await user.clear(pattern);
    await user.type(pattern, '1-4-7-8-9');
    await user.click(screen.getByRole('button', { name: 'Shfaq vizatimin' }));
    expect(pattern).toHaveAttribute('type', 'text');
    expect(field('PIN-i ose kodi i zhbllokimit')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Hap riparimin' }));

    expect(await screen.findByText('Faqja e riparimit')).toBeInTheDocument();
    const post = callsOf(fetchMock).find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ brand: 'Tjetër', model: 'Sony Xperia 5 V', pattern: '1-4-7-8-9' });
  });
});
