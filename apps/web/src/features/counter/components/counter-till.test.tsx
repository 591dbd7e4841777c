import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CounterItem, CounterSale } from '@shop/shared/schemas/counter';
import { callsOf, mockApi, renderAdmin } from '../../../components/admin/test-render';
import { CounterTill } from './counter-till';
import { CounterReceipt, NOT_FISCAL } from './counter-receipt';
import { CounterSaleView } from './counter-sale-view';

afterEach(() => vi.unstubAllGlobals());

const IMEI = '490154203237518';
const phone: CounterItem = {
  variantId: 41,
  productId: 'galaxy-a56',
  name: 'Samsung Galaxy A56',
  variantTitle: 'E zezë',
  brand: 'Samsung',
  sku: 'A56-BLK',
  barcode: null,
  price: 449,
  stock: 2,
  serialized: true,
  imeisInStock: ['352099001761481', IMEI],
};
const cover: CounterItem = {
  variantId: 7,
  productId: 'mbrojtese',
  name: 'Mbrojtëse',
  variantTitle: '',
  brand: 'Spigen',
  sku: 'SPG-1',
  barcode: '4006381333931',
  price: 15.5,
  stock: 9,
  serialized: false,
  imeisInStock: [],
};

function api() {
  return mockApi((url, init) => {
    if (url === '/api/admin/counter-sales') {
      if (init.method === 'POST') return { status: 201, body: { msg: 'Shitja #5 u regjistrua.', sale: { id: 5 } } };
      return { body: { sales: [], discountMaxPercent: 10 } };
    }
    if (url.startsWith('/api/admin/counter-sales/lookup?')) {
      const q = new URLSearchParams(url.split('?')[1]).get('q');
      if (q === IMEI) return { body: { match: 'imei', imei: IMEI, items: [phone] } };
      if (q === '4006381333931') return { body: { match: 'code', imei: null, items: [cover] } };
      if (q === 'galaxy')
        return { body: { match: 'name', imei: null, items: [phone, { ...phone, variantId: 42, variantTitle: 'E bardhë' }] } };
      return {
        status: 409,
        body: { msg: `IMEI ${q} nuk është në stok për “Samsung Galaxy A56” (mund të jetë shitur). Shitja nuk u regjistrua.` },
      };
    }
    return { status: 404, body: { msg: 'Nuk u gjet.' } };
  });
}

