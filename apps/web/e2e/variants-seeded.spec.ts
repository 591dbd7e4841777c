import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { admin, loginAs, watchConsole } from './support/helpers';

interface AdminVariant {
  id: number;
  values: string[];
  title: string;
  sku: string;
  stock: number | null;
  isDefault: boolean;
}

const PRODUCT = 'iphone-16-pro-max';
const CHOSEN = 'Titanium i zi / 512 GB';

/**
 * This spec is the only buyer of the seeded 'Titanium i zi / 512 GB' (its two projects, 1280 and
 * 375 px, may run side by side): each holds a lock, made atomically with mkdir under the run's
 * own server address, from reading the stock to reading it again, so the difference is its order
 * alone. The default variant is left out of the "no other variant's" comparison: other specs put
 * the first card (this phone's default) in their carts at any moment; the order's lines show that
 * this order took nothing of it.
 */
function lockPath(baseURL: string): string {
  return path.join(os.tmpdir(), `shop-e2e-seeded-variant-${new URL(baseURL).port}`);
}
const tryLock = (dir: string): boolean => {
  try {
    fs.mkdirSync(dir);
    return true;
  } catch {
    return false;
  }
};

/**
 * Issue 27's done-when walk on the seeded phone: a shopper opens iPhone 16 Pro Max, chooses
 * 'Titanium i zi' and '512 GB', sees the price of the old 512 GB product and the phone's photo,
 * adds two, reloads (the cart keeps the variant), orders; staff see the variant on the order and
 * the packing slip, and its stock dropped by two while no other variant's did.
 */
