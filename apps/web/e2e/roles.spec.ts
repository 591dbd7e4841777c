import type { Page } from '@playwright/test';
import { msg } from '@shop/shared/messages';
import { appReady, expect, test } from './support/test';
import { loginAs, newAdmin, watchConsole } from './support/helpers';

const main = (page: Page) => page.getByRole('main');
const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Menyja e administrimit' });

/**
 * Issue 28, roles (decision 041): the owner makes a customer 'Punonjës'; the staff member signs in,
 * works orders, repairs and warranty sheets, and neither sees nor reaches users, settings or exports
 * (the API answers 403 to his session, not just the screens hiding them).
 */
test.describe('staff role', () => {
  test('the owner makes a user punonjës; he sees his sections only and the API refuses him the owner’s @phone', async ({
    page,
  }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const person = { name: `Besa Punonjëse ${tag}`, email: `staff.${tag}@example.com`, password: 'Ylberi-Prishtina-2026!' };
    const reg = await page.request.post('/api/auth/register', { data: person });
    expect(reg.status(), await reg.text()).toBe(201);

    // The owner (an admin of this spec's own) gives the role in 'Përdoruesit'.
    const owner = await newAdmin(page, 'Pronari Rolet');
    await loginAs(page, owner.email, owner.password);
    const ownerErrors = watchConsole(page);
    await page.goto('/admin/users');
    const search = main(page).getByRole('searchbox', { name: 'Kërko përdorues' });
    await search.fill(person.email);
    await search.press('Enter');
    const row = main(page).getByRole('row').filter({ hasText: person.email });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Bëje punonjës: ${person.name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `${person.name} është tani punonjës.` })).toBeVisible();
    await expect(row.getByText('Punonjës', { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`owner-users-${testInfo.project.name}.png`), fullPage: true });
    ownerErrors();

    // The staff member signs in through the login screen, in a browser of his own.
    const context = await page.context().browser()!.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: page.viewportSize(),
      locale: 'sq-AL',
      timezoneId: testInfo.project.use.timezoneId,
    });
    const staffPage = await context.newPage();
    const go = async (path: string) => {
      await staffPage.goto(path);
      await appReady(staffPage);
    };
    const noErrors = watchConsole(staffPage);
    await go('/login');
    await main(staffPage).getByLabel('Email').fill(person.email);
    await main(staffPage).getByLabel('Fjalëkalimi', { exact: true }).fill(person.password);
    await main(staffPage).getByRole('button', { name: 'Kyçu', exact: true }).click();
    await expect(staffPage).toHaveURL(/\/warranty$/);

    // '/admin' (the owner's dashboard) leads him to the orders; the menu shows his sections only.
    await go('/admin');
    await expect(staffPage).toHaveURL(/\/admin\/orders$/);
    await expect(main(staffPage).getByRole('heading', { name: 'Lista e Porosive', level: 1 })).toBeVisible();
    if (phone) await staffPage.getByRole('button', { name: /Menyja e administrimit/ }).click();
    await expect(adminNav(staffPage).getByRole('link')).toHaveText([
      'Porositë',
      'Shitje në dyqan',
      'Pranim malli',
      'Mbyllja e ditës',
      'Kartat dhuratë',
      'Garancionet',
      'Riparimet',
      'Kodet e zbritjes',
    ]);
    // No export on his orders list.
    await expect(main(staffPage).getByText('Eksporto CSV')).toHaveCount(0);
    await staffPage.screenshot({ path: testInfo.outputPath(`staff-orders-${testInfo.project.name}.png`), fullPage: true });

    await adminNav(staffPage).getByRole('link', { name: 'Riparimet' }).click();
    await expect(staffPage).toHaveURL(/\/admin\/riparimet$/);
    await expect(main(staffPage).getByRole('heading', { level: 1 })).toBeVisible();
    await go('/admin/warranty');
    await expect(main(staffPage).getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main(staffPage).getByText('Eksporto CSV')).toHaveCount(0);

    // Issue 29 (decision 055): he creates a discount code and pauses it, and issues a gift card by hand;
    // adjusting a card's balance is not offered to him.
    await go('/admin/kodet-e-zbritjes');
    await expect(main(staffPage).getByRole('heading', { level: 1, name: 'Kodet e zbritjes' })).toBeVisible();
    const code = `STAFF${tag.toUpperCase()}`.replace(/[^A-Z0-9]/g, '').slice(0, 32);
    await main(staffPage).getByLabel('Kodi', { exact: true }).fill(code);
    await main(staffPage).getByLabel('Lloji').selectOption('amount');
    await main(staffPage).getByLabel('Vlera').fill('5');
    await main(staffPage).getByRole('button', { name: 'Krijo kodin' }).click();
    await expect(main(staffPage).getByText(`Kodi ${code} u krijua.`)).toBeVisible();
    await main(staffPage)
      .getByRole('button', { name: `Pezullo ${code}` })
      .click();
    await expect(main(staffPage).getByText(`Kodi ${code} u pezullua.`)).toBeVisible();
    await expect(main(staffPage).locator(`tr[data-code="${code}"]`)).toContainText('I pezulluar');
    await go('/admin/kartat-dhurate');
    const issue = main(staffPage).getByRole('form', { name: 'Lësho kartë' });
    await issue.getByLabel('Vlera (€)').fill('15');
    await issue.getByLabel('Arsyeja').fill('Kredi dyqani për një kthim');
    await issue.getByRole('button', { name: 'Lësho kartën' }).click();
    const issued = main(staffPage).locator('strong.gift-code', { hasText: /^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/ });
    await expect(issued).toBeVisible();
    const last4 = (await issued.textContent())!.slice(-4);
    await main(staffPage)
      .getByRole('button', { name: `Libri i kartës …${last4}` })
      .click();
    await expect(main(staffPage).getByRole('region', { name: new RegExp(`Libri i kartës .*${last4}`) })).toContainText('15,00 €');
    await expect(main(staffPage).getByRole('heading', { name: 'Rregullo bilancin' })).toHaveCount(0);

    // The owner's screens by their address: the 'no access' page.
    for (const path of ['/admin/users', '/admin/stats', '/admin/historiku']) {
      await go(path);
      await expect(staffPage).toHaveURL(/\/no-access$/);
      await expect(main(staffPage).getByRole('heading', { name: 'Qasja e ndaluar' })).toBeVisible();
    }
    await staffPage.screenshot({ path: testInfo.outputPath(`staff-no-access-${testInfo.project.name}.png`), fullPage: true });
    noErrors();

    // The API with his session's own token: 403 on users and exports, 200 on orders.
    const token = await staffPage.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const headers = { authorization: `Bearer ${token!}` };
    for (const url of ['/api/admin/users_new', '/api/admin/export/orders.csv', '/api/admin/audit']) {
      const res = await staffPage.request.get(url, { headers });
      expect(res.status(), url).toBe(403);
      expect(await res.json()).toEqual({ msg: msg.ownerOnly });
    }
    expect((await staffPage.request.get('/api/admin/orders', { headers })).status()).toBe(200);
    await context.close();
  });
});
