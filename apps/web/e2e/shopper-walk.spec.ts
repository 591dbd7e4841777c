import fs from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { appReady, expect, test } from './support/test';
import { admin, watchConsole } from './support/helpers';
import { createStorage, startShopServer } from '../../../tools/shop-server';

/**
 * What a walk through the shop as a new shopper found (issue 26): pages loaded fresh opened
 * scrolled down, a 4-star rating showed five stars, a phone saw one product per screen, and the
 * login screens offered a Google button that could not work.
 */

const SHOTS = process.env.SHOTS_DIR;

/** A screenshot for the test's report, and for a person to look at when SHOTS_DIR is set. */
async function shot(page: Page, testInfo: TestInfo, name: string, target: Page | Locator = page) {
  const file = `${name}-${testInfo.project.name}.png`;
  const options = target === page ? { fullPage: false } : {};
  await target.screenshot({ path: testInfo.outputPath(file), ...options });
  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.copyFileSync(testInfo.outputPath(file), `${SHOTS}/${file}`);
  }
}

/** Scrolls the window to `y` ('bottom': as far as it goes) and answers where it is once the scroll event came. */
const scrollWindow = (page: Page, y: number | 'bottom') =>
  page.evaluate(
    (to) =>
      new Promise<number>((resolve) => {
        addEventListener('scroll', () => resolve(window.scrollY), { once: true });
        window.scrollTo(0, to === 'bottom' ? document.documentElement.scrollHeight : to);
      }),
    y,
  );

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test.describe('scroll positions (issue 26, item 1)', () => {
  test('a page loaded fresh opens at the top; Back and Forward return where the shopper was @phone', async ({ page }) => {
    const noErrors = watchConsole(page);
    await page.goto('/products/iphone-16-pro-max');
    await expect(page.getByRole('heading', { level: 2, name: /Vlerësimet/ })).toBeAttached();
    const onProduct = await scrollWindow(page, 'bottom');
    expect(onProduct).toBeGreaterThan(300);

    // New pages, each loaded as a new document: the top, not where the product page was left.
    await page.goto('/cart');
    expect(await scrollY(page)).toBe(0);
    await page.goto('/search?query=samsung');
    await expect(page.getByRole('heading', { name: /Rezultatet për:/ })).toBeVisible();
    expect(await scrollY(page)).toBe(0);
    const onSearch = await scrollWindow(page, 400);
    expect(onSearch).toBe(400);

    // Back and Forward: each page where it was left.
    await page.goBack();
    await appReady(page);
    await expect(page).toHaveURL(/\/cart$/);
    expect(await scrollY(page)).toBe(0);
    await page.goBack();
    await appReady(page);
    await expect(page).toHaveURL(/\/products\/iphone-16-pro-max$/);
    await expect.poll(async () => Math.abs((await scrollY(page)) - onProduct)).toBeLessThanOrEqual(1);
    await page.goForward();
    await appReady(page);
    await expect(page).toHaveURL(/\/cart$/);
    expect(await scrollY(page)).toBe(0);
    await page.goForward();
    await appReady(page);
    await expect(page).toHaveURL(/\/search\?query=samsung$/);
    await expect.poll(() => scrollY(page)).toBe(400);

    // A reload keeps the page where it is, as a browser does.
    await page.reload();
    await expect.poll(() => scrollY(page)).toBe(400);
    noErrors();
  });
});

interface Product {
  id: string;
  name: string;
  price: number;
  category: string;
  stock: { status: 'in-stock' | 'low' | 'out-of-stock' };
}