test('a shopper buys two seeded iPhone 16 Pro Max in Titanium i zi 512 GB; staff see the variant, its stock alone dropped @phone', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const noErrors = watchConsole(page);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });

  const staff = await request.post('/api/auth/login', { data: admin() });
  expect(staff.ok(), await staff.text()).toBeTruthy();
  const auth = { authorization: `Bearer ${((await staff.json()) as { token: string }).token}` };
  const variantsNow = async () =>
    ((await (await request.get(`/api/admin/products/${PRODUCT}/variants`, { headers: auth })).json()) as { variants: AdminVariant[] })
      .variants;

  // A customer of this run, logged in as the checkout specs do.
  const tag = crypto.randomBytes(3).toString('hex');
  const email = `seeded-variant-${Date.now()}-${tag}@e2e.local`;
  const password = 'Ylberi-Prishtina-2026!';
  const reg = await request.post('/api/auth/register', { data: { name: 'Driton Berisha', email, password } });
  expect(reg.ok(), await reg.text()).toBeTruthy();
  const { token } = await loginAs(page, email, password);

  const lock = lockPath(baseURL!);
  await expect.poll(() => tryLock(lock), { timeout: 120_000, message: 'the other project’s walk ends' }).toBe(true);
  try {
    const before = await variantsNow();
    const chosen = before.find((v) => v.title === CHOSEN)!;
    expect(chosen, CHOSEN).toBeDefined();
    expect(chosen.stock).toBeGreaterThanOrEqual(2);

    await page.goto(`/products/${PRODUCT}`);
    await expect(page.getByRole('heading', { level: 1, name: 'iPhone 16 Pro Max' })).toBeVisible();
    const colour = page.getByRole('group', { name: /^Ngjyra/ });
    const memory = page.getByRole('group', { name: /^Memoria/ });
    const price = page.locator('.detail-info .price-lg .price');
    // The default is the old 256 GB product: its price.
    await expect(price).toHaveText(/1\.149\s€$/);

    await colour.getByRole('button', { name: /^Titanium i zi$/ }).click();
    await memory.getByRole('button', { name: /^512 GB$/ }).click();
    await expect(colour.getByRole('button', { name: /^Titanium i zi$/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(memory.getByRole('button', { name: /^512 GB$/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(new RegExp(`/products/${PRODUCT}\\?variant=${chosen.id}$`));
    // The price of the old 'iPhone 16 Pro Max 512 GB', and its old price struck through.
    await expect(price).toHaveText(/1\.249\s€$/);
    await expect(page.locator('.detail-info .price-lg .old-price')).toContainText('1.399 €');
    await expect(page.getByText('100001-TZ-512')).toBeVisible();
    const photo = page.locator('.gallery-main img').first();
    await expect(photo).toBeVisible();
    await expect(photo).toHaveAttribute('src', /\/images\/products\/iphone-16-pro-max\.svg$/);
    await expect(photo).toHaveJSProperty('complete', true);
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Rrit sasinë e iPhone 16 Pro Max' }).click();
    await expect(page.getByRole('spinbutton', { name: 'Sasia e iPhone 16 Pro Max' })).toHaveValue('2');
    await page.getByRole('button', { name: 'Shto në Shportë' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('2');

    // A reload keeps the choice (the address) and the cart its line of that variant.
    await page.reload();
    await expect(memory.getByRole('button', { name: /^512 GB$/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(price).toHaveText(/1\.249\s€$/);
    await page.goto('/cart');
    const line = page.getByRole('listitem').filter({ hasText: 'iPhone 16 Pro Max' });
    await expect(line).toContainText(CHOSEN);
    await expect(line).toContainText('1.249,00 € x 2');
    await page.reload();
    await expect(line).toContainText(CHOSEN);
    await expect(page.getByTestId('cart-count')).toHaveText('2');

    await page.goto('/checkout');
    await expect(page.getByRole('listitem').filter({ hasText: 'iPhone 16 Pro Max' })).toContainText(CHOSEN);
    await expect(page.getByTestId('checkout-total')).toHaveText('2.498,00 €');
    await page.getByRole('button', { name: 'Konfirmo Porosinë' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(dialogs).toEqual(['Porosia u krye me sukses!']);
    await expect(page.getByTestId('cart-count')).toHaveText('0');

    const mine = (await (await request.get('/api/orders/mine', { headers: { authorization: `Bearer ${token}` } })).json()) as {
      id: number;
      items: { id: string; variantId: number | null; variant: string | null; sku: string | null; quantity: number }[];
    }[];
    const order = mine[0]!;
    expect(order.items).toEqual([
      expect.objectContaining({ id: PRODUCT, variantId: chosen.id, variant: CHOSEN, sku: '100001-TZ-512', quantity: 2 }),
    ]);

    // Its stock dropped by two; no other variant's did (the default aside, see above).
    const after = await variantsNow();
    const stockBy = (list: AdminVariant[]) => Object.fromEntries(list.filter((v) => !v.isDefault).map((v) => [v.title, v.stock]));
    expect(stockBy(after)).toEqual({ ...stockBy(before), [CHOSEN]: chosen.stock! - 2 });
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }

  // Staff, in a browser of their own: the order's line and the packing slip name the variant.
  const staffContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const staffPage = await staffContext.newPage();
  const staffErrors = watchConsole(staffPage);
  await loginAs(staffPage, admin().email, admin().password);
  const mine = (await (await request.get('/api/orders/mine', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    id: number;
  }[];
  const orderId = mine[0]!.id;
  await staffPage.goto(`/admin/orders/${orderId}`);
  await expect(staffPage.getByRole('heading', { name: `Porosia #${orderId}`, level: 1 })).toBeVisible();
  const lines = staffPage.getByRole('main');
  await expect(lines).toContainText('iPhone 16 Pro Max');
  await expect(lines).toContainText(CHOSEN);
  await staffPage.emulateMedia({ media: 'print' });
  const slip = staffPage.getByRole('article', { name: `Fletë dërgese / Dokument shitjeje #${orderId}` });
  await expect(slip).toBeVisible();
  await expect(slip).toContainText('iPhone 16 Pro Max');
  await expect(slip).toContainText(CHOSEN);
  staffErrors();
  await staffContext.close();
  noErrors();
});

/**
 * An old address from before the seed grouped phones (a link shared on Viber, a search engine's
 * result) still answers 200 with its product and the variant it meant, rendered so by the server;
 * its canonical address is the product's with that variant; a `?variant=` in the address wins.
 */
test('the old address of iPhone 16 Pro Max 512 GB opens the grouped phone with Titanium natyral 512 GB chosen @phone', async ({
  page,
  request,
  baseURL,
}) => {
  const noErrors = watchConsole(page);
  const product = (await (await request.get(`/api/products/${PRODUCT}`)).json()) as { variants: { id: number; title: string }[] };
  const natural = product.variants.find((v) => v.title === 'Titanium natyral / 512 GB')!;
  const black = product.variants.find((v) => v.title === CHOSEN)!;

  const raw = await request.get('/products/iphone-16-pro-max-512gb');
  expect(raw.status()).toBe(200);
  const html = await raw.text();
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/products/${PRODUCT}?variant=${natural.id}"`);

  const res = await page.goto('/products/iphone-16-pro-max-512gb');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'iPhone 16 Pro Max' })).toBeVisible();
  const colour = page.getByRole('group', { name: /^Ngjyra/ });
  const memory = page.getByRole('group', { name: /^Memoria/ });
  await expect(colour.getByRole('button', { name: /^Titanium natyral$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(memory.getByRole('button', { name: /^512 GB$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.detail-info .price-lg .price')).toHaveText(/1\.249\s€$/);
  await expect(page.getByText('100001-TN-512')).toBeVisible();

  await page.goto(`/products/iphone-16-pro-max-512gb?variant=${black.id}`);
  await expect(colour.getByRole('button', { name: /^Titanium i zi$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(memory.getByRole('button', { name: /^512 GB$/ })).toHaveAttribute('aria-pressed', 'true');
  noErrors();
});
