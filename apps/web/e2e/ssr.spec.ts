import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { z } from 'zod';
import { admin, loginAs, watchConsole } from './support/helpers';

/**
 * Server rendering (issue 15): the HTML that leaves the server holds the page, its head and its
 * schema.org data; the browser hydrates it without a warning and without reading its data again.
 */

/** The shopper pages the server renders, with text each one's HTML must hold. */
const pages: { path: string; texts: string[]; dataApi?: string }[] = [
  { path: '/', texts: ['Teknologjia që të përshtatet', 'Produkte të reja', 'iPhone 16 Pro Max'], dataApi: '/api/products' },
  { path: '/products', texts: ['Produktet', 'Galaxy'], dataApi: '/api/products' },
  { path: '/products/iphone', texts: ['iPhone', 'iPhone 16 Pro Max'], dataApi: '/api/products' },
  { path: '/products/samsung', texts: ['Samsung', 'Galaxy'], dataApi: '/api/products' },
  { path: '/products/accessories', texts: ['Aksesorë'], dataApi: '/api/products' },
  { path: '/products/giftcard', texts: ['Karta dhuratë'], dataApi: '/api/giftcards' },
  { path: '/products/iphone-16-pro-max', texts: ['iPhone 16 Pro Max', 'Shto në Shportë', '€'], dataApi: '/api/products' },
  { path: '/products-list', texts: ['Lista e produkteve', 'iPhone 16 Pro Max'], dataApi: '/api/products' },
  { path: '/search?query=iphone', texts: ['Rezultatet për:', 'iPhone 16 Pro Max'], dataApi: '/api/products' },
  { path: '/blog', texts: ['Blog', 'Kujdesi për baterinë'], dataApi: '/api/blog' },
  { path: '/blog/kujdesi-per-bateri', texts: ['Kujdesi për baterinë: si ta zgjatni jetën e saj'], dataApi: '/api/blog' },
  { path: '/terms', texts: ['Kushtet &amp; Kujdesi ndaj Klientit'] },
  { path: '/sherbimet', texts: ['Shërbimet'] },
  { path: '/sherbimet/servisi', texts: ['Servisi i riparimit'] },
  { path: '/sherbimet/mirembajtja', texts: ['mirëmbajtjes'] },
  { path: '/cart', texts: ['Shporta'] },
  { path: '/checkout', texts: ['Checkout'] },
];

const attr = (html: string, re: RegExp) => re.exec(html)?.[1];
const jsonLd = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));

// schema.org shapes, with the properties search engines need for each type.
const url = z.url();
const productLd = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Product'),
  name: z.string().min(1),
  description: z.string().min(1),
  image: z.array(url).min(1),
  brand: z.object({ '@type': z.literal('Brand'), name: z.string().min(1) }).optional(),
  offers: z.object({
    '@type': z.literal('Offer'),
    url,
    price: z.string().regex(/^\d+\.\d{2}$/),
    priceCurrency: z.literal('EUR'),
    availability: z.enum(['https://schema.org/InStock', 'https://schema.org/LimitedAvailability', 'https://schema.org/OutOfStock']),
  }),
});
const breadcrumbLd = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z
    .array(z.object({ '@type': z.literal('ListItem'), position: z.number().int().positive(), name: z.string().min(1), item: url }))
    .min(2),
});
const storeLd = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Store'),
  name: z.literal('MobileShop KS'),
  url,
  telephone: z.string().regex(/^\+383/),
  address: z.object({
    '@type': z.literal('PostalAddress'),
    streetAddress: z.string().min(1),
    postalCode: z.string().min(1),
    addressLocality: z.string().min(1),
    addressCountry: z.string().length(2),
  }),
  openingHoursSpecification: z
    .array(
      z.object({
        '@type': z.literal('OpeningHoursSpecification'),
        dayOfWeek: z.array(z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])).min(1),
        opens: z.string().regex(/^\d{2}:\d{2}$/),
        closes: z.string().regex(/^\d{2}:\d{2}$/),
      }),
    )
    .min(1),
});
const blogPostingLd = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('BlogPosting'),
  headline: z.string().min(1).max(110),
  datePublished: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  image: z.array(url).min(1),
  author: z.object({ '@type': z.string(), name: z.string().min(1) }),
  url,
});

async function rawHtml(request: APIRequestContext, path: string, status = 200) {
  const res = await request.get(path, { headers: { accept: 'text/html' } });
  expect(res.status(), path).toBe(status);
  expect(res.headers()['content-type']).toContain('text/html');
  return res.text();
}

