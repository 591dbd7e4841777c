import crypto from 'node:crypto';
import { toShopLocal } from '@shop/shared/domain/sale-prices';
import { expect, test } from './support/test';
import { admin, loginAs, watchConsole } from './support/helpers';

/** A moment as the form's datetime-local field takes it, with its seconds, on the shop's clock. */
const fieldValue = (d: Date) => `${toShopLocal(d)}:${String(d.getUTCSeconds()).padStart(2, '0')}`;

/**
 * Issue 29 (decision 050): the owner plans a sale at 'Ulje me afat' that starts some 30 s after the
 * server's clock and lasts 20 s; the server (SALE_PRICE_JOB_INTERVAL_MS=500, support/global-setup.ts)
 * starts and ends it by itself, and the product page, loaded fresh without JavaScript (so it is the
 * server's rendering, through its page cache), shows the sale price with the regular one crossed
 * out, then the regular price again. A product of its own per run and project (1280 and 375 px).
 */
test('a sale planned by the owner starts and ends by itself on the server-rendered product page @phone', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const noErrors = watchConsole(page);
  const { token } = await loginAs(page, admin().email, admin().password);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const name = `Mbrojtëse Uljeje ${tag}`;
  const created = await page.request.post('/api/admin/products', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, price: 149, category: 'case', brand: 'Samsung', stock: 10, sku: `ULJE-${tag}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { id: string };

  // The server-rendered page: a context without JavaScript shows only what the server wrote.
  const shopContext = await browser.newContext({ javaScriptEnabled: false });
  const shop = await shopContext.newPage();
  const shownPrice = async () => {
    await shop.goto(`/products/${product.id}`);
    return (await shop.locator('main .price-lg').first().innerText()).replace(/\s+/g, ' ').trim();
  };
  expect(await shownPrice()).toBe('149 €');

  await page.goto('/admin/ulje-me-afat');
  await expect(page.getByRole('heading', { name: 'Ulje me afat', level: 1 })).toBeVisible();
  await page.getByLabel('Produkti (emri, SKU ose marka)').fill(name);
  await page.getByLabel('Produkti (emri, SKU ose marka)').press('Enter');
  await page.getByRole('radio', { name: new RegExp(name) }).check();
  await page.getByRole('button', { name: 'Të gjitha', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: new RegExp(`SKU ULJE-${tag}`) })).toBeChecked();
  await page.getByLabel('Çmimi i uljes, €').fill('99,90');
  await expect(page.getByRole('checkbox', { name: new RegExp(`SKU ULJE-${tag}`) })).toHaveAccessibleName(/149,00 € → 99,90 €/);

  // The times from the server's clock (its Date header), with a margin for saving the form.
  const clock = await page.request.get('/api/health');
  const serverNow = new Date(clock.headers()['date']!).getTime();
  const startsAt = new Date(Math.ceil((serverNow + 30_000) / 1000) * 1000);
  const endsAt = new Date(startsAt.getTime() + 20_000);
  await page.getByLabel('Nga', { exact: true }).fill(fieldValue(startsAt));
  await page.getByLabel('Deri', { exact: true }).fill(fieldValue(endsAt));
  await page.getByRole('button', { name: 'Ruaj uljen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ulja me afat u ruajt.' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('E planifikuar');
  await expect(row).toContainText('99,90 €');
  await page.screenshot({ path: `test-results/sale-prices-planned-${test.info().project.name}.png`, fullPage: true });

  // Before the start the regular price; then, by itself, the sale's with the regular one crossed out.
  expect(Date.now()).toBeLessThan(startsAt.getTime());
  expect(await shownPrice()).toBe('149 €');
  await expect.poll(shownPrice, { timeout: 60_000, intervals: [500] }).toBe('Çmimi tani: 99,90 € Çmimi i vjetër: 149 €');
  expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime() - 1000);
  await shop.screenshot({ path: `test-results/sale-prices-during-${test.info().project.name}.png` });
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Aktive');

  // After the end the regular price again, without an old price.
  await expect.poll(shownPrice, { timeout: 60_000, intervals: [500] }).toBe('149 €');
  expect(Date.now()).toBeGreaterThanOrEqual(endsAt.getTime() - 1000);
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Përfundoi');
  await expect(page.getByRole('button', { name: new RegExp(`Anulo uljen e ${name}`) })).toHaveCount(0);
  await page.screenshot({ path: `test-results/sale-prices-ended-${test.info().project.name}.png`, fullPage: true });
  await shopContext.close();
  noErrors();
});
