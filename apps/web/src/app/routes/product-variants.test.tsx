import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, StaticRouter } from '../../lib/router';
import { mockApi, renderAt } from '../../test/storefront-render';
import { cart } from '../../lib/cart-store';
import { swatchColour, variantFromAddress } from '../../features/products/lib/variants';
import { productKeys } from '../../features/products/api/product-queries';
import ProductDetailPage from './product-detail';

afterEach(() => {
  vi.unstubAllGlobals();
  cart.clear();
});

const photo = (src: string) => ({ src, srcset: null, avifSrcset: null, width: null, height: null });
const inStock = { status: 'in-stock', left: null } as const;
const variant = (id: number, values: string[], price: number, over: Record<string, unknown> = {}) => ({
  id,
  values,
  title: values.join(' / '),
  sku: `IP16-${id}`,
  price,
  oldPrice: null,
  stock: inStock,
  isDefault: id === 11,
  gallery: [],
  ...over,
});

/** A phone in 2 colours x 2 sizes: black 512 GB out of stock, natural 512 GB not sold. */
const product = {
  id: 'iphone-16-pro',
  name: 'iPhone 16 Pro',
  description: 'Titan',
  category: 'phone',
  collection: 'iphone',
  brand: 'Apple',
  sku: 'IP16',
  price: 1149,
  oldPrice: null,
  images: ['/a.svg'],
  image: '/a.svg',
  gallery: [photo('/a.svg')],
  rating: 0,
  reviewCount: 0,
  specs: {},
  stock: inStock,
  priceFrom: 1149,
  priceTo: 1399,
  options: [
    {
      id: 1,
      name: 'Ngjyra',
      values: [
        { id: 1, value: 'Titanium i zi' },
        { id: 2, value: 'Titanium natyral' },
      ],
    },
    {
      id: 2,
      name: 'Memoria',
      values: [
        { id: 3, value: '256 GB' },
        { id: 4, value: '512 GB' },
      ],
    },
  ],
  variants: [
    variant(11, ['Titanium i zi', '256 GB'], 1149),
    variant(12, ['Titanium i zi', '512 GB'], 1399, { oldPrice: 1499, stock: { status: 'low', left: 2 }, gallery: [photo('/black.svg')] }),
    variant(13, ['Titanium natyral', '256 GB'], 1179, { stock: { status: 'out-of-stock', left: 0 } }),
  ],
};

const answers = () =>
  mockApi((url) => {
    if (url.endsWith('/related')) return { body: { related: [], accessories: [] } };
    if (url.endsWith('/reviews')) return { body: { average: 0, count: 0, reviews: [] } };
    if (url === '/api/orders/settings')
      return { body: { deliveryFee: 2, freeDeliveryFrom: 50, vatPercent: 18, maxPerLine: 5, maxOpenOrders: 3 } };
    return { body: product };
  });

const group = (name: string) => screen.getByRole('group', { name });
const value = (option: string, name: RegExp) => within(group(option)).getByRole('button', { name });

