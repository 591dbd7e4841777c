import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StaticRouter } from '../../lib/router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browseAnswer, item, mockApi, mockApiPending, renderAt } from '../../test/storefront-render';
import { HomeCatalogue } from '../../features/products/components/home-catalogue';
import { CataloguePage } from '../../features/products/components/catalogue-page';
import { Price } from '../../features/products/components/price';
import ProductsPage from './products';
import GiftCardsPage from './giftcards';
import SearchPage from './search';
import ProductDetailPage from './product-detail';
import { cart } from '../../lib/cart-store';
import { cartToast } from '../../lib/cart-toast';
import { CartToast } from '../../components/layout/cart-toast';
import BlogPage from './blog';

afterEach(() => {
  vi.unstubAllGlobals();
  cart.clear();
  cartToast.dismiss();
});

const homeList = [
  item({ id: 'iphone', name: 'iPhone 16', category: 'phone', price: 829, oldPrice: 879 }),
  item({ id: 'ora', name: 'Apple Watch', category: 'phone', price: 449 }),
  item({ id: 'kufje', name: 'AirPods Pro', category: 'case', price: 279, oldPrice: 199 }),
];

describe('home list', () => {
  it('shows 8 placeholders while loading', () => {
    mockApiPending();
    renderAt(<HomeCatalogue />);
    expect(screen.getAllByTestId('product-placeholder')).toHaveLength(8);
    expect(screen.getByRole('status')).toHaveTextContent('Duke ngarkuar produktet...');
  });

  it('filters by category, retitles the list and says when nothing is left', async () => {
    const fetch = mockApi(() => ({ body: homeList }));
    const user = userEvent.setup();
    renderAt(<HomeCatalogue />);
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(fetch.mock.calls[0]![0]).toBe('/api/products?collection=home');
    expect(screen.getByRole('heading', { level: 2, name: 'Produkte të reja' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Telefona' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Telefona' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Telefona' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Case' }));
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual(['AirPods Pro']);

    await user.click(screen.getByRole('button', { name: 'Gift Card' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Gift Card' })).toBeInTheDocument();
    expect(screen.getByText("S'ka produkte.")).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Të gjitha' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('cards link to the product and add it to the cart', async () => {
    mockApi(() => ({ body: homeList }));
    const user = userEvent.setup();
    renderAt(
      <>
        <HomeCatalogue />
        <CartToast />
      </>,
    );
    const card = (await screen.findAllByRole('article'))[0]!;
    expect(within(card).getByRole('link', { name: /Shiko Produktin/ })).toHaveAttribute('href', '/products/iphone');
    expect(within(card).getByRole('img', { name: 'iPhone 16' })).toHaveAttribute('src', '/images/p.svg');
    await user.click(within(card).getByRole('button', { name: 'Shto në Shportë' }));
    await user.click(within(card).getByRole('button', { name: 'Shto në Shportë' }));
    expect(cart.get()).toEqual([expect.objectContaining({ id: 'iphone', quantity: 2, price: 829 })]);
    // The shell's confirmation says what was added, in a polite live region, and takes no focus.
    expect(screen.getByTestId('cart-toast-region')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByTestId('cart-toast-region')).toHaveTextContent('U shtua në shportë: iPhone 16');
    expect(within(card).getByRole('button', { name: 'Shto në Shportë' })).toHaveFocus();
  });
});

describe('prices', () => {
  it('strikes the old price through only when it is higher', () => {
    const { rerender } = renderAt(<Price price={829} oldPrice={879} />);
    expect(document.querySelector('s')).toHaveTextContent('879 €');
    rerender(<Price price={279} oldPrice={199} />);
    expect(document.querySelector('s')).toBeNull();
  });

  it('shows whole euros on catalogues and 2 decimals on the server list', () => {
    renderAt(
      <>
        <Price price={1149} />
        <Price price={1149} style="cents" />
      </>,
    );
    expect(screen.getByText('1.149 €')).toBeInTheDocument();
    expect(screen.getByText('1.149,00 €')).toBeInTheDocument();
  });
});

describe('catalogue pages', () => {
  const list = [
    item({ id: 'a', name: 'Karikues 20W', description: 'USB-C', price: 35 }),
    item({ id: 'b', name: 'Power Bank', description: 'MagSafe 10000 mAh', price: 59 }),
  ];

  it('filters by text and price and shows its own empty text', async () => {
    mockApi(() => ({ body: list }));
    const user = userEvent.setup();
    renderAt(<CataloguePage collection="accessories" title="Aksesorë" intro="" description="" emptyText="S'ka aksesorë." />);
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    await user.type(screen.getByLabelText('Kërko sipas emrit ose përshkrimit'), 'magsafe');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await user.clear(screen.getByLabelText('Kërko sipas emrit ose përshkrimit'));
    await user.type(screen.getByLabelText('Çmimi min. (€)'), '40');
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual(['Power Bank']);
    await user.type(screen.getByLabelText('Çmimi maks. (€)'), '50');
    expect(screen.getByText("S'ka aksesorë.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pastro filtrat' }));
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it("says S'ka produkte në sistem. when the server list is empty", async () => {
    mockApi(() => ({
      body: browseAnswer([], { facets: { brands: [], storage: [], colors: [], prices: [], categories: [], inStock: 0 } }),
    }));
    renderAt(<ProductsPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Duke ngarkuar produktet...');
    expect(await screen.findByText("S'ka produkte në sistem.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Produktet' })).toBeInTheDocument();
  });

  it('falls back to /default-product.jpg when an image fails', async () => {
    mockApi(() => ({ body: browseAnswer([item({ id: 'x', name: 'Pa foto' })]) }));
    renderAt(<ProductsPage />);
    const img = await screen.findByRole('img', { name: 'Pa foto' });
    img.dispatchEvent(new Event('error'));
    await waitFor(() => expect(img).toHaveAttribute('src', '/default-product.jpg'));
    expect(screen.getByText('100,00 €')).toBeInTheDocument();
  });

  it("filters gift cards by card name and says S'ka karta.", async () => {
    mockApi(() => ({
      body: [
        { id: 1, name: 'Vala 5 €', desc: 'Rimbushje', price: 5, image: '/1.svg' },
        { id: 2, name: 'Apple Gift Card 25 €', desc: 'App Store', price: 25, image: '/2.svg' },
      ],
    }));
    const user = userEvent.setup();
    renderAt(<GiftCardsPage />);
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Shto në Shportë' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Karta'), 'Vala 5 €');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await user.type(screen.getByLabelText('Çmimi min. (€)'), '10');
    expect(screen.getByText("S'ka karta.")).toBeInTheDocument();
  });
});

describe("the catalogue pages' sort", () => {
  const list = [
    item({ id: 'c', name: 'kabllo USB-C', description: 'USB-C', price: 15 }),
    item({ id: 'a', name: 'Karikues 20W', description: 'USB-C', price: 35 }),
    item({ id: 'b', name: 'Power Bank', description: 'MagSafe 10000 mAh', price: 59 }),
  ];
  const names = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
  const accessories = <CataloguePage collection="accessories" title="Aksesorë" intro="" description="" emptyText="S'ka aksesorë." />;

  it("offers /products' sort with its texts, reads it from the address and keeps a choice there (and the filters typed)", async () => {
    mockApi(() => ({ body: list }));
    const user = userEvent.setup();
    const { router } = renderAt(accessories, { path: '/products/accessories?sort=price-desc', route: '/products/accessories' });
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    const sort = screen.getByLabelText('Rendit sipas');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Të rekomanduarat', 'Më të rejat', 'Çmimi: nga më i ulëti', 'Çmimi: nga më i larti', 'Emri (A-Z)']);
    expect(sort).toHaveValue('price-desc');
    expect(names()).toEqual(['Power Bank', 'Karikues 20W', 'kabllo USB-C']);

    // The contract's filters stay as they are, and a sort keeps what was typed in them.
    await user.type(screen.getByLabelText('Kërko sipas emrit ose përshkrimit'), 'usb');
    expect(names()).toEqual(['Karikues 20W', 'kabllo USB-C']);
    await user.selectOptions(sort, 'price-asc');
    expect(router.state.location.search).toBe('?sort=price-asc');
    expect(names()).toEqual(['kabllo USB-C', 'Karikues 20W']);
    expect(screen.getByLabelText('Kërko sipas emrit ose përshkrimit')).toHaveValue('usb');
    await user.selectOptions(sort, 'name');
    expect(names()).toEqual(['kabllo USB-C', 'Karikues 20W']);
    await user.selectOptions(sort, 'featured');
    expect(router.state.location.search).toBe('');
    expect(names()).toEqual(['kabllo USB-C', 'Karikues 20W']);
    await user.clear(screen.getByLabelText('Kërko sipas emrit ose përshkrimit'));
    await user.selectOptions(sort, 'newest');
    expect(names()).toEqual(['Power Bank', 'Karikues 20W', 'kabllo USB-C']);
  });

  it('sorts the gift cards too, from the address', async () => {
    mockApi(() => ({
      body: [
        { id: 1, name: 'Vala 5 €', desc: 'Rimbushje', price: 5, image: '/1.svg' },
        { id: 2, name: 'Apple Gift Card 25 €', desc: 'App Store', price: 25, image: '/2.svg' },
        { id: 3, name: 'PlayStation 50 €', desc: 'PSN', price: 50, image: '/3.svg' },
      ],
    }));
    renderAt(<GiftCardsPage />, { path: '/products/giftcard?sort=price-desc', route: '/products/giftcard' });
    await screen.findAllByRole('article');
    expect(screen.getByLabelText('Rendit sipas')).toHaveValue('price-desc');
    expect(names()).toEqual(['PlayStation 50 €', 'Apple Gift Card 25 €', 'Vala 5 €']);
    // The contract's card filter is still there.
    expect(screen.getByLabelText('Karta')).toHaveValue('all');
  });

  it('without JavaScript the sort is a form sent to the page itself, rendered by the server in its order', () => {
    const client = new QueryClient();
    client.setQueryData(['products', 'list', 'iphone'], list);
    const html = renderToString(
      <QueryClientProvider client={client}>
        <StaticRouter location="/products/iphone?sort=price-asc">
          <CataloguePage collection="iphone" title="iPhone" intro="" description="" emptyText="S'ka produkte." />
        </StaticRouter>
      </QueryClientProvider>,
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const form = doc.querySelector('form.browse-sort')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/products/iphone');
    expect(form.querySelector('select[name="sort"] option[selected]')?.getAttribute('value')).toBe('price-asc');
    expect(form.querySelector('button[type="submit"]')?.textContent).toBe('Rendit');
    expect([...doc.querySelectorAll('article h2')].map((h) => h.textContent)).toEqual(['kabllo USB-C', 'Karikues 20W', 'Power Bank']);
  });
});

describe('search page', () => {
  const list = [item({ id: 'm', name: 'Mbrojtëse Spigen', description: 'Për Galaxy S25' }), item({ id: 'i', name: 'iPhone 15' })];

  it('asks for a query when there is none', () => {
    mockApi(() => ({ body: browseAnswer(list) }));
    renderAt(<SearchPage />, { path: '/search', route: '/search' });
    expect(screen.getByText('Shkruani diçka për të kërkuar!')).toBeInTheDocument();
  });

  it('says when nothing matches, quoting the query', async () => {
    mockApi(() => ({ body: browseAnswer([]) }));
    renderAt(<SearchPage />, { path: '/search?query=nokia%203310', route: '/search' });
    expect(await screen.findByText('Nuk u gjetën produkte për “nokia 3310”!')).toBeInTheDocument();
  });

  it('lists the matches the server found for the query', async () => {
    const fetch = mockApi(() => ({ body: browseAnswer(list.slice(0, 1), { sort: 'relevance' }) }));
    renderAt(<SearchPage />, { path: '/search?query=mbrojtese', route: '/search' });
    expect(await screen.findByRole('heading', { name: /Rezultatet për:/ })).toHaveTextContent('“mbrojtese”');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Mbrojtëse Spigen' })).toBeInTheDocument();
    expect(fetch.mock.calls[0]![0]).toBe('/api/products/browse?q=mbrojtese');
  });
});

describe('product detail', () => {
  const product = {
    id: 'iphone-15',
    name: 'iPhone 15 128 GB',
    description: 'Dynamic Island',
    category: 'phone',
    collection: 'iphone',
    brand: 'Apple',
    sku: null,
    price: 699,
    oldPrice: 699,
    images: ['/a.svg', '/b.svg'],
    image: '/a.svg',
    gallery: ['/a.svg', '/b.svg'].map((src) => ({ src, srcset: null, avifSrcset: null, width: null, height: null })),
    rating: 4.5,
    reviewCount: 2,
    specs: { Pesha: '171 g', Ekrani: '6.1"' },
    stock: { status: 'low', left: 4 },
  };
  const reviews = {
    average: 4.5,
    count: 2,
    reviews: [
      {
        id: 2,
        author: 'Arta K.',
        rating: 5,
        text: 'Bateria zgjat gjithë ditën.',
        createdAt: '2026-05-02T10:00:00.000Z',
        updatedAt: '2026-05-02T10:00:00.000Z',
      },
      { id: 1, author: 'Dren', rating: 4, text: '', createdAt: '2026-04-20T10:00:00.000Z', updatedAt: '2026-04-20T10:00:00.000Z' },
    ],
  };
  const case16 = {
    ...item({ id: 'mbrojtese-15', name: 'Mbrojtëse për iPhone 15', category: 'case', price: 29 }),
    rating: 0,
    reviewCount: 0,
  };
  const answers = (over: Partial<Record<'product' | 'reviews' | 'related' | 'settings', { status?: number; body: unknown }>> = {}) =>
    mockApi((url) => {
      if (url.endsWith('/related')) return over.related ?? { body: { related: [], accessories: [case16] } };
      if (url.endsWith('/reviews')) return over.reviews ?? { body: reviews };
      if (url === '/api/orders/settings')
        return over.settings ?? { body: { deliveryFee: 2, freeDeliveryFrom: 50, vatPercent: 18, maxPerLine: 5, maxOpenOrders: 3 } };
      return over.product ?? { body: product };
    });

  it('shows breadcrumb, prices, a dash for a missing SKU, rating, thumbnails and specs in order', async () => {
    const fetch = answers();
    const user = userEvent.setup();
    renderAt(<ProductDetailPage />, { path: '/products/IPHONE-15', route: '/products/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'iPhone 15 128 GB' })).toBeInTheDocument();
    expect(fetch.mock.calls[0]![0]).toBe('/api/products/IPHONE-15');
    const crumbs = within(screen.getByRole('navigation', { name: 'Gjurma' })).getAllByRole('listitem');
    expect(crumbs.map((c) => c.textContent)).toEqual(['Ballina', 'iphone', 'iPhone 15 128 GB']);
    expect(document.querySelector('s')).toBeNull();
    expect(screen.getByText('SKU').nextElementSibling).toHaveTextContent('-');
    expect(screen.getAllByRole('img', { name: 'Vlerësimi mesatar 4,5 nga 5, 2 vlerësime' })[0]).toBeInTheDocument();
    expect(screen.getAllByText('4,5 (2 vlerësime)')[0]).toBeVisible();
    expect(screen.getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['Ekrani', 'Pesha']);
    await user.click(screen.getByRole('button', { name: 'Fotoja 2 nga 2' }));
    expect(screen.getByRole('button', { name: 'Fotoja 2 nga 2' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Shto në Shportë' }));
    expect(cart.get()).toEqual([expect.objectContaining({ id: 'iphone-15', quantity: 1 })]);
  });

  it('lists the visible reviews with author, date and stars, and asks a guest to log in to rate', async () => {
    answers();
    renderAt(<ProductDetailPage />, { path: '/products/iphone-15', route: '/products/:id' });
    const section = await screen.findByRole('region', { name: 'Vlerësimet e klientëve' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((li) => within(li).getByText(/^(Arta K\.|Dren)$/).textContent)).toEqual(['Arta K.', 'Dren']);
    expect(within(items[0]!).getByRole('img', { name: 'Vlerësimi: 5 nga 5 yje' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('2 maj 2026, 12:00')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Keni blerë këtë produkt? Kyçuni për ta vlerësuar.' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('shows no stars and says so while the product has no reviews', async () => {
    answers({ product: { body: { ...product, rating: 0, reviewCount: 0 } }, reviews: { body: { average: 0, count: 0, reviews: [] } } });
    renderAt(<ProductDetailPage />, { path: '/products/iphone-15', route: '/products/:id' });
    expect(await screen.findByText('Ky produkt nuk ka ende vlerësime.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Vlerësimi/ })).toBeNull();
    expect(screen.queryByTestId('rating-summary')).toBeNull();
  });

  it('adds the chosen quantity, bounded by the stock and the per-line cap, and confirms it', async () => {
    answers();
    const user = userEvent.setup();
    renderAt(
      <>
        <ProductDetailPage />
        <CartToast />
      </>,
      { path: '/products/iphone-15', route: '/products/:id' },
    );
    const more = await screen.findByRole('button', { name: 'Rrit sasinë e iPhone 15 128 GB' });
    // 4 left on the shelf, the cap is 5: the selector stops at 4.
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: /iPhone 15 128 GB/ })).toHaveAttribute('max', '4'));
    for (let i = 0; i < 5; i++) if (!(more as HTMLButtonElement).disabled) await user.click(more);
    expect(screen.getByRole('spinbutton', { name: /iPhone 15 128 GB/ })).toHaveValue(4);
    expect(more).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Shto në Shportë' }));
    expect(cart.get()).toEqual([expect.objectContaining({ id: 'iphone-15', quantity: 4 })]);
    expect(screen.getByTestId('cart-toast')).toHaveTextContent('U shtuan në shportë 4 copë: iPhone 15 128 GB');
  });

  it('says how it is delivered and paid: only what the shop takes, and offers matching accessories', async () => {
    answers();
    renderAt(<ProductDetailPage />, { path: '/products/iphone-15', route: '/products/:id' });
    expect(await screen.findByTestId('delivery-note')).toHaveTextContent('Dërgesa 1-2 ditë pune në gjithë Kosovën');
    await waitFor(() => expect(screen.getByTestId('delivery-note')).toHaveTextContent('2,00 €, falas nga 50,00 €'));
    expect(screen.getByTestId('payment-note')).toHaveTextContent('Pagesë me para në dorë: në dyqan ose korrierit në dorëzim');
    expect(document.body.textContent).not.toMatch(/PayPal|kartë krediti|Visa|Mastercard/i);
    const row = await screen.findByRole('region', { name: 'Aksesorë që i përshtaten' });
    expect(within(row).getByRole('link', { name: 'Mbrojtëse për iPhone 15' })).toHaveAttribute('href', '/products/mbrojtese-15');
    // The page's one cart button is the product's own.
    expect(screen.getAllByRole('button', { name: 'Shto në Shportë' })).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Produkte të ngjashme' })).toBeNull();
  });

  it("says 'Produkt jo i gjetur' for an unknown id", async () => {
    mockApi(() => ({ status: 404, body: { msg: 'Produkt jo i gjetur' } }));
    renderAt(<ProductDetailPage />, { path: '/products/nuk-ka', route: '/products/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Produkt jo i gjetur' })).toBeInTheDocument();
  });
});

describe('failed lists (issue 18)', () => {
  it('say Diçka shkoi keq. Provo përsëri! with a retry, never the empty text, on every storefront list', async () => {
    const pages: [string, () => ReturnType<typeof renderAt>][] = [
      ['server list', () => renderAt(<ProductsPage />)],
      ['home list', () => renderAt(<HomeCatalogue />)],
      [
        'catalogue',
        () => renderAt(<CataloguePage collection="iphone" title="iPhone" intro="" description="" emptyText="S'ka produkte." />),
      ],
      ['gift cards', () => renderAt(<GiftCardsPage />)],
      ['search', () => renderAt(<SearchPage />, { path: '/search?query=iphone', route: '/search' })],
      ['blog', () => renderAt(<BlogPage />)],
      ['product', () => renderAt(<ProductDetailPage />, { path: '/products/iphone-15', route: '/products/:id' })],
    ];
    for (const [name, render] of pages) {
      mockApi(() => ({ status: 500, body: { msg: 'Ndodhi një gabim në server. Provoni përsëri.' } }));
      const { unmount } = render();
      const failed = await screen.findByTestId('list-failed');
      expect(failed, name).toHaveTextContent('Diçka shkoi keq. Provo përsëri!');
      expect(failed).toHaveAttribute('role', 'alert');
      expect(screen.queryByText(/S'ka produkte|S'ka karta|S'ka artikuj|Nuk u gjetën/), name).toBeNull();
      expect(within(failed).getByRole('button', { name: 'Provo përsëri' })).toBeInTheDocument();
      unmount();
    }
  });

  it('asks again on Provo përsëri and then shows the list', async () => {
    let fail = true;
    const fetch = mockApi(() => (fail ? { status: 503, body: { msg: 'x' } } : { body: browseAnswer(homeList) }));
    const user = userEvent.setup();
    renderAt(<ProductsPage />);
    const retry = await screen.findByRole('button', { name: 'Provo përsëri' });
    expect(screen.queryByText("S'ka produkte në sistem.")).toBeNull();
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { name: 'iPhone 16' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('list-failed')).toBeNull();
  });

  it('keeps loading, empty and failed apart: loading says so, empty says the spec text', async () => {
    mockApiPending();
    const { unmount } = renderAt(<ProductsPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Duke ngarkuar produktet...');
    expect(screen.queryByTestId('list-failed')).toBeNull();
    unmount();
    vi.unstubAllGlobals();
    mockApi(() => ({ body: browseAnswer([]) }));
    renderAt(<ProductsPage />);
    expect(await screen.findByText("S'ka produkte në sistem.")).toBeInTheDocument();
    expect(screen.queryByTestId('list-failed')).toBeNull();
  });
});