test.describe('server rendering', () => {
  test('each shopper page comes from the server with its content, its own head and its data', async ({ request, baseURL }) => {
    const titles = new Set<string>();
    for (const p of pages) {
      const html = await rawHtml(request, p.path);
      expect(html, p.path).toContain('<html lang="sq">');
      const root = /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json" id="shop-data">/.exec(html)?.[1] ?? '';
      expect(root.length, `${p.path} is rendered`).toBeGreaterThan(500);
      for (const text of p.texts) expect(root, p.path).toContain(text);
      const title = attr(html, /<title>([^<]*)<\/title>/)!;
      expect(title, p.path).toMatch(/\| MobileShop KS$/);
      titles.add(title);
      expect(attr(html, /<meta name="description" content="([^"]*)"/)?.length ?? 0, p.path).toBeGreaterThan(40);
      const canonical = attr(html, /<link rel="canonical" href="([^"]*)"/);
      expect(canonical, p.path).toBe(`${baseURL}${p.path.split('?')[0]}`);
      expect(attr(html, /<meta property="og:title" content="([^"]*)"/), p.path).toBe(title);
      expect(attr(html, /<meta property="og:image" content="([^"]*)"/), p.path).toMatch(/^http/);
      expect(attr(html, /<meta name="twitter:card" content="([^"]*)"/), p.path).toBe('summary_large_image');
      // The page's data travels with it, for the browser's cache.
      const state = JSON.parse(/<script type="application\/json" id="shop-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
        queries: unknown[];
      };
      if (p.dataApi) expect(state.queries.length, `${p.path} hands over its data`).toBeGreaterThan(0);
    }
    expect(titles.size, 'every page has its own title').toBe(pages.length);
  });

  test('images carry their size; the largest picture of the page is fetched first', async ({ request }) => {
    for (const path of ['/', '/products/iphone', '/products/iphone-16-pro-max']) {
      const html = await rawHtml(request, path);
      const imgs = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
      expect(imgs.length, path).toBeGreaterThan(0);
      for (const img of imgs) {
        expect(img, path).toMatch(/ width="\d+"/);
        expect(img, path).toMatch(/ height="\d+"/);
      }
      expect(html, `${path} fetches its largest picture first`).toMatch(/fetchpriority="high"/i);
    }
  });

  test('a product page carries Product with its Offer and a BreadcrumbList; the home page the Store; a post BlogPosting', async ({
    request,
    baseURL,
  }) => {
    // A product without options (the seed's iPhone 16 Pro Max is a ProductGroup: the next test).
    const product = jsonLd(await rawHtml(request, '/products/airpods-pro-2'));
    const offer = productLd.parse(product.find((d) => d['@type'] === 'Product'));
    const api = (await (await request.get('/api/products/airpods-pro-2')).json()) as { name: string; price: number };
    expect(offer.name).toBe(api.name);
    expect(Number(offer.offers.price)).toBe(api.price);
    const crumbs = breadcrumbLd.parse(product.find((d) => d['@type'] === 'BreadcrumbList'));
    expect(crumbs.itemListElement.map((i) => i.position)).toEqual([1, 2, 3]);
    expect(crumbs.itemListElement.at(-1)!.item).toBe(`${baseURL}/products/airpods-pro-2`);
    // The seed's iPhone 16 Pro Max: a ProductGroup with an Offer per variant (decision 039).
    const group = jsonLd(await rawHtml(request, '/products/iphone-16-pro-max')).find((d) => d['@type'] === 'ProductGroup') as
      { name: string; hasVariant: { offers: { price: string } }[] } | undefined;
    expect(group?.name).toBe('iPhone 16 Pro Max');
    expect(group!.hasVariant.length).toBeGreaterThan(1);
    expect(group!.hasVariant.every((v) => Number(v.offers.price) > 0)).toBe(true);

    const store = storeLd.parse(jsonLd(await rawHtml(request, '/')).find((d) => d['@type'] === 'Store'));
    expect(store.url).toBe(`${baseURL}/`);

    blogPostingLd.parse(jsonLd(await rawHtml(request, '/blog/kujdesi-per-bateri')).find((d) => d['@type'] === 'BlogPosting'));
  });

  test('a missing product or post is a 404 page that says so; other unknown paths go to the home page', async ({ request, page }) => {
    expect(await rawHtml(request, '/products/nuk-ekziston-kurre', 404)).toContain('Produkt jo i gjetur');
    expect(await rawHtml(request, '/blog/nuk-ekziston-kurre', 404)).toContain('Artikulli nuk u gjet.');
    // A real redirect (issue 26): no page exists under two addresses.
    const unknown = await request.get('/nje/faqe/qe/nuk/ekziston', { maxRedirects: 0 });
    expect(unknown.status()).toBe(302);
    expect(unknown.headers().location).toBe('/');
    await page.goto('/nje/faqe/qe/nuk/ekziston');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Produkte të reja' })).toBeVisible();
  });

  test('with JavaScript off a product page still shows its name, price and the cart button', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/products/iphone-16-pro-max');
    await expect(page.getByRole('heading', { level: 1, name: 'iPhone 16 Pro Max' })).toBeVisible();
    await expect(
      page
        .locator('main')
        .getByText(/\d+(,\d{2})? €/)
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Shto në Shportë' })).toBeVisible();
    await context.close();
  });

  test('the browser hydrates each page without a warning and without reading its data again @phone', async ({ page }) => {
    const noErrors = watchConsole(page);
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || /hydrat/i.test(m.text())) warnings.push(m.text());
    });
    for (const p of pages) {
      const reads: string[] = [];
      const onRequest = (r: { url: () => string }) => {
        if (p.dataApi && new URL(r.url()).pathname.startsWith(p.dataApi)) reads.push(r.url());
      };
      page.on('request', onRequest);
      await page.goto(p.path);
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      page.off('request', onRequest);
      expect(reads, `${p.path} reads its data again`).toEqual([]);
    }
    expect(warnings).toEqual([]);
    noErrors();
  });

  test('a kept page rendered long ago still hydrates without reading its data again', async ({ page }) => {
    // The browser's clock ten minutes on: the kept page's answers are older than the cache's minute.
    await page.clock.setFixedTime(Date.now() + 10 * 60_000);
    for (const [path, api] of [
      ['/', '/api/products'],
      ['/products/iphone-16-pro-max', '/api/products'],
      ['/blog', '/api/blog'],
    ] as const) {
      const reads: string[] = [];
      const onRequest = (r: { url: () => string }) => {
        if (new URL(r.url()).pathname.startsWith(api)) reads.push(r.url());
      };
      page.on('request', onRequest);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      page.off('request', onRequest);
      expect(reads, `${path} reads its data again`).toEqual([]);
    }
  });

  test('a signed-in visitor with a full cart hydrates the same pages, then sees his account and his cart', async ({ page }) => {
    const noErrors = watchConsole(page);
    await loginAs(page, admin().email, admin().password);
    await page.addInitScript(() =>
      localStorage.setItem('cart', JSON.stringify([{ id: 'iphone-16-pro-max', name: 'iPhone 16 Pro Max', price: 1399, quantity: 2 }])),
    );
    for (const path of ['/', '/products/iphone-16-pro-max', '/cart', '/checkout']) {
      await page.goto(path);
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      await expect(page.getByTestId('cart-count').first()).toHaveText('2');
    }
    await page.goto('/cart');
    await expect(page.getByRole('link', { name: 'iPhone 16 Pro Max', exact: true })).toBeVisible();
    noErrors();
  });

  test('a hydrated product page works: the cart button adds the product', async ({ page }) => {
    await page.goto('/products/iphone-16-pro-max');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Shto në Shportë' }).click();
    await expect(page.getByTestId('cart-count').first()).toHaveText('1');
  });

  test("a kept page changes with the product: an admin's new price is on the next page at once", async ({ request }) => {
    const login = await request.post('/api/auth/login', { data: admin() });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const name = `Telefoni i Faqes SSR ${Date.now()}`;
    const created = await request.post('/api/admin/products', {
      headers: auth,
      data: { name, price: 123.45, category: 'phone', stock: 10, description: 'Për testin e faqeve.' },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const { id } = (await created.json()) as { id: string };
    expect(await rawHtml(request, `/products/${id}`)).toContain('123,45');
    expect(await rawHtml(request, `/products/${id}`)).toContain('123,45'); // kept
    const changed = await request.put(`/api/admin/products/${id}`, { headers: auth, data: { name, price: 99.9 } });
    expect(changed.ok(), await changed.text()).toBeTruthy();
    const html = await rawHtml(request, `/products/${id}`);
    expect(html).toContain('99,9');
    expect(html).not.toContain('123,45');
    await request.delete(`/api/admin/products/${id}`, { headers: auth });
    await rawHtml(request, `/products/${id}`, 404);
  });
});
