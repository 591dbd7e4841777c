import crypto from 'node:crypto';
import { expect, test } from './support/test';
import { admin, loginAs, watchConsole } from './support/helpers';

interface AdminVariant {
  id: number;
  values: string[];
  sku: string;
  stock: number | null;
}

/**
 * Issue 27, the storefront (decision 039): a phone in two colours and two sizes, one combination
 * sold out; a shopper chooses 'Titanium i zi' 512 GB, sees its price, keeps the choice in the
 * address, adds two, reloads, orders, and the order names the variant (its stock, and no other's,
 * dropped by two). A product of its own per run and project: the other specs keep the seeded ones.
 */
test('a shopper chooses Titanium i zi 512 GB, adds two, reloads, and orders that variant @phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const noErrors = watchConsole(page);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });

  // Staff: a phone with options Ngjyra and Memoria through the API.
  const staff = await request.post('/api/auth/login', { data: admin() });
  const { token: staffToken } = (await staff.json()) as { token: string };
  const auth = { authorization: `Bearer ${staffToken}` };
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const name = `iPhone 16 Pro Variante ${tag}`;
  const created = await request.post('/api/admin/products', {
    headers: auth,
    data: { name, price: 1149, category: 'phone', brand: 'Apple', description: 'Titan, me ngjyra dhe memorie.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const put = await request.put(`/api/admin/products/${id}/variants`, {
    headers: auth,
    data: {
      options: [
        { name: 'Ngjyra', values: ['Titanium i zi', 'Titanium natyral'] },
        { name: 'Memoria', values: ['256 GB', '512 GB'] },
      ],
      variants: [
        { values: ['Titanium i zi', '256 GB'], sku: `E2E-${tag}-B256`, price: 1149, stock: 10, isDefault: true },
        { values: ['Titanium i zi', '512 GB'], sku: `E2E-${tag}-B512`, price: 1399, oldPrice: 1499, stock: 5 },
        { values: ['Titanium natyral', '256 GB'], sku: `E2E-${tag}-N256`, price: 1179, stock: 0 },
        { values: ['Titanium natyral', '512 GB'], sku: `E2E-${tag}-N512`, price: 1429, stock: 3 },
      ],
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  const variants = ((await put.json()) as { variants: AdminVariant[] }).variants;
  const chosen = variants.find((v) => v.sku === `E2E-${tag}-B512`)!;

  // A customer, logged in as the checkout specs do.
  const email = `variante-${Date.now()}-${tag.toLowerCase()}@e2e.local`;
  const password = 'Ylberi-Prishtina-2026!';
  const reg = await request.post('/api/auth/register', { data: { name: 'Blerina Hoxha', email, password } });
  expect(reg.ok(), await reg.text()).toBeTruthy();
  const { token } = await loginAs(page, email, password);

  await page.goto(`/products/${id}`);
  const colour = page.getByRole('group', { name: /^Ngjyra/ });
  const memory = page.getByRole('group', { name: /^Memoria/ });
  const price = page.locator('.detail-info .price-lg .price');
  await expect(colour.getByRole('button', { name: /^Titanium i zi$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(price).toHaveText(/1\.149\s€$/);
  // Natural titanium in 256 GB is sold out: said on its button.
  await expect(colour.getByRole('button', { name: /Titanium natyral/ })).toContainText("S'ka në stok");

  await colour.getByRole('button', { name: /^Titanium i zi$/ }).click();
  await memory.getByRole('button', { name: /^512 GB$/ }).click();
  await expect(memory.getByRole('button', { name: /^512 GB$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(new RegExp(`/products/${id}\\?variant=${chosen.id}$`));
  await expect(price).toHaveText(/1\.399\s€$/);
  await expect(page.locator('.detail-info .price-lg .old-price')).toContainText('1.499 €');
  await expect(page.getByText(`E2E-${tag}-B512`)).toBeVisible();

  // Two at once with the quantity selector, then the cart.
  await page.getByRole('button', { name: `Rrit sasinë e ${name}` }).click();
  await expect(page.getByRole('spinbutton', { name: `Sasia e ${name}` })).toHaveValue('2');
  await page.getByRole('button', { name: 'Shto në Shportë' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // A shared or reloaded address opens the same variant (rendered so by the server too).
  await page.reload();
  await expect(memory.getByRole('button', { name: /^512 GB$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(price).toHaveText(/1\.399\s€$/);

  await page.goto('/cart');
  const line = page.getByRole('listitem').filter({ hasText: name });
  await expect(line).toContainText('Titanium i zi / 512 GB');
  await expect(line).toContainText('1.399,00 € x 2');
  await page.reload();
  await expect(line).toContainText('Titanium i zi / 512 GB');
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  await page.goto('/checkout');
  await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText('Titanium i zi / 512 GB');
  await expect(page.getByTestId('checkout-total')).toHaveText('2.798,00 €');
  await page.getByRole('button', { name: 'Konfirmo Porosinë' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(dialogs).toEqual(['Porosia u krye me sukses!']);
  await expect(page.getByTestId('cart-count')).toHaveText('0');

  const mine = (await (await request.get('/api/orders/mine', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    items: { id: string; variantId: number | null; variant: string | null; sku: string | null; quantity: number }[];
  }[];
  expect(mine[0]!.items).toEqual([
    expect.objectContaining({ id, variantId: chosen.id, variant: 'Titanium i zi / 512 GB', sku: `E2E-${tag}-B512`, quantity: 2 }),
  ]);
  await page.goto('/profile');
  const orders = page.getByRole('region', { name: 'Porositë e mia' });
  await expect(orders).toContainText('Titanium i zi / 512 GB');

  // Its stock dropped by two, and no other variant's did.
  const after = (await (await request.get(`/api/admin/products/${id}/variants`, { headers: auth })).json()) as { variants: AdminVariant[] };
  expect(Object.fromEntries(after.variants.map((v) => [v.sku.replace(`E2E-${tag}-`, ''), v.stock]))).toEqual({
    B256: 10,
    B512: 3,
    N256: 0,
    N512: 3,
  });
  noErrors();
});