/** A new customer with a delivered order of `product` (an admin moved it, through the API) rates it `stars`. */
async function rate(page: Page, product: Product, stars: number) {
  const email = `yje-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.local`;
  const password = 'Ylberi-Prishtina-2026!';
  const reg = await page.request.post('/api/auth/register', { data: { name: 'Drita Berisha', email, password } });
  expect(reg.ok(), await reg.text()).toBeTruthy();
  const login = async (e: string, p: string) =>
    ((await (await page.request.post('/api/auth/login', { data: { email: e, password: p } })).json()) as { token: string }).token;
  const customer = await login(email, password);
  const order = await page.request.post('/api/orders', {
    headers: { authorization: `Bearer ${customer}` },
    data: { items: [{ id: product.id, quantity: 1, price: product.price }], total: product.price },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { order: placed } = (await order.json()) as { order: { id: number } };
  const staff = await login(admin().email, admin().password);
  const moved = await page.request.patch(`/api/admin/orders/${placed.id}`, {
    headers: { authorization: `Bearer ${staff}` },
    data: { status: 'delivered' },
  });
  expect(moved.ok(), await moved.text()).toBeTruthy();
  const review = await page.request.post(`/api/products/${product.id}/reviews`, {
    headers: { authorization: `Bearer ${customer}` },
    data: { rating: stars, text: 'E mirë, por bateria zgjat pak.' },
  });
  expect(review.status(), await review.text()).toBe(201);
}

/** Where the stars of a rating are drawn: each star of both layers, and the filled layer's clip. */
const starBoxes = (rating: Locator) =>
  rating.evaluate((el) => {
    const boxes = (layer: string) =>
      [...el.querySelectorAll(`.${layer} svg`)].map((s) => {
        const r = s.getBoundingClientRect();
        return { left: r.left, right: r.right, width: r.width };
      });
    const clip = el.querySelector('.stars-full')!.getBoundingClientRect();
    return { empty: boxes('stars-empty'), filled: boxes('stars-full'), clipRight: clip.right };
  });

/** Four filled stars exactly over four grey ones, full size; the fifth filled star lies wholly outside the clip. */
async function expectFourStars(rating: Locator) {
  const { empty, filled, clipRight } = await starBoxes(rating);
  expect(filled).toHaveLength(5);
  for (let i = 0; i < 5; i++) {
    expect(Math.abs(filled[i]!.left - empty[i]!.left), `star ${i + 1}`).toBeLessThan(0.5);
    expect(Math.abs(filled[i]!.width - empty[i]!.width), `star ${i + 1}`).toBeLessThan(0.5);
  }
  expect(filled[3]!.right).toBeLessThanOrEqual(clipRight + 0.5);
  expect(filled[4]!.left).toBeGreaterThanOrEqual(clipRight - 0.5);
}

test('a 4-star review shows four filled stars, clipped, not five squeezed (issue 26, item 2) @phone', async ({ page }, testInfo) => {
  const list = (await (await page.request.get('/api/products')).json()) as Product[];
  // Another product than the review spec's (the last one of these categories).
  const product = list
    .filter((p) => p.category === (testInfo.project.name === 'phone' ? 'accessory' : 'case') && p.stock.status === 'in-stock')
    .at(-2)!;
  await rate(page, product, 4);
  await page.goto(`/products/${product.id}`);
  const review = page.getByRole('img', { name: 'Vlerësimi: 4 nga 5 yje' }).first();
  await expect(review).toBeVisible();
  await expectFourStars(review);
  const summary = page.locator('.detail-info').getByRole('img', { name: /^Vlerësimi mesatar 4,0 nga 5/ });
  await expect(summary).toBeVisible();
  await expectFourStars(summary);
  await shot(page, testInfo, 'stars-summary', page.locator('.detail-info').getByTestId('rating-summary'));
  await shot(page, testInfo, 'stars-review', page.getByRole('listitem').filter({ has: review }).first());
});

test.describe('two product cards side by side on a phone (issue 26, item 3)', () => {
  const grids: { path: string; name: string; shopCards: boolean }[] = [
    { path: '/', name: 'home', shopCards: true },
    { path: '/products', name: 'products', shopCards: true },
    { path: '/products/iphone', name: 'iphone', shopCards: true },
    { path: '/products/samsung', name: 'samsung', shopCards: true },
    { path: '/products/accessories', name: 'accessories', shopCards: true },
    { path: '/products/giftcard', name: 'giftcard', shopCards: false },
    { path: '/search?query=samsung', name: 'search', shopCards: true },
  ];

  test('at 375 px every product grid has two columns, each card with its picture, name, price, stock and button readable', async ({
    page,
  }, testInfo) => {
    const noErrors = watchConsole(page);
    await page.setViewportSize({ width: 375, height: 740 });
    for (const { path, name, shopCards } of grids) {
      await page.goto(path);
      const cards = page.locator('.product-grid > article');
      await expect(cards.nth(3), path).toBeVisible();
      const [a, b, c] = await Promise.all([0, 1, 2].map(async (i) => (await cards.nth(i).boundingBox())!));
      // Two on a row, the third below them; each about half the width.
      expect(Math.abs(a!.y - b!.y), path).toBeLessThan(1);
      expect(b!.x, path).toBeGreaterThan(a!.x + a!.width);
      expect(c!.y, path).toBeGreaterThan(a!.y + a!.height);
      for (const box of [a!, b!]) {
        expect(box.width, path).toBeGreaterThan(140);
        expect(box.width, path).toBeLessThan(190);
      }
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);

      const first = cards.first();
      await expect(first.locator('img').first()).toBeVisible();
      const heading = first.getByRole('heading');
      await expect(heading).toBeVisible();
      expect(await heading.evaluate((h) => h.scrollWidth <= h.clientWidth), `${path}: the name fits`).toBe(true);
      await expect(first.locator('.price').first()).toBeVisible();
      if (shopCards) {
        await expect(first.locator('.stock-badge')).toBeVisible();
        const button = first.getByRole('button', { name: 'Shto në Shportë' });
        await expect(button).toBeVisible();
        const box = (await button.boundingBox())!;
        const card = (await first.boundingBox())!;
        expect(box.x, path).toBeGreaterThanOrEqual(card.x);
        expect(box.x + box.width, path).toBeLessThanOrEqual(card.x + card.width);
        // 'Shto në Shportë' on one line.
        expect(await button.evaluate((el) => el.getBoundingClientRect().height), `${path}: the button's text on one line`).toBeLessThan(44);
        // Two cards where one was (about 470 px tall, alone on its row).
        expect(card.height, path).toBeLessThan(440);
      }
      await cards.first().scrollIntoViewIfNeeded();
      await shot(page, testInfo, `grid-375-${name}`);
    }
    // The desktop keeps its columns: four across at 1280 px.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/products/iphone');
    const cards = page.locator('.product-grid > article');
    await expect(cards.nth(4)).toBeVisible();
    const tops = await Promise.all([0, 1, 2, 3, 4].map(async (i) => (await cards.nth(i).boundingBox())!.y));
    expect(new Set(tops.slice(0, 4).map(Math.round)).size).toBe(1);
    expect(tops[4]!).toBeGreaterThan(tops[0]!);
    await shot(page, testInfo, 'grid-1280-iphone');
    noErrors();
  });
});

test.describe("'Kyçu me Google' only when Google sign-in works (issue 26, item 9)", () => {
  test('not configured (as this server): the login screens show no Google button and no "ose" @phone', async ({ page }, testInfo) => {
    const noErrors = watchConsole(page);
    const google: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).hostname === 'accounts.google.com') google.push(r.url());
    });
    for (const path of ['/login', '/kycu']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Kyçu', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Kyçu me Google' })).toHaveCount(0);
      await expect(page.getByText('ose', { exact: true })).toBeHidden();
      await expect(page.getByRole('main').getByText(/Google/)).toHaveCount(0);
      await shot(page, testInfo, `google-off${path.replace('/', '-')}`);
    }
    expect(google).toEqual([]);
    noErrors();
  });

  test('configured: the page says the client id, and the button and "ose" are there @phone', async ({ page }, testInfo) => {
    // A server of its own with GOOGLE_CLIENT_ID: the login pages are rendered on the server, so the
    // button must be in the server's HTML too (a page edited on the way would not hydrate cleanly).
    test.setTimeout(180_000);
    const noErrors = watchConsole(page);
    const clientId = 'e2e-client.apps.googleusercontent.com';
    const storage = await createStorage({ databaseUrl: process.env.DATABASE_URL || undefined, prefix: 'shop_e2e_google' });
    const server = await startShopServer({ storage, env: { GOOGLE_CLIENT_ID: clientId } });
    // A stand-in for Google's script.
    await page.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.google = { accounts: { id: {
          initialize(config) { document.documentElement.dataset.googleClient = config.client_id; },
          renderButton(el) { const b = document.createElement('button'); b.type = 'button'; b.textContent = 'Sign in with Google'; el.appendChild(b); },
        } } };`,
      }),
    );
    try {
      for (const path of ['/login', '/kycu']) {
        await page.goto(`${server.url}${path}`);
        await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-google-client', clientId);
        await expect(page.getByText('ose', { exact: true })).toBeVisible();
        await shot(page, testInfo, `google-on${path.replace('/', '-')}`);
      }
      noErrors();
    } finally {
      await server.stop();
      await storage.dispose();
    }
  });
});