describe('<CounterTill>', () => {
  it('a scanner adds lines by IMEI and EAN; the discount limit, the change and the fiscal number gate the sale; one POST', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    renderAdmin(<CounterTill />);
    const scan = screen.getByLabelText(/^Skanoni EAN, SKU ose IMEI/);
    expect(scan).toHaveFocus();
    await user.type(scan, `${IMEI}{Enter}`);
    expect(await screen.findByLabelText('IMEI për Samsung Galaxy A56 (E zezë)')).toHaveValue(IMEI);
    // The scanner's Enter twice on the same EAN: one line of 2.
    await user.type(scan, '4006381333931{Enter}');
    await screen.findByLabelText('Sasia për Mbrojtëse');
    await user.type(scan, '4006381333931{Enter}');
    await vi.waitFor(() => expect(screen.getByLabelText('Sasia për Mbrojtëse')).toHaveValue(2));
    expect(scan).toHaveFocus();

    // 10 % of 31,00 € is 3,10 €: 3,11 € is refused on screen.
    await user.type(screen.getByLabelText('Zbritja për Mbrojtëse'), '3,11');
    expect(screen.getByText('Më së shumti 3,10 € (10%).')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Zbritja për Mbrojtëse'));
    await user.type(screen.getByLabelText('Zbritja për Mbrojtëse'), '3,10');
    const payment = screen.getByRole('group', { name: 'Pagesa' });
    expect(within(payment).getByText('476,90 €')).toBeInTheDocument();
    // 476,90 × 18 / 118 = 72,75 €
    expect(within(payment).getByText(/TVSH e përfshirë \(18%\): 72,75 €/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Cash: shuma e dhënë €'), '450');
    expect(screen.getByText('Mungojnë 26,90 €.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Cash: shuma e dhënë €'));
    await user.type(screen.getByLabelText('Cash: shuma e dhënë €'), '500');
    expect(screen.getByText('Kusuri:').parentElement).toHaveTextContent('Kusuri: 23,10 €');
    const sell = screen.getByRole('button', { name: 'Regjistro shitjen' });
    expect(sell).toBeDisabled();
    await user.type(screen.getByLabelText('Numri i kuponit fiskal (nga arka fiskale)'), 'FK-77');
    expect(sell).toBeEnabled();
    await user.click(sell);
    await vi.waitFor(() => expect(callsOf(fetchMock).filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(callsOf(fetchMock).find((c) => c.method === 'POST')!.body).toEqual({
      receiptNo: 'FK-77',
      // The till of this computer (decision 051): the main one until another is chosen.
      till: 'Arka 1',
      lines: [
        { variantId: 41, quantity: 1, imei: IMEI },
        { variantId: 7, quantity: 2, discount: 3.1 },
      ],
      payment: { cashGiven: 500 },
    });
  });

  it('a typed name offers the variants to choose; a sold IMEI shows the API’s refusal', async () => {
    api();
    const user = userEvent.setup();
    renderAdmin(<CounterTill />);
    const scan = screen.getByLabelText(/^Skanoni EAN, SKU ose IMEI/);
    await user.type(scan, 'galaxy{Enter}');
    const choices = await screen.findByRole('group', { name: 'Zgjidhni produktin' });
    await user.click(within(choices).getByRole('button', { name: /E bardhë/ }));
    // The first IMEI in stock is offered at once.
    expect(screen.getByLabelText('IMEI për Samsung Galaxy A56 (E bardhë)')).toHaveValue('352099001761481');
    await user.type(scan, '356938035643809{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('IMEI 356938035643809 nuk është në stok');
  });
});

describe('<CounterReceipt>', () => {
  const sale: CounterSale = {
    id: 5,
    receiptNo: 'FK-77',
    createdAt: '2026-11-27T10:15:00.000Z',
    till: 'Arka 1',
    seller: 'besa@example.com',
    customer: { userId: null, name: 'Arta Krasniqi', phone: null, email: null },
    lines: [
      {
        id: 1,
        productId: 'galaxy-a56',
        variantId: 41,
        name: 'Samsung Galaxy A56',
        variantTitle: 'E zezë',
        brand: 'Samsung',
        sku: 'A56-BLK',
        imei: IMEI,
        unitPrice: 449,
        quantity: 1,
        discount: 0,
        total: 449,
        warrantyMonths: 12,
        warrantySheetId: 9,
        returned: 0,
      },
    ],
    gross: 449,
    discount: 0,
    total: 449,
    vatPercent: 18,
    vat: 68.49,
    payment: { cash: 449, cashGiven: 500, change: 51, pos: 0, transfer: 0 },
    returns: [],
    warrantySheets: [
      {
        id: 9,
        emri: 'Arta',
        mbiemri: 'Krasniqi',
        telefoni: '',
        email: '',
        marka: 'Samsung',
        modeli: 'Samsung Galaxy A56 (E zezë)',
        imei: IMEI,
        softInfo: '',
        kohezgjatja: '12 muaj',
        cmimi: 449,
        data: '2026-11-27',
        komente: 'Shitje në dyqan #5, kuponi fiskal FK-77',
        llojiPageses: 'Cash',
        status: 'printed',
        createdAt: '2026-11-27T10:15:00.000Z',
      },
    ],
  };
  it('the sale page shows the change; its phone’s warranty sheet prints with one click (recorded, then the print dialog)', async () => {
    mockApi((url) => (url === '/api/admin/counter-sales/5' ? { body: sale } : { status: 404, body: { msg: 'Nuk u gjet.' } }));
    // The page composes the warranty feature's call and sheet (app/routes/admin/shitje-detail.tsx).
    const recordSheetPrint = vi.fn(async () => ({ msg: 'ok' }));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    renderAdmin(
      <CounterSaleView
        id={5}
        recordSheetPrint={recordSheetPrint}
        renderSheet={(sheet) => (
          <article aria-label={`Fleta e garancionit ${sheet.id}`}>
            {sheet.modeli} {sheet.imei}
          </article>
        )}
      />,
    );
    expect(await screen.findByText('Kusuri:')).toHaveTextContent('Kusuri: 51,00 €');
    expect(screen.getByRole('button', { name: 'Printo kuponin 80 mm' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Printo fletën e garancionit për IMEI ${IMEI}` }));
    await vi.waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(recordSheetPrint).toHaveBeenCalledWith(9);
    const sheet = screen.getByRole('article', { name: 'Fleta e garancionit 9' });
    expect(sheet).toHaveTextContent(IMEI);
    expect(sheet).toHaveTextContent('Samsung Galaxy A56 (E zezë)');
    // The receipt steps out of the print meanwhile (its page size too).
    expect(screen.getByRole('article', { name: 'Fatura e shitjes #5' })).toHaveClass('no-print');
  });

  it('a return: how many come back, restock or not, how the money goes back and why; one POST', async () => {
    const fresh = { ...sale, createdAt: new Date().toISOString() };
    const fetchMock = mockApi((url, init) => {
      if (url === '/api/admin/counter-sales/5') return { body: fresh };
      if (url === '/api/admin/counter-sales/5/returns' && init.method === 'POST')
        return { status: 201, body: { msg: 'Kthimi #1 u regjistrua. Kthehen 449,00 €.', sale: fresh } };
      return { status: 404, body: { msg: 'Nuk u gjet.' } };
    });
    const user = userEvent.setup();
    renderAdmin(<CounterSaleView id={5} recordSheetPrint={async () => undefined} renderSheet={() => null} />);
    const form = await screen.findByRole('form', { name: 'Kthim nga shitja' });
    const submit = within(form).getByRole('button', { name: 'Regjistro kthimin' });
    expect(submit).toBeDisabled();
    await user.clear(within(form).getByLabelText(/^Kthehen nga “Samsung Galaxy A56 \(E zezë\)”/));
    await user.type(within(form).getByLabelText(/^Kthehen nga “Samsung Galaxy A56 \(E zezë\)”/), '1');
    await user.selectOptions(within(form).getByLabelText('Paratë kthehen me'), 'pos');
    await user.type(within(form).getByLabelText('Arsyeja e kthimit'), 'I papërdorur');
    await user.click(submit);
    expect(await screen.findByText('Kthimi #1 u regjistrua. Kthehen 449,00 €.')).toBeInTheDocument();
    expect(callsOf(fetchMock).find((c) => c.method === 'POST')!.body).toEqual({
      lines: [{ lineId: 1, quantity: 1 }],
      restock: true,
      refundMethod: 'pos',
      reason: 'I papërdorur',
    });
  });

  it.each(['thermal', 'a4'] as const)(
    '%s: the shop, the IMEI, VAT contained, payment, change, the fiscal number and “not fiscal”',
    (layout) => {
      const { container } = render(<CounterReceipt sale={sale} layout={layout} />);
      const receipt = screen.getByRole('article', { name: 'Fatura e shitjes #5' });
      expect(receipt).toHaveTextContent('MobileShop KS');
      expect(receipt).toHaveTextContent(`IMEI: ${IMEI}`);
      expect(receipt).toHaveTextContent('TVSH e përfshirë (18%)68,49 €');
      expect(receipt).toHaveTextContent('Cash (dhënë 500,00 €)449,00 €');
      expect(receipt).toHaveTextContent('Kusuri51,00 €');
      expect(receipt).toHaveTextContent('Kuponi fiskal nr.: FK-77');
      expect(receipt).toHaveTextContent(NOT_FISCAL);
      expect(container.querySelector('style')!.textContent).toContain(layout === 'thermal' ? 'size: 80mm' : 'size: A4');
    },
  );
});
