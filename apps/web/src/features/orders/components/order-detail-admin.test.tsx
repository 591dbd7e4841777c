import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOrderDetail } from '@shop/shared/schemas/admin';
import { callsOf, mockApi, renderAdmin } from '../../../components/admin/test-render';
import { OrderDetailAdmin } from './order-detail-admin';

const detail = (extra: Partial<AdminOrderDetail> = {}): AdminOrderDetail => ({
  id: 12,
  user: 'arta@example.com',
  userId: 5,
  userName: 'Arta',
  products: [
    { id: 'iphone-16', name: 'iPhone 16', quantity: 1, price: 999 },
    { id: 'mbrojtese', name: 'Mbrojtëse', quantity: 3, price: 0.1 },
  ],
  totalAmount: 1001.8,
  total: 1001.8,
  status: 'pending',
  date: '2026-05-04T10:00:00.000Z',
  fulfilment: 'delivery',
  paymentMethod: 'cash',
  deliveryFee: 2.5,
  customerName: 'Besnik Marrësi',
  phone: '+383 44 123 456',
  city: 'Pejë',
  customerVerified: true,
  subtotal: 999.3,
  delivery: { fullName: 'Besnik Marrësi', phone: '+383 44 123 456', city: 'Pejë', address: 'Rr. Agim Ramadani 12' },
  note: 'Thirrni para se të vini.',
  customerEmail: 'arta@example.com',
  history: [{ status: 'pending', from: null, at: '2026-05-04T10:00:00.000Z', by: 'customer', actor: null }],
  nextStatuses: ['confirmed', 'shipped', 'delivered', 'cancelled'],
  vatPercent: 18,
  vatIncluded: 152.82,
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

describe('<OrderDetailAdmin>', () => {
  it("issue 24 finding 7: marks the order of a customer whose e-mail is not verified 'E-mail i paverifikuar'", async () => {
    mockApi(() => ({ body: detail({ customerVerified: false }) }));
    renderAdmin(<OrderDetailAdmin id={12} />);
    expect(await screen.findByRole('heading', { name: 'Porosia #12' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Klienti' })).getByText('E-mail i paverifikuar')).toBeInTheDocument();
  });

  it("decision 047: names the chat an order came from ('Porosi nga biseda')", async () => {
    mockApi(() => ({ body: detail({ channel: 'whatsapp' }) }));
    renderAdmin(<OrderDetailAdmin id={12} />);
    expect(await screen.findByRole('heading', { name: 'Porosia #12' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Klienti' })).toHaveTextContent('KanaliWhatsApp (porosi nga biseda)');
  });

  it('shows the customer, the delivery, the note, the payment, the lines, fee, total, VAT and history', async () => {
    mockApi(() => ({ body: detail() }));
    renderAdmin(<OrderDetailAdmin id={12} />);
    expect(await screen.findByRole('heading', { name: 'Porosia #12' })).toBeInTheDocument();
    const customer = screen.getByRole('region', { name: 'Klienti' });
    expect(customer).toHaveTextContent('Besnik Marrësi');
    expect(customer).toHaveTextContent('arta@example.com');
    expect(customer).not.toHaveTextContent('E-mail i paverifikuar');
    expect(within(customer).getByRole('link', { name: '+383 44 123 456' })).toHaveAttribute('href', 'tel:+38344123456');
    const receive = screen.getByRole('region', { name: 'Marrja' });
    for (const text of ['Dërgesë në adresë', 'Rr. Agim Ramadani 12', 'Pejë', 'Para në dorë']) expect(receive).toHaveTextContent(text);
    expect(screen.getByRole('region', { name: 'Shënimi i klientit' })).toHaveTextContent('Thirrni para se të vini.');
    const lines = screen.getByRole('table', { name: 'Produktet e porosisë #12' });
    expect(within(lines).getByRole('row', { name: /^Mbrojtëse.* 3 0,10 € 0,30 €$/ })).toBeInTheDocument();
    expect(within(lines).getByRole('row', { name: 'Dërgesa 2,50 €' })).toBeInTheDocument();
    expect(within(lines).getByRole('row', { name: 'Totali 1.001,80 €' })).toBeInTheDocument();
    expect(within(lines).getByRole('row', { name: 'TVSH e përfshirë (18%) 152,82 €' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Historiku' })).toHaveTextContent('E pranuar');
    expect(screen.getByRole('region', { name: 'Historiku' })).toHaveTextContent('Klienti');
    const actions = screen.getByRole('group', { name: 'Veprimet e porosisë' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Konfirmo porosinë', 'Shëno si të nisur', 'Sheno si dorezuar', 'Anulo', 'Printo fletën']);
    // The slip is in the page for print, with the fiscal receipt's note.
    const slip = screen.getByRole('article', { name: 'Fletë dërgese / Dokument shitjeje #12', hidden: true });
    expect(slip).toHaveTextContent('Kuponi fiskal lëshohet në dorëzim të porosisë.');
    expect(slip).toHaveTextContent('TVSH e përfshirë (18%)');
  });

  it('confirms a move in a dialog, then reloads the order and says what it did', async () => {
    let current = detail();
    const fetchMock = mockApi((_url, init) => {
      if (init.method === 'PATCH') {
        current = detail({
          status: 'confirmed',
          nextStatuses: ['shipped', 'delivered', 'cancelled'],
          history: [
            ...current.history,
            { status: 'confirmed', from: 'pending', at: '2026-05-04T11:00:00.000Z', by: 'staff', actor: 'admin@shop.test' },
          ],
        });
        return { body: current };
      }
      return { body: current };
    });
    renderAdmin(<OrderDetailAdmin id={12} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Konfirmo porosinë' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Të konfirmohet porosia #12?' });
    expect(dialog).toHaveTextContent('klienti njoftohet me email');
    expect(within(dialog).getByRole('button', { name: 'Konfirmo porosinë' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Konfirmo porosinë' }));
    expect(await screen.findByText('Porosia #12 u konfirmua.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Historiku' })).toHaveTextContent('E pranuar → E konfirmuar'));
    expect(screen.getByRole('region', { name: 'Historiku' })).toHaveTextContent('admin@shop.test');
    expect(screen.queryByRole('button', { name: 'Konfirmo porosinë' })).toBeNull();
    expect(callsOf(fetchMock).find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/admin/orders/12',
      body: { status: 'confirmed' },
    });
  });

  it('issue 28: handing over asks the IMEI of each unit of a serialized line, checks it at once and sends it with the move', async () => {
    let current = detail({
      products: [{ id: 'galaxy', name: 'Galaxy A56', quantity: 1, price: 449 }],
      serialLines: [
        { line: 71, variantId: 41, name: 'Galaxy A56', quantity: 1, imeis: [], inStock: ['490154203237518', '352099001761481'] },
      ],
    });
    const fetchMock = mockApi((_url, init) => {
      if (init.method === 'PATCH') {
        current = detail({
          status: 'delivered',
          nextStatuses: [],
          products: [{ id: 'galaxy', name: 'Galaxy A56', quantity: 1, price: 449, imeis: ['352099001761481'] }],
          serialLines: [{ line: 71, variantId: 41, name: 'Galaxy A56', quantity: 1, imeis: ['352099001761481'], inStock: [] }],
        });
      }
      return { body: current };
    });
    const user = userEvent.setup();
    renderAdmin(<OrderDetailAdmin id={12} />);
    await user.click(await screen.findByRole('button', { name: 'Sheno si dorezuar' }));
    const dialog = screen.getByRole('alertdialog');
    const field = within(dialog).getByLabelText('IMEI për “Galaxy A56”');
    await user.type(field, '352099001761482');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('shifra e fundit (kontrolli Luhn) nuk përputhet');
    await user.clear(field);
    await user.type(field, '352099001761481');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Sheno si dorezuar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsOf(fetchMock).find((c) => c.method === 'PATCH')).toMatchObject({
      body: { status: 'delivered', units: [{ line: 71, imeis: ['352099001761481'] }] },
    });
    expect(await screen.findAllByText('IMEI: 352099001761481')).not.toHaveLength(0);
  });

  it('decision 052: the hand-over of an order with a gift card shows its code once, focused, with the A6 insert to print', async () => {
    let current = detail({ status: 'confirmed', nextStatuses: ['shipped', 'delivered', 'cancelled'] });
    const card = { id: 7, code: 'ABCD-EFGH-JKLM-NPQR', value: 50, last4: 'NPQR', waiting: true };
    const fetchMock = mockApi((url, init) => {
      if (url.startsWith('/api/settings/contact')) {
        return {
          body: {
            shopName: 'Dyqani Testi',
            shopPhone: '+383 49 000 000',
            whatsappNumber: '',
            viberNumber: '',
            bankName: '',
            iban: '',
            couriers: [],
          },
        };
      }
      if (init.method === 'PATCH') {
        current = detail({ status: 'shipped', nextStatuses: ['delivered', 'cancelled'] });
        return { body: { ...current, giftCards: [card] } };
      }
      return { body: current };
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderAdmin(<OrderDetailAdmin id={12} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Shëno si të nisur' }));
    const dialog = screen.getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Shëno si të nisur' }));
    const region = await screen.findByRole('region', { name: 'U lëshua 1 kartë dhurate · Porosia #12' });
    await waitFor(() => expect(within(region).getByRole('heading', { level: 2 })).toHaveFocus());
    expect(region).toHaveTextContent('Kodi i plotë shfaqet vetëm tani');
    expect(region).toHaveTextContent('50,00 € · ABCD-EFGH-JKLM-NPQR');
    expect(region).toHaveTextContent('kur porosia shënohet e dorëzuar');
    // The preview of the insert: the value, the code, 'pa afat skadimi'.
    const preview = within(region).getByRole('article', { name: 'Kartë dhurate …NPQR' });
    expect(preview).toHaveTextContent('pa afat skadimi');
    expect(preview).toHaveTextContent('ABCD-EFGH-JKLM-NPQR');
    await userEvent.click(within(region).getByRole('button', { name: 'Printo fletën e kartës (A6) …NPQR' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(document.querySelector('.gift-insert-printed')).toHaveTextContent('ABCD-EFGH-JKLM-NPQR');
    expect(callsOf(fetchMock).find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/admin/orders/12',
      body: { status: 'shipped' },
    });
    // Nothing of the code is asked again: a reload of the order carries none.
    expect(JSON.stringify(current)).not.toContain('ABCD');
  });

  it('says the order was not found for an unknown id', async () => {
    mockApi(() => ({ status: 404, body: { msg: 'Porosia nuk u gjet.' } }));
    renderAdmin(<OrderDetailAdmin id={99} />);
    expect(await screen.findByText('Porosia nuk u gjet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Lista e Porosive' })).toHaveAttribute('href', '/admin/orders');
  });
});
