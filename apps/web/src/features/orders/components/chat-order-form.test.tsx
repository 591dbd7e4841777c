import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsOf, mockApi, renderAdmin } from '../../../components/admin/test-render';
import { ChatOrderForm } from './chat-order-form';

afterEach(() => vi.unstubAllGlobals());

const product = {
  id: 'galaxy-a56',
  name: 'Samsung Galaxy A56',
  brand: 'Samsung',
  category: 'phone',
  price: 449,
  stock: 5,
  variantCount: 1,
};

function api(customers: { id: number; name: string; email: string; phone: string | null }[] = []) {
  return mockApi((url, init) => {
    if (url === '/api/orders/settings') {
      return { body: { deliveryFee: 2.5, freeDeliveryFrom: null, vatPercent: 18, maxPerLine: 10, maxOpenOrders: 5 } };
    }
    if (url.startsWith('/api/admin/counter-sales/customers')) return { body: { customers } };
    if (url.startsWith('/api/admin/products/search')) return { body: { items: [product], total: 1, page: 1, pageSize: 8 } };
    if (url === '/api/admin/orders' && init.method === 'POST') {
      return {
        status: 201,
        body: {
          message: 'Porosia #77 u krijua.',
          order: { id: 77, total: 900.5 },
          account: null,
          link: '/porosia-ime/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
          mailed: false,
        },
      };
    }
    return { status: 404, body: { msg: 'Nuk u gjet.' } };
  });
}

describe('ChatOrderForm (Porosi nga biseda)', () => {
  it('names the registered customer of a phone', async () => {
    api([{ id: 5, name: 'Drita Berisha', email: 'drita@example.com', phone: '+383 44 777 888' }]);
    renderAdmin(<ChatOrderForm />);
    await userEvent.type(screen.getByLabelText('Telefoni i klientit'), '044 777 888');
    expect(await screen.findByText(/Klient i regjistruar: Drita Berisha/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Përdor emrin/ }));
    expect(screen.getByLabelText('Emri dhe mbiemri')).toHaveValue('Drita Berisha');
  });

  it('builds a delivery order from the keyboard, shows the total with the fee, sends no prices, then the link and the message', async () => {
    const fetchMock = api();
    renderAdmin(<ChatOrderForm />);
    await userEvent.click(screen.getByLabelText('Viber'));
    await userEvent.type(screen.getByLabelText('Telefoni i klientit'), '+41 79 123 45 67');
    expect(await screen.findByText(/Asnjë llogari me këtë telefon/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Emri dhe mbiemri'), 'Besa Hoxha');
    await userEvent.type(screen.getByLabelText(/Kërko produktin/), 'galaxy{Enter}');
    // Adding the same product again raises its quantity.
    await userEvent.click(await screen.findByRole('button', { name: 'Shto Samsung Galaxy A56' }));
    await userEvent.click(screen.getByRole('button', { name: 'Shto Samsung Galaxy A56' }));
    expect(screen.getByLabelText('Sasia e Samsung Galaxy A56')).toHaveValue(2);
    await userEvent.click(screen.getByLabelText('Dërgesë në adresë'));
    await userEvent.selectOptions(screen.getByLabelText('Komuna'), 'Prizren');
    await userEvent.type(screen.getByLabelText('Adresa'), 'Rr. Remzi Ademaj 4');
    // 2 × 449 € + 2,50 € delivery.
    expect(await screen.findByText(/900,50/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Krijo porosinë' }));

    expect(await screen.findByRole('heading', { name: 'Porosia #77 u krijua.' })).toHaveFocus();
    const sent = callsOf(fetchMock).find((c) => c.method === 'POST' && c.url === '/api/admin/orders');
    expect(sent?.body).toEqual({
      channel: 'viber',
      customer: { phone: '+41 79 123 45 67', name: 'Besa Hoxha' },
      items: [{ id: 'galaxy-a56', quantity: 2 }],
      fulfilment: 'delivery',
      paymentMethod: 'cash',
      delivery: { fullName: 'Besa Hoxha', phone: '+41 79 123 45 67', city: 'Prizren', address: 'Rr. Remzi Ademaj 4' },
    });
    const link = `${window.location.origin}/porosia-ime/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ`;
    expect(screen.getByLabelText('Lidhja e porosisë')).toHaveValue(link);
    expect(screen.getByLabelText('Mesazhi për bisedën')).toHaveValue(
      `Faleminderit! Porosia juaj #77 u regjistrua. Totali: 900,50 €. Statusin e porosisë e shihni këtu: ${link}`,
    );
    expect(screen.getByRole('button', { name: 'Kopjo lidhjen' })).toBeInTheDocument();
  });
});
