import crypto from 'node:crypto';
import { expect, test } from './support/test';
import { admin, loginAs, watchConsole } from './support/helpers';

/**
 * Issue 27's done-when for staff (decision 039, 'Variantet'): an admin creates a phone through the
 * product form, adds 'Ngjyra' and 'Memoria' with three values each, generates the nine
 * combinations, sets prices for one size in bulk and a stock per row, saves, and the storefront's
 * page shows the option buttons and the chosen variant's price. A product of its own per run and
 * project (1280 and 375 px), so parallel specs keep theirs.
 */
test('an admin creates a phone with 2 options × 3 values through the form and the storefront sells its variants @phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const noErrors = watchConsole(page);
  const { token } = await loginAs(page, admin().email, admin().password);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const name = `Telefon Variante Forma ${tag}`;

  await page.goto('/admin/products');
  await page.getByRole('button', { name: '+ Shto produkt' }).click();
  await page.getByLabel('Emri *').fill(name);
  await page.getByLabel('Çmimi (€) *').fill('1149');
  await page.getByLabel('Kategoria').selectOption('phone');
  await page.getByLabel('Marka').fill('Testmarka');
  await page.getByLabel('SKU', { exact: true }).fill(`VF-${tag}`);
  await page.getByRole('button', { name: 'Shto produktin' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Produkti u shtua!' })).toBeVisible();

  // The new product's form stays open with its 'Variantet' section.
  await expect(page.getByRole('heading', { name: `Ndrysho: ${name}` })).toBeVisible();
  const section = page.getByRole('region', { name: 'Variantet' });
  const grid = section.getByRole('table', { name: `Variantet e ${name}` });
  await expect(grid.getByRole('row')).toHaveCount(2);

  // Two options, three values each, added with Enter.
  await section.getByRole('button', { name: '+ Shto opsion' }).click();
  const first = section.getByRole('group', { name: 'Opsioni 1' });
  await expect(first.getByLabel('Emri i opsionit')).toHaveValue('Ngjyra');
  await expect(first.getByLabel('Emri i opsionit')).toBeFocused();
  const colours = first.getByLabel('Vlerë e re për Ngjyra');
  for (const v of ['Titanium i zi', 'Titanium natyral', 'Titanium i bardhë']) {
    await colours.fill(v);
    await colours.press('Enter');
  }
  await section.getByRole('button', { name: '+ Shto opsion' }).click();
  const second = section.getByRole('group', { name: 'Opsioni 2' });
  await expect(second.getByLabel('Emri i opsionit')).toHaveValue('Memoria');
  const sizes = second.getByLabel('Vlerë e re për Memoria');
  for (const v of ['256 GB', '512 GB', '1 TB']) {
    await sizes.fill(v);
    await sizes.press('Enter');
  }
  await expect(second.getByRole('list', { name: 'Vlerat e Memoria' }).getByRole('listitem')).toHaveCount(3);
  // Enter added values and sent nothing: the form is still open, nothing saved.
  await expect(page.getByRole('heading', { name: `Ndrysho: ${name}` })).toBeVisible();

  await section.getByRole('button', { name: 'Gjenero kombinimet' }).click();
  await expect(grid.getByRole('row')).toHaveCount(10);
  await expect(section.getByRole('status')).toContainText('U krijuan 9 kombinime');

  // Bulk: 512 GB and 1 TB prices; stock 5 everywhere; one row sold out and one not tracked.
  const bulk = section.getByRole('group', { name: 'Ndryshim për shumë variante' });
  await bulk.getByLabel('Për variantet me').selectOption({ label: 'Memoria: 512 GB' });
  await bulk.getByLabel('Çmimi (€)').fill('1399');
  await bulk.getByRole('button', { name: 'Vendos çmimin për të gjitha' }).click();
  await expect(section.getByRole('status')).toContainText('u vendos te 3 variante (Memoria: 512 GB)');
  await bulk.getByLabel('Për variantet me').selectOption({ label: 'Memoria: 1 TB' });
  await bulk.getByLabel('Çmimi (€)').fill('1599,50');
  await bulk.getByRole('button', { name: 'Vendos çmimin për të gjitha' }).click();
  await bulk.getByLabel('Për variantet me').selectOption({ label: 'Të gjitha variantet' });
  await bulk.getByLabel('Stoku').fill('5');
  await bulk.getByRole('button', { name: 'Vendos stokun për të gjitha' }).click();
  await expect(section.getByRole('status')).toContainText('u vendos te 9 variante');
  await grid.getByRole('textbox', { name: 'Stoku — Titanium natyral / 256 GB' }).fill('0');
  await grid.getByRole('textbox', { name: 'Stoku — Titanium i bardhë / 1 TB' }).fill('');
  await grid.getByRole('textbox', { name: 'Çmimi i vjetër — Titanium i zi / 512 GB' }).fill('1499');
  // Arrow down moves within the column.
  await grid.getByRole('textbox', { name: 'Çmimi — Titanium i zi / 256 GB' }).press('ArrowDown');
  await expect(grid.getByRole('textbox', { name: 'Çmimi — Titanium i zi / 512 GB' })).toBeFocused();

  // The grid scrolls inside its own box; the page does not (375 px).
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);

  await section.getByRole('button', { name: 'Ruaj variantet' }).click();
  await expect(section.getByRole('status')).toHaveText('Variantet u ruajtën (9).');

  // The product's own form now shows the variants' figures: the stock is theirs (read-only) and
  // saving the product's details writes none of it back.
  const form = page.locator('form.admin-form');
  await expect(form.getByLabel('Stoku', { exact: true })).toHaveAttribute('readonly', '');
  await form.getByLabel('Përshkrimi').fill('Titan, tre ngjyra dhe tre memorie.');
  await form.getByRole('button', { name: 'Ruaj Ndryshimet' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ndryshimet u ruajtën' })).toBeVisible();

  // What was saved.
  const found = await page.request.get(`/api/admin/products/search?q=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { items } = (await found.json()) as {
    items: { id: string; stock: number | null; variantCount: number; lowStockVariants: string[] }[];
  };
  expect(items).toHaveLength(1);
  const id = items[0]!.id;
  expect(items[0]).toMatchObject({ stock: null, variantCount: 9 });
  expect(items[0]!.lowStockVariants).toHaveLength(8);
  const saved = (await (
    await page.request.get(`/api/admin/products/${id}/variants`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    variants: { values: string[]; sku: string; price: number; oldPrice: number | null; stock: number | null; isDefault: boolean }[];
  };
  expect(saved.variants).toHaveLength(9);
  expect(saved.variants.find((v) => v.values.join('/') === 'Titanium i zi/512 GB')).toMatchObject({
    sku: `VF-${tag}-TITANIUMIZI-512GB`,
    price: 1399,
    oldPrice: 1499,
    stock: 5,
  });
  expect(saved.variants.find((v) => v.values.join('/') === 'Titanium i bardhë/1 TB')).toMatchObject({ price: 1599.5, stock: null });

  // The list shows the low-stock badge per variant.
  const search = page.getByRole('searchbox', { name: 'Kërko në listën e produkteve' });
  await search.fill(name);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('8 variante pak stok');

  // The storefront: option buttons, the chosen variant's price and SKU.
  await page.goto(`/products/${id}`);
  const colour = page.getByRole('group', { name: /^Ngjyra/ });
  const memory = page.getByRole('group', { name: /^Memoria/ });
  const price = page.locator('.detail-info .price-lg .price');
  await expect(colour.getByRole('button', { name: /^Titanium i zi$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(memory.getByRole('button')).toHaveCount(3);
  await expect(price).toHaveText(/1\.149\s€$/);
  await memory.getByRole('button', { name: /^512 GB$/ }).click();
  await expect(memory.getByRole('button', { name: /^512 GB$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(price).toHaveText(/1\.399\s€$/);
  await expect(page.locator('.detail-info .price-lg .old-price')).toContainText('1.499 €');
  await expect(page.getByText(`VF-${tag}-TITANIUMIZI-512GB`)).toBeVisible();
  await colour.getByRole('button', { name: /^Titanium i bardhë$/ }).click();
  await memory.getByRole('button', { name: /^1 TB$/ }).click();
  await expect(price).toHaveText(/1\.599,50\s€$/);
  await expect(page).toHaveURL(new RegExp(`/products/${id}\\?variant=\\d+$`));
  noErrors();
});
