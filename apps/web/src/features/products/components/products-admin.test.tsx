import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { AdminProductListItem } from '@shop/shared/schemas/admin-lists';
import { mockApi, renderAdmin } from '../../../components/admin/test-render';
import { ProductsAdmin } from './products-admin';

const product = (
  id: string,
  name: string,
  stock: number | null,
  lowStockVariants: string[] = [],
  variantCount = 1,
): AdminProductListItem => ({
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
  variantCount,
  lowStockVariants,
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

  it('badges a product with options whose variants are at or below LOW_STOCK_AT, naming them', async () => {
    const items = [
      product('iphone-16', 'iPhone 16', 9, ['E zezë / 256 GB', 'E bardhë / 512 GB'], 6),
      product('galaxy-s24', 'Galaxy S24', null, ['Gri / 128 GB'], 4),
      product('pixel-9', 'Pixel 9', 40, [], 4),
      product('galaxy-a15', 'Galaxy A15', 3, [''], 1),
    ];
    mockApi(() => ({ body: { items, total: items.length, page: 1, pageSize: 20 } }));
    renderAdmin(<ProductsAdmin />);
    const stockOf = async (name: string) => (await screen.findByText(name)).closest('tr')!.querySelector('td.col-stock')!;
    const two = (await stockOf('iPhone 16')).querySelector('.variant-low-badge')!;
    expect(two).toHaveTextContent('2 variante pak stok: E zezë / 256 GB, E bardhë / 512 GB');
    expect(two).toHaveAttribute('title', 'Pak stok (5 ose më pak): E zezë / 256 GB, E bardhë / 512 GB');
    // The sum is 'Pa kufi' when one variant is not tracked; the low one is still named.
    expect(await stockOf('Galaxy S24')).toHaveTextContent(/^Stoku: Pa kufi1 variant pak stok: Gri \/ 128 GB$/);
    expect((await stockOf('Pixel 9')).querySelector('.variant-low-badge')).toBeNull();
    // Without options the figure itself is marked, as before.
    expect((await stockOf('Galaxy A15')).querySelector('.variant-low-badge')).toBeNull();
  });
});
