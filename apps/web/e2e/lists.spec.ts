import { parse } from 'csv-parse/sync';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { todayInShop } from '@shop/shared/domain/time';
import { expect, test } from './support/test';
import { admin, loginAs, watchConsole } from './support/helpers';

/** Issue 17 (decision 021): lists searched, sorted and paged on the server, CSV exports, the statistics of a range. */

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: admin() });
  return ((await res.json()) as { token: string }).token;
}

const sheet = {
  mbiemri: 'Krasniqi',
  telefoni: '044 123 456',
  email: '',
  marka: 'Apple',
  modeli: 'iPhone 15 Pro',
  imei: '35693810123456',
  softInfo: 'iOS 18',
  kohezgjatja: '12 muaj',
  komente: '',
  llojiPageses: 'Cash',
  status: 'draft',
};

test.describe('admin lists that scale @phone', () => {
  test('the warranty list is searched, sorted and paged on the server; the page survives a reload; the CSV is safe for Excel', async ({
    page,
    request,
  }, testInfo) => {
    const noErrors = watchConsole(page);
    const phone = testInfo.project.name === 'phone';
    const tag = `Faqe${crypto.randomBytes(3).toString('hex')}`;
    const token = await adminToken(request);
    const headers = { authorization: `Bearer ${token}` };
    // 24 sheets of one tag, and one whose name is made to be a formula.
    for (let i = 0; i < 24; i += 1) {
      const res = await request.post('/api/admin/warranty', {
        headers,
        data: { ...sheet, emri: `${tag}-${String(i).padStart(2, '0')}`, cmimi: 100 + i },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    const evil = await request.post('/api/admin/warranty', {
      headers,
      data: { ...sheet, emri: '=HYPERLINK("http://x","y")', mbiemri: tag, cmimi: 1 },
    });
    expect(evil.status(), await evil.text()).toBe(201);
    const evilId = ((await evil.json()) as { id: number }).id;

    await loginAs(page, admin().email, admin().password);
    await page.goto('/admin/warranty');
    // The spec's filter also asks the server, so the sheets of every page come.
    await page.getByPlaceholder('Kerko garancione...').fill(tag);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    await expect(page.getByText('20 nga 25')).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'Faqet e garancioneve' });
    await expect(pager).toContainText('Faqja 1 nga 2');

    // Sorted by price, highest first; then the second page.
    await page.getByRole('combobox', { name: 'Rendit sipas' }).selectOption('price');
    await page.getByRole('combobox', { name: 'Drejtimi' }).selectOption('desc');
    await expect(page).toHaveURL(/sort=price/);
    await expect(page).toHaveURL(/dir=desc/);
    const names = phone ? page.locator('.w-sheet-card h3') : page.getByRole('table', { name: 'Lista e garancioneve' }).getByRole('row');
    const firstShown = phone ? page.locator('.w-sheet-card').first() : names.nth(1);
    await expect(firstShown).toContainText(`${tag}-23`);
    await pager.getByRole('button', { name: 'Faqja tjetër' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pager).toContainText('Faqja 2 nga 2');
    const lastPage = phone ? page.locator('.w-sheet-card') : page.getByRole('table', { name: 'Lista e garancioneve' }).getByRole('row');
    await expect(lastPage.filter({ hasText: `${tag}-00` })).toHaveCount(1);
    await expect(lastPage.filter({ hasText: 'HYPERLINK' })).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath(`garancionet-faqja-2-${testInfo.project.name}.png`), fullPage: true });

    // A reload keeps the search, the sort and the page.
    await page.reload();
    await expect(page.getByPlaceholder('Kerko garancione...')).toHaveValue(tag);
    await expect(pager).toContainText('Faqja 2 nga 2');
    await expect(page.getByRole('combobox', { name: 'Rendit sipas' })).toHaveValue('price');
    await expect(lastPage.filter({ hasText: `${tag}-00` })).toHaveCount(1);
    await expect(lastPage.filter({ hasText: `${tag}-23` })).toHaveCount(0);

    // The CSV of today's sheets: a BOM, ';', and the formula neutralised.
    await page.getByText('Eksporto CSV', { exact: true }).first().click();
    const today = todayInShop();
    const exportForm = page.locator('.csv-export-form');
    await exportForm.getByLabel('Nga').fill(today);
    await exportForm.getByLabel('Deri').fill(today);
    const [download] = await Promise.all([page.waitForEvent('download'), exportForm.getByRole('button', { name: 'Eksporto CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`garancionet-${today}-${today}.csv`);
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    // Every text cell is quoted now (issue 24 finding 6): read it as a spreadsheet would.
    const rows = parse(text, { delimiter: ';', relax_column_count: true }) as string[][];
    expect(rows[0]!.join(';')).toBe(
      'ID;Emri;Mbiemri;Telefoni;Email;Marka;Modeli;IMEI;Softueri;Kohezgjatja;Cmimi (€);Data;Lloji Pageses;Statusi;Komente',
    );
    expect(rows.find((r) => r[0] === String(evilId))?.slice(1, 3)).toEqual([`'=HYPERLINK("http://x","y")`, tag]);
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    await expect(page.getByText(`Skedari garancionet-${today}-${today}.csv u shkarkua.`)).toBeVisible();
    noErrors();
  });

  test('the products list pages, sorts and searches on the server, and the statistics take a range', async ({ page }, testInfo) => {
    const noErrors = watchConsole(page);
    await loginAs(page, admin().email, admin().password);
    await page.goto('/admin/products?sort=price&dir=asc&page=2');
    const pager = page.getByRole('navigation', { name: 'Faqet e produkteve' });
    await expect(pager).toContainText(/Faqja 2 nga \d+/);
    await expect(page.getByRole('combobox', { name: 'Rendit sipas' })).toHaveValue('price');
    const prices = async () =>
      (await page.locator('td.col-price').allTextContents()).map((t) => Number(t.replace(/[^\d,]/g, '').replace(',', '.')));
    await expect.poll(async () => (await prices()).length).toBe(20);
    const shown = await prices();
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    await page.screenshot({ path: testInfo.outputPath(`produktet-${testInfo.project.name}.png`), fullPage: true });
    await page.reload();
    await expect(pager).toContainText(/Faqja 2 nga \d+/);

    await page.getByRole('searchbox', { name: 'Kërko në listën e produkteve' }).fill('iphone 16');
    await page.getByRole('searchbox', { name: 'Kërko në listën e produkteve' }).press('Enter');
    await expect(page).toHaveURL(/q=iphone\+16/);
    await expect(page.getByRole('row').filter({ hasText: 'iPhone 16' }).first()).toBeVisible();

    await page.goto('/admin/users');
    await expect(page.getByRole('searchbox', { name: 'Kërko përdorues' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`perdoruesit-${testInfo.project.name}.png`), fullPage: true });

    await page.goto('/admin/stats');
    await expect(page.getByRole('heading', { name: 'Periudha' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Të ardhurat sipas kategorisë' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '10 produktet më të shitura' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`statistikat-${testInfo.project.name}.png`), fullPage: true });
    const today = todayInShop();
    const from = `${today.slice(0, 4)}-01-01`;
    await page.locator('.stats-range-form').getByLabel('Nga').fill(from);
    await page.getByRole('button', { name: 'Shfaq' }).click();
    await expect(page).toHaveURL(new RegExp(`from=${from}&to=${today}`));
    await page.reload();
    await expect(page.locator('.stats-range-form').getByLabel('Nga')).toHaveValue(from);
    noErrors();
  });
});

test.describe('statistics on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the best-sellers table fits a 375 px screen, with a sale confirmed by the shop in it (issue 26)', async ({
    page,
    request,
  }, testInfo) => {
    const noErrors = watchConsole(page);
    const token = await adminToken(request);
    // A sale of the product with the longest name: the table's hardest row.
    const products = (await (await request.get('/api/products')).json()) as { id: string; name: string; price: number; category: string }[];
    const longest = products.filter((p) => p.category !== 'giftcard').sort((a, b) => b.name.length - a.name.length)[0]!;
    const email = `bleres.statistika.${crypto.randomBytes(4).toString('hex')}@example.com`;
    const reg = await request.post('/api/auth/register', {
      data: { name: 'Blerës Statistika', email, password: 'Ylberi-Prishtina-2026!' },
    });
    expect(reg.status(), await reg.text()).toBe(201);
    const customer = ((await reg.json()) as { token: string }).token;
    const placed = await request.post('/api/orders', {
      headers: { authorization: `Bearer ${customer}`, 'idempotency-key': `e2e-stats-${crypto.randomUUID()}` },
      data: { items: [{ id: longest.id, quantity: 1, price: longest.price }], total: longest.price },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = ((await placed.json()) as { order: { id: number } }).order;
    const confirm = await request.patch(`/api/admin/orders/${order.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status: 'confirmed' },
    });
    expect(confirm.status(), await confirm.text()).toBe(200);

    await loginAs(page, admin().email, admin().password);
    await page.goto('/admin/stats');
    const panel = page.getByRole('region', { name: '10 produktet më të shitura' });
    const bestSellers = panel.getByRole('table');
    await expect(bestSellers.getByRole('row').nth(1)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('statistikat-375.png'), fullPage: true });
    // Nothing wider than the screen: the page, the table's frame and every cell of the table.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const frame = (await panel.boundingBox())!;
    expect(frame.x).toBeGreaterThanOrEqual(0);
    expect(frame.x + frame.width).toBeLessThanOrEqual(375);
    expect(await bestSellers.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(1);
    for (const cell of await bestSellers.locator('th, td').all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width, (await cell.textContent()) ?? '').toBeLessThanOrEqual(frame.x + frame.width + 0.5);
    }
    noErrors();
  });
});
