import crypto from 'node:crypto';
import { imeiCheckDigit } from '@shop/shared/domain/units';
import { expect, test } from './support/test';
import { admin, loginAs, watchConsole } from './support/helpers';

/** A valid 15-digit IMEI of its own per call (14 random digits and their Luhn check digit). */
const imei = () => {
  const body = `35${BigInt(`0x${crypto.randomBytes(6).toString('hex')}`)
    .toString()
    .padStart(12, '0')
    .slice(-12)}`;
  return body + imeiCheckDigit(body);
};

/**
 * Issue 28's first part (decision 040): staff receive 3 phones by IMEI at 'Pranim malli', the
 * storefront's stock text for that variant follows, an online order for it gets a unit picked by
 * IMEI at hand-over, and the printed slip and the customer's order show the IMEI. A product of its
 * own per run and project (1280 and 375 px).
 */
test('staff receive 3 phones by IMEI, the shop shows them, and an order takes one by IMEI at hand-over @phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const noErrors = watchConsole(page);
  const { token } = await loginAs(page, admin().email, admin().password);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const name = `Telefon IMEI ${tag}`;
  const created = await page.request.post('/api/admin/products', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, price: 449, category: 'phone', brand: 'Samsung', stock: 0, sku: `IMEI-${tag}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { id: string; price: number };
  const imeis = [imei(), imei(), imei()];

  await page.goto('/admin/pranim-malli');
  await expect(page.getByRole('heading', { name: 'Pranim malli', level: 1 })).toBeVisible();
  await page.getByLabel('Produkti (emri, SKU ose marka)').fill(name);
  await page.getByLabel('Produkti (emri, SKU ose marka)').press('Enter');
  await page.getByRole('radio', { name: new RegExp(name) }).check();
  await expect(page.getByLabel('Varianti', { exact: true })).not.toHaveValue('');
  const box = page.getByLabel(/^IMEI \(një për rresht/);
  // A scanner: the digits, then Enter, for each phone; a wrong check digit is shown on its line at once.
  const wrong = imeis[0]!.slice(0, 14) + String((Number(imeis[0]![14]) + 1) % 10);
  await box.pressSequentially(`${wrong}\n`);
  const checked = page.getByRole('list', { name: 'IMEI të kontrolluara' });
  await expect(checked.getByRole('listitem')).toHaveText([
    `${wrong} IMEI nuk është i vlefshëm: shifra e fundit (kontrolli Luhn) nuk përputhet.`,
  ]);
  await expect(page.getByRole('button', { name: 'Prano 1 njësi' })).toBeDisabled();
  await box.fill('');
  for (const i of imeis) await box.pressSequentially(`${i}\n`);
  await expect(checked.getByRole('listitem')).toHaveCount(3);
  await page.getByLabel('Furnitori (opsional)').fill('Furnitori Test');
  await page.getByLabel('Çmimi i blerjes për njësi, € (opsional)').fill('380,50');
  await page.getByRole('button', { name: 'Prano 3 njësi' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'U pranuan 3 njësi. Stoku tani: 3.' })).toBeVisible();
  const units = page.getByRole('region', { name: 'Njësitë e variantit' });
  for (const i of imeis) await expect(units.getByRole('row', { name: new RegExp(i) })).toContainText('Në stok');
  await page.screenshot({ path: `test-results/stock-units-receive-${test.info().project.name}.png`, fullPage: true });

  // The storefront's stock text for the variant follows the units.
  const shop = await browser.newPage();
  await shop.goto(`/products/${product.id}`);
  await expect(shop.getByText('Vetëm 3 të mbetura').first()).toBeVisible();

  // A customer orders one online.
  const email = `imei.${tag.toLowerCase()}.${Date.now()}@example.com`;
  const reg = await page.request.post('/api/auth/register', { data: { name: 'Blerës IMEI', email, password: 'Ylberi-Prishtina-2026!' } });
  expect(reg.status(), await reg.text()).toBe(201);
  const customer = (await reg.json()) as { token: string; user: unknown };
  const placed = await page.request.post('/api/orders', {
    headers: { authorization: `Bearer ${customer.token}`, 'idempotency-key': `e2e-imei-${tag}-${Date.now()}` },
    data: { items: [{ id: product.id, quantity: 1, price: product.price }], total: product.price },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { order: { id: number } }).order;

  // Hand-over: the unit is picked by its IMEI.
  await page.goto(`/admin/orders/${order.id}`);
  await page.getByRole('group', { name: 'Veprimet e porosisë' }).getByRole('button', { name: 'Sheno si dorezuar' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Të shënohet porosia #${order.id} si e dorëzuar?` });
  const field = dialog.getByLabel(`IMEI për “${name}”`);
  await field.pressSequentially(imeis[1]!);
  await field.press('Enter');
  await page.screenshot({ path: `test-results/stock-units-handover-${test.info().project.name}.png` });
  await dialog.getByRole('button', { name: 'Sheno si dorezuar' }).click();
  await expect(page.getByText(`Porosia #${order.id} u shënua si e dorëzuar.`)).toBeVisible();
  await expect(page.getByRole('table', { name: `Produktet e porosisë #${order.id}` })).toContainText(`IMEI: ${imeis[1]}`);

  // The printed slip carries the IMEI.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('article', { name: new RegExp(`#${order.id}`) })).toContainText(`IMEI: ${imeis[1]}`);
  await page.emulateMedia({ media: 'screen' });

  // The unit is sold, the others still in stock; the shop shows 2 left.
  await page.goto('/admin/pranim-malli');
  await page.getByLabel('Produkti (emri, SKU ose marka)').fill(name);
  await page.getByLabel('Produkti (emri, SKU ose marka)').press('Enter');
  await page.getByRole('radio', { name: new RegExp(name) }).check();
  await expect(units.getByRole('row', { name: new RegExp(imeis[1]!) })).toContainText('E shitur');
  await expect(units.getByRole('row', { name: new RegExp(imeis[1]!) }).getByRole('link', { name: `#${order.id}` })).toBeVisible();
  await shop.reload();
  await expect(shop.getByText('Vetëm 2 të mbetura').first()).toBeVisible();

  // The customer's own order page shows the IMEI.
  await shop.addInitScript(
    ([t, u]) => {
      localStorage.setItem('token', t as string);
      localStorage.setItem('user', u as string);
    },
    [customer.token, JSON.stringify(customer.user)],
  );
  await shop.goto(`/porosia/${order.id}`);
  await expect(shop.getByText(`IMEI: ${imeis[1]}`)).toBeVisible();
  await shop.close();
  noErrors();
});
