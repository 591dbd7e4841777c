import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { loginAs, newAdmin, watchConsole } from './support/helpers';

/** The products list's server search (decision 021): the text, then Enter. */
async function searchProducts(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Kërko në listën e produkteve' }).fill(text);
  await page.getByRole('searchbox', { name: 'Kërko në listën e produkteve' }).press('Enter');
}

/** Issue 13, finding 8: what an admin does shows in 'Historiku'. */
test.describe('audit log', () => {
  test('an admin changes a product price and sees it in Historiku @phone', async ({ page }, testInfo) => {
    const noErrors = watchConsole(page);
    const phone = testInfo.project.name === 'phone';
    // An admin of its own: the other specs' admins act at the same time, and 'Historiku' is filtered by him.
    const me = await newAdmin(page, 'Admin Historiku');
    const login = await page.request.post('/api/auth/login', { data: { email: me.email, password: me.password } });
    const { token } = (await login.json()) as { token: string };
    const name = `Telefon Historiku ${crypto.randomBytes(3).toString('hex')}`;
    const created = await page.request.post('/api/admin/products', {
      headers: { authorization: `Bearer ${token}` },
      data: { name, price: 299, category: 'phone' },
    });
    expect(created.status(), await created.text()).toBe(201);

    await loginAs(page, me.email, me.password);
    await page.goto('/admin/products');
    await searchProducts(page, name);
    await page.getByRole('button', { name: `Ndrysho ${name}` }).click();
    await page.getByLabel('Çmimi (€) *').fill('279');
    await page.getByRole('button', { name: 'Ruaj Ndryshimet' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ndryshimet u ruajtën.' })).toBeVisible();

    // To 'Historiku' through the admin's menu (folded into a button on a phone).
    if (phone) await page.getByRole('button', { name: /Menyja e administrimit/ }).click();
    await page.getByRole('navigation', { name: 'Menyja e administrimit' }).getByRole('link', { name: 'Historiku' }).click();
    await expect(page).toHaveURL(/\/admin\/historiku$/);
    await expect(page.getByRole('heading', { name: 'Historiku', level: 1 })).toBeVisible();
    // Only what this admin did.
    await page.getByLabel('Administratori').selectOption({ label: me.email });
    await expect(page).toHaveURL(new RegExp(`actor=${me.id}`));

    const table = page.getByRole('table', { name: 'Historiku i veprimeve të administratorëve' });
    const edit = table
      .getByRole('row')
      .filter({ hasText: `Produkti ${name}` })
      .filter({ hasText: 'Ndryshim produkti' });
    await expect(edit).toContainText('Çmimi: 299,00 € → 279,00 €');
    await expect(edit).toContainText(me.email);
    // Newest first: the edit is above the product's creation.
    const rows = table.getByRole('row').filter({ hasText: `Produkti ${name}` });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Ndryshim produkti');
    await expect(rows.nth(1)).toContainText('Shtim produkti');

    // Filtered by kind, only edits remain; the address keeps the filter.
    await page.getByLabel('Veprimi').selectOption({ label: 'Shtim produkti' });
    await expect(page).toHaveURL(/kind=product\.create/);
    await expect(table.getByRole('row').filter({ hasText: `Produkti ${name}` })).toHaveCount(1);
    await expect(table.getByRole('row').filter({ hasText: 'Ndryshim produkti' })).toHaveCount(0);
    await page.getByLabel('Veprimi').selectOption({ label: 'Ndryshim produkti' });
    await expect(edit).toBeVisible();

    await page.screenshot({ path: testInfo.outputPath(`historiku-${testInfo.project.name}.png`), fullPage: true });
    noErrors();
  });
});
