import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { admin, loginAs, watchConsole } from './support/helpers';
import { catalogueHeader } from '../../../packages/shared/src/domain/catalogue-csv';
import { slugify } from '../../../packages/shared/src/domain/catalogue';

/**
 * Issue 27, the catalogue's CSV import: staff choose a file of 50 variants (5 colours × 10 sizes,
 * names and SKUs unique to the run), read the dry run ('Provë'), import it, and the phone shows
 * on the storefront with its option buttons. A file with a formula cell is refused row by row.
 */

const colours = ['E zezë', 'E bardhë', 'Blu', 'E kuqe', 'Ari'];
const sizes = Array.from({ length: 10 }, (_, i) => `${(i + 1) * 64} GB`);
const cell = (v: string) => `"${v.replace(/"/g, '""')}"`;

/** A file as Excel's 'CSV UTF-8' writes it: a BOM, ';' between cells, CRLF. */
function catalogueFile(path: string, name: string, tag: string, colourCount = colours.length) {
  const rows = colours
    .slice(0, colourCount)
    .flatMap((c, ci) =>
      sizes.map((s, si) => [
        '',
        name,
        'Telefona',
        'Testmarka',
        'Telefon i importuar nga CSV.',
        'Ngjyra',
        c,
        'Memoria',
        s,
        '',
        '',
        `CSV-${tag}-${ci}-${si}`,
        '',
        `${899 + si * 100},00`,
        '',
        String(3 + ci),
        ci === 0 && si === 0 ? 'Po' : '',
      ]),
    );
  const text = [catalogueHeader, ...rows].map((r) => r.map(cell).join(';')).join('\r\n');
  fs.writeFileSync(path, `\uFEFF${text}\r\n`, 'utf8');
}

async function openCatalogueCsv(page: Page) {
  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { name: 'Produktet', level: 1 })).toBeVisible();
  await page.getByText('Katalogu në CSV').click();
  await expect(page.getByLabel('Importo CSV')).toBeVisible();
}

test('staff import 50 variants from a CSV: dry run first, then import, then the storefront shows them', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const noErrors = watchConsole(page);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const name = `Telefon CSV ${tag}`;
  const file = testInfo.outputPath(`katalogu-${tag}.csv`);
  catalogueFile(file, name, tag);

  await loginAs(page, admin().email, admin().password);
  await openCatalogueCsv(page);
  const importButton = page.getByRole('button', { name: 'Importo', exact: true });
  await expect(importButton).toBeDisabled();

  await page.getByLabel('Importo CSV').setInputFiles(file);
  await expect(page.getByRole('heading', { name: 'Provë: çfarë do të ndryshojë' })).toBeVisible();
  await expect(page.getByText('Do të krijohen 1 produkt dhe 50 variante.')).toBeVisible();
  const changes = page.getByRole('table', { name: 'Ndryshimet që do të bëhen' });
  // The header, the product's own row and one row per variant.
  await expect(changes.getByRole('row')).toHaveCount(52);
  await expect(changes.getByRole('row').filter({ hasText: `CSV-${tag}-2-9` })).toContainText('Blu / 640 GB');
  await expect(changes.getByRole('row').filter({ hasText: `CSV-${tag}-2-9` })).toContainText('1.799,00 €');

  await expect(importButton).toBeEnabled();
  await importButton.click();
  await expect(page.getByText('U krijuan 1 produkt dhe 50 variante.')).toBeVisible();
  await expect(importButton).toBeDisabled();

  // The storefront: the phone with its colours and sizes; a choice changes the price.
  await page.goto(`/products/${slugify(name)}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const colour = page.getByRole('group', { name: /^Ngjyra/ });
  const memory = page.getByRole('group', { name: /^Memoria/ });
  await expect(colour.getByRole('button')).toHaveCount(5);
  await expect(memory.getByRole('button')).toHaveCount(10);
  await expect(colour.getByRole('button', { name: /^E zezë/ })).toHaveAttribute('aria-pressed', 'true');
  await colour.getByRole('button', { name: /^Blu/ }).click();
  await memory.getByRole('button', { name: /^640 GB/ }).click();
  await expect(page.locator('.detail-info .price-lg .price')).toHaveText(/1\.799\s€$/);
  await expect(page.getByText(`CSV-${tag}-2-9`)).toBeVisible();
  noErrors();
});

test('a file with a formula cell and a missing price is refused row by row, and nothing is imported @phone', async ({ page }, testInfo) => {
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const file = testInfo.outputPath(`gabime-${tag}.csv`);
  const row = (name: string, sku: string, price: string) =>
    ['', name, 'Telefona', '', '', '', '', '', '', '', '', sku, '', price, '', '', ''].map(cell).join(';');
  fs.writeFileSync(
    file,
    [
      catalogueHeader.map(cell).join(';'),
      row('=HYPERLINK("http://x")', `BAD-${tag}-1`, '10'),
      row(`Pa çmim ${tag}`, `BAD-${tag}-2`, ''),
    ].join('\r\n'),
  );
  await loginAs(page, admin().email, admin().password);
  await openCatalogueCsv(page);
  await page.getByLabel('Importo CSV').setInputFiles(file);
  const alert = page.getByRole('alert').filter({ hasText: 'Skedari nuk u importua' });
  await expect(alert).toContainText('ka 2 gabime');
  await expect(alert.getByRole('listitem').first()).toHaveText(/^Rreshti 2, kolona “Emri”: Qeliza fillon me = \+ - @/);
  await expect(alert.getByRole('listitem').nth(1)).toHaveText(/^Rreshti 3, kolona “Çmimi \(€\)”:/);
  await expect(page.getByRole('button', { name: 'Importo', exact: true })).toBeDisabled();

  // A clean dry run on a phone: the table scrolls inside its box, the page does not scroll sideways.
  const good = testInfo.outputPath(`katalogu-${tag}.csv`);
  catalogueFile(good, `Telefon CSV ${tag}`, tag, 1);
  await page.getByLabel('Importo CSV').setInputFiles(good);
  await expect(page.getByText('Do të krijohen 1 produkt dhe 10 variante.')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath(`catalogue-import-${testInfo.project.name}.png`), fullPage: true });
});