describe('the product page with options (issue 27)', () => {
  it('shows a labelled group per option, the default variant pressed, its price, stock and SKU', async () => {
    answers();
    renderAt(<ProductDetailPage />, { path: '/products/iphone-16-pro', route: '/products/:id' });
    expect(await screen.findByRole('group', { name: /Ngjyra/ })).toBeInTheDocument();
    expect(value('Ngjyra: Titanium i zi', /^Titanium i zi$/)).toHaveAttribute('aria-pressed', 'true');
    expect(value('Ngjyra: Titanium i zi', /^Titanium natyral/)).toHaveAttribute('aria-pressed', 'false');
    expect(value('Memoria: 256 GB', /^256 GB$/)).toHaveAttribute('aria-pressed', 'true');
    expect(document.querySelector('.price-lg .price')).toHaveTextContent('1.149 €');
    expect(screen.getByText('Në stok')).toBeInTheDocument();
    expect(screen.getByText('IP16-11')).toBeInTheDocument();
    // A colour value has a swatch beside its name.
    expect(value('Ngjyra: Titanium i zi', /^Titanium i zi$/).querySelector('.variant-swatch')).not.toBeNull();
  });

  it('follows the chosen variant (price, old price, stock, photos) and keeps it in the address, replacing', async () => {
    answers();
    const user = userEvent.setup();
    const { router } = renderAt(<ProductDetailPage />, { path: '/products/iphone-16-pro', route: '/products/:id' });
    await user.click(await screen.findByRole('button', { name: /^512 GB$/ }));
    expect(router.state.location.search).toBe('?variant=12');
    expect(router.history.action).toBe('REPLACE');
    expect(screen.getByRole('button', { name: /^512 GB$/ })).toHaveAttribute('aria-pressed', 'true');
    expect(document.querySelector('.price-lg .price')).toHaveTextContent('1.399 €');
    expect(document.querySelector('.price-lg .old-price')).toHaveTextContent('1.499 €');
    expect(screen.getByText('Vetëm 2 të mbetura')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'iPhone 16 Pro' })).toHaveAttribute('src', '/black.svg');

    await user.click(screen.getByRole('button', { name: 'Shto në Shportë' }));
    expect(cart.get()).toEqual([
      expect.objectContaining({
        id: 'iphone-16-pro',
        variantId: 12,
        variant: 'Titanium i zi / 512 GB',
        sku: 'IP16-12',
        price: 1399,
        quantity: 1,
      }),
    ]);
  });

  it('marks an out-of-stock and a missing combination, and cannot add either', async () => {
    answers();
    const user = userEvent.setup();
    renderAt(<ProductDetailPage />, { path: '/products/iphone-16-pro', route: '/products/:id' });
    // With 256 GB chosen, natural titanium is out of stock.
    const natural = await screen.findByRole('button', { name: /Titanium natyral/ });
    expect(natural).toHaveAccessibleName(/^Titanium natyral, ?S'ka në stok$/);
    await user.click(natural);
    expect(screen.getByRole('button', { name: 'Shto në Shportë' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Shto në Shportë' })).toHaveAccessibleDescription("S'ka në stok");
    // Natural titanium in 512 GB is not sold at all.
    const big = screen.getByRole('button', { name: /512 GB/ });
    expect(big).toHaveAccessibleName(/^512 GB, ?Nuk ofrohet$/);
    await user.click(big);
    expect(big).toHaveAttribute('aria-pressed', 'true');
    const add = screen.getByRole('button', { name: 'Shto në Shportë' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Ky kombinim (Titanium natyral / 512 GB) nuk ofrohet. Zgjidhni një tjetër.');
    await user.click(add);
    expect(cart.get()).toEqual([]);
    // No price of the last variant chosen (1.179 €): the price area says so and gives the range.
    const area = document.querySelector('.detail-info .price-row')!;
    expect(area).toHaveTextContent(/^Nuk ofrohet\s*Variantet: nga 1\.149 € deri 1\.399 €$/);
    expect(area).not.toHaveTextContent('1.179');
    // Choosing a combination that is sold brings its price back.
    await user.click(screen.getByRole('button', { name: /256 GB/ }));
    expect(document.querySelector('.detail-info .price-row')).toHaveTextContent(/^1\.179 €$/);
  });

  it('opens the variant a shared address names, and the default for an unknown or foreign id', async () => {
    answers();
    const first = renderAt(<ProductDetailPage />, { path: '/products/iphone-16-pro?variant=12', route: '/products/:id' });
    await waitFor(() => expect(document.querySelector('.price-lg .price')).toHaveTextContent('1.399 €'));
    expect(screen.getByRole('button', { name: /^512 GB$/ })).toHaveAttribute('aria-pressed', 'true');
    first.unmount();
    for (const id of ['999', 'abc', '']) {
      const page = renderAt(<ProductDetailPage />, { path: `/products/iphone-16-pro?variant=${id}`, route: '/products/:id' });
      await waitFor(() => expect(document.querySelector('.price-lg .price')).toHaveTextContent('1.149 €'));
      expect(screen.getByRole('button', { name: /^256 GB$/ })).toHaveAttribute('aria-pressed', 'true');
      page.unmount();
    }
  });

  it('opens an old id (before the seed grouped phones) with the variant it meant, unless the address names one', async () => {
    mockApi((url) => {
      if (url.endsWith('/related')) return { body: { related: [], accessories: [] } };
      if (url.endsWith('/reviews')) return { body: { average: 0, count: 0, reviews: [] } };
      if (url === '/api/orders/settings')
        return { body: { deliveryFee: 2, freeDeliveryFrom: 50, vatPercent: 18, maxPerLine: 5, maxOpenOrders: 3 } };
      return { body: { ...product, selectedVariantId: 12 } };
    });
    const old = renderAt(<ProductDetailPage />, { path: '/products/iphone-16-pro-512gb', route: '/products/:id' });
    await waitFor(() => expect(document.querySelector('.price-lg .price')).toHaveTextContent('1.399 €'));
    expect(screen.getByRole('button', { name: /^512 GB$/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('IP16-12')).toBeInTheDocument();
    old.unmount();
    const named = renderAt(<ProductDetailPage />, { path: '/products/iphone-16-pro-512gb?variant=11', route: '/products/:id' });
    await waitFor(() => expect(document.querySelector('.price-lg .price')).toHaveTextContent('1.149 €'));
    expect(screen.getByRole('button', { name: /^256 GB$/ })).toHaveAttribute('aria-pressed', 'true');
    named.unmount();
  });

  it('renders the addressed variant on the server', () => {
    const client = new QueryClient();
    client.setQueryData(productKeys.one('iphone-16-pro'), product);
    const html = renderToString(
      <QueryClientProvider client={client}>
        <StaticRouter location="/products/iphone-16-pro?variant=12">
          <Routes>
            <Route path="/products/:id" element={<ProductDetailPage />} />
          </Routes>
        </StaticRouter>
      </QueryClientProvider>,
    );
    expect(html).toContain('1.399');
    expect(html).toMatch(/aria-pressed="true"[^>]*>(<[^>]+>)*512 GB/);
  });

  it('derives swatches from Albanian and English colour names, else none', () => {
    expect(swatchColour('Titanium i zi')).toBe('#1f1f1f');
    expect(swatchColour('E bardhë')).toBe('#f5f5f4');
    expect(swatchColour('Deep Blue')).toBe('#2563eb');
    expect(swatchColour('Ultramarine')).toBeNull();
    expect(variantFromAddress(product.variants as never, null)?.id).toBe(11);
  });
});
