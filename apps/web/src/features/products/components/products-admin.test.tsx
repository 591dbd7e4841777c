import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { AdminProduct } from '@shop/shared/schemas/admin';
import { mockApi, renderAdmin } from '../../../components/admin/test-render';
import { ProductsAdmin } from './products-admin';

const product = (id: string, name: string, stock: number | null): AdminProduct => ({
  id,
  name,
  description: '',
  price: 299,
  oldPrice: null,
  image: '/default-product.jpg',
  images: [],
  category: 'phone',
  collection: null,
  stock,
  brand: 'Samsung',
  sku: null,
  specs: {},
  photos: [],
  updatedAt: '2026-01-01T00:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('<ProductsAdmin>', () => {
  it("says what the stock figure is ('Stoku: 3'), as a phone's card shows it without the table's headings", async () => {
    const items = [
      product('galaxy-a15', 'Galaxy A15', 3),
      product('karte-dhurate-50', 'Kartë dhurate 50 €', null),
      product('airpods', 'AirPods', 40),
    ];
    mockApi(() => ({ body: { items, total: items.length, page: 1, pageSize: 20 } }));
    renderAdmin(<ProductsAdmin />);
    const low = (await screen.findByText('Galaxy A15')).closest('tr')!.querySelector('td.col-stock')!;
    expect(low).toHaveTextContent(/^Stoku: 3$/);
    expect(low.querySelector('.stock-low')).toHaveTextContent('3');
    expect(screen.getByText('Kartë dhurate 50 €').closest('tr')!.querySelector('td.col-stock')).toHaveTextContent(/^Stoku: Pa kufi$/);
    expect(screen.getByText('AirPods').closest('tr')!.querySelector('td.col-stock')).toHaveTextContent(/^Stoku: 40$/);
  });
});
