import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { noScriptText } from '@shop/shared/messages';
import { authText } from '@shop/shared/messages-auth';
import { authMessages } from '@shop/shared/schemas/auth';
import { repairMessages, repairScreenMessages } from '@shop/shared/messages-repairs';
import { repairStatusLabels } from '@shop/shared/domain/repairs';
import { admin } from './support/helpers';

/**
 * Issue 26: pages without JavaScript, unknown addresses, and what a visitor does before the app
 * is live. Playwright's own `test` here: the shop's waits for html[data-app-ready], which a page
 * without JavaScript (or with its scripts held back) never reaches.
 */
const password = 'Ylberi-Prishtina-2026!';
/** A <noscript> note (Playwright's text queries do not look inside <noscript>). */
const note = (page: Page, text: string) => page.locator('noscript > p').filter({ hasText: text });
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function customer(request: APIRequestContext, name = 'Drita Pa Skript') {
  const email = `noscript.${unique()}@example.com`;
  const res = await request.post('/api/auth/register', { data: { name, email, password } });
  expect(res.status(), await res.text()).toBe(201);
  return { email, name };
}

/** A repair ticket waiting for the customer's answer to its estimate (120 €). */
async function waitingTicket(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: admin() });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const res = await request.post('/api/admin/repairs', {
    headers,
    data: {
      customerName: 'Arta Krasniqi',
      customerPhone: '+383 44 987 654',
      customerEmail: 'arta.servis@example.com',
      brand: 'Apple',
      model: 'iPhone 15 Pro',
      imei: '35693810123456',
      colour: 'E zezë',
      fault: 'Ekrani nuk reagon në prekje.',
      conditions: ['scratches', 'cracked-glass'],
      conditionNotes: 'Gërvishtje në anën e pasme.',
      accessories: ['charger', 'case'],
      pin: '48213579',
      estimate: 120,
      deposit: 20,
      technician: 'Besnik Gashi',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const ticket = (await res.json()) as { id: number; code: string };
  for (const status of ['diagnosing', 'awaiting-approval']) {
    const moved = await request.post(`/api/admin/repairs/${ticket.id}/status`, {
      headers,
      data: { status, customerNote: 'Ekrani kushton 120 €.', ...(status === 'awaiting-approval' ? { estimate: 120 } : {}) },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return ticket.code;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  /** Every shopper and account page: its main heading, and its form or what it says instead. */
  const pages: { path: string; heading: string | RegExp; check: (page: Page) => Promise<void> }[] = [
    { path: '/', heading: /\S/, check: (p) => expect(p.locator('main article').first()).toBeVisible() },
    { path: '/products', heading: 'Produktet', check: (p) => expect(p.getByLabel('Rendit sipas')).toBeVisible() },
    {
      path: '/products/iphone-16-pro-max',
      heading: /iPhone 16 Pro Max/,
      check: (p) => expect(p.getByRole('button', { name: 'Shto në Shportë' })).toBeVisible(),
    },
    { path: '/search?query=iphone', heading: /\S/, check: (p) => expect(p.locator('main article').first()).toBeVisible() },
    { path: '/blog', heading: 'Blog', check: (p) => expect(p.locator('main article').first()).toBeVisible() },
    { path: '/terms', heading: /Kushtet/, check: (p) => expect(p.locator('main')).toContainText('Kujdesi') },
    {
      path: '/sherbimet/mirembajtja',
      heading: /mirëmbajtjes/,
      check: (p) => expect(p.getByRole('button', { name: 'NE PRITJE' })).toBeVisible(),
    },
    {
      path: '/cart',
      heading: 'Shporta',
      check: async (p) => {
        await expect(note(p, noScriptText.cart)).toBeVisible();
        await expect(p.getByText('Duke ngarkuar shportën...')).toBeHidden();
      },
    },
    { path: '/checkout', heading: 'Checkout', check: (p) => expect(note(p, noScriptText.checkout)).toBeVisible() },
    ...['/login', '/kycu'].map((path) => ({
      path,
      heading: authText.loginTitle,
      check: async (p: Page) => {
        await expect(p.getByLabel(authText.email, { exact: true })).toBeVisible();
        await expect(p.getByLabel(authText.password, { exact: true })).toBeVisible();
        await expect(p.getByRole('button', { name: authText.loginButton, exact: true })).toBeVisible();
      },
    })),
    ...['/register', '/regjistrohu', '/harruat-fjalekalimin', '/rivendos-fjalekalimin?token=a-link-token-of-a-mail-1234'].map((path) => ({
      path,
      heading: path.startsWith('/harruat')
        ? authText.forgotTitle
        : path.startsWith('/rivendos')
          ? authText.resetTitle
          : authText.registerTitle,
      check: async (p: Page) => {
        await expect(p.locator('main form').first()).toBeVisible();
        await expect(note(p, noScriptText.form)).toBeVisible();
      },
    })),
    {
      path: '/verifiko-email?token=a-link-token-of-a-mail-1234',
      heading: authText.verifyTitle,
      check: (p) => expect(note(p, noScriptText.verify)).toBeVisible(),
    },
    {
      path: '/servisi/statusi',
      heading: repairMessages.trackTitle,
      check: (p) => expect(p.getByRole('button', { name: repairMessages.trackSubmit })).toBeVisible(),
    },
  ];

  test('every shopper and account page has its heading and its form, or says what it needs @phone', async ({ page }) => {
    for (const { path, heading, check } of pages) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page.locator('h1').first(), path).toHaveText(heading);
      await check(page);
    }
    // A page only the browser renders says so.
    await page.goto('/profile');
    await expect(note(page, 'Kjo faqe ka nevojë për JavaScript.')).toBeVisible();
  });

  test('login: a wrong password answers the page with the error, the right one signs in and hands the session over', async ({
    page,
    context,
  }) => {
    const { email } = await customer(page.request);
    await page.goto('/login');
    await page.getByLabel(authText.email, { exact: true }).fill(email);
    await page.getByLabel(authText.password, { exact: true }).fill('gabim-gabim-gabim');
    await page.getByRole('button', { name: authText.loginButton, exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(authMessages.invalidCredentials);
    await expect(page.getByLabel(authText.email, { exact: true })).toHaveValue(email);
    expect((await context.cookies()).some((c) => c.name === 'shop_signin')).toBe(false);

    await page.getByLabel(authText.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: authText.loginButton, exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    expect((await context.cookies()).some((c) => c.name === 'shop_signin')).toBe(true);
  });

  test("repair tracking: the QR code's address shows the status, and the estimate is approved with forms alone @phone", async ({
    page,
  }) => {
    const code = await waitingTicket(page.request);
    await page.goto(`/servisi/statusi?kodi=${code}&imei=3456`);
    await expect(page.getByTestId('repair-status')).toHaveText(repairStatusLabels['awaiting-approval']);
    await page.getByRole('button', { name: repairMessages.approve }).click();
    await page.getByRole('button', { name: repairScreenMessages.confirmYes }).click();
    await expect(page.getByText(repairMessages.approved)).toBeVisible();
    await expect(page.getByTestId('repair-status')).toHaveText(repairStatusLabels.repairing);

    // The form posts: a wrong proof is refused on the page, the right one shows the ticket.
    await page.goto('/servisi/statusi');
    await page.getByLabel(repairMessages.trackCode).fill(code);
    await page.getByLabel(repairMessages.trackProof).fill('9999');
    await page.getByRole('button', { name: repairMessages.trackSubmit }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByLabel(repairMessages.trackProof).fill('3456');
    await page.getByRole('button', { name: repairMessages.trackSubmit }).click();
    await expect(page.getByTestId('repair-status')).toHaveText(repairStatusLabels.repairing);
  });

  test("'Shto në Shportë' leads to the cart, which says that it needs JavaScript", async ({ page }) => {
    await page.goto('/products/iphone-16-pro-max');
    await page.getByRole('button', { name: 'Shto në Shportë' }).click();
    await expect(page).toHaveURL(/\/cart\?$|\/cart$/);
    await expect(note(page, noScriptText.cart)).toBeVisible();
  });
});

test('an unknown address is a redirect to /, a missing product a 404 page (issue 26)', async ({ request }) => {
  const unknown = await request.get('/kjo-faqe-nuk-ekziston', { maxRedirects: 0 });
  expect(unknown.status()).toBe(302);
  expect(unknown.headers().location).toBe('/');
  const alias = await request.get('/services', { maxRedirects: 0 });
  expect(alias.status()).toBe(301);
  expect(alias.headers().location).toBe('/sherbimet');
  const missing = await request.get('/products/nuk-ekziston-kurre');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Produkt jo i gjetur');
});

/**
 * Holds back every script of the page but its entry (main.tsx, which keeps what is pressed early)
 * until the returned function is called: the page stays as the server rendered it, not yet live.
 */
async function holdScripts(page: Page, path: string): Promise<() => void> {
  const html = await (await page.request.get(path)).text();
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)![1]!;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    if (new URL(route.request().url()).pathname !== entry) await released;
    await route.continue();
  });
  return release;
}
const live = (page: Page) => page.locator('html[data-app-ready]').waitFor({ state: 'attached' });

test.describe('before the app is live', () => {
  test('a sort chosen while the list hydrates is applied once it is live', async ({ page }) => {
    const release = await holdScripts(page, '/products');
    await page.goto('/products', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Rendit sipas').selectOption('price-asc');
    release();
    await live(page);
    await expect(page).toHaveURL(/\/products\?sort=price-asc$/);
    await expect(page.locator('.browse-results')).toHaveAttribute('aria-busy', 'false');
    const prices = await page
      .locator('main article .price')
      .evaluateAll((els) => els.slice(0, 2).map((e) => Number((e.textContent ?? '').replace(/[^\d,]/g, '').replace(',', '.'))));
    expect(prices[0]).toBeLessThanOrEqual(prices[1]!);
  });

  test("'NE PRITJE' pressed before the maintenance contract is live checks the form once it is @phone", async ({ page }) => {
    const release = await holdScripts(page, '/sherbimet/mirembajtja');
    await page.goto('/sherbimet/mirembajtja', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'NE PRITJE' }).click();
    release();
    await live(page);
    await expect(page.getByText('Shkruani emrin e klientit!')).toBeVisible();
  });

  test("'Shto në Shportë' pressed early adds the product once the page is live", async ({ page }) => {
    const release = await holdScripts(page, '/products/iphone-16-pro-max');
    await page.goto('/products/iphone-16-pro-max', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Shto në Shportë' }).click();
    release();
    await live(page);
    await expect(page.getByTestId('cart-count').first()).toHaveText('1');
    await expect(page).toHaveURL(/\/products\/iphone-16-pro-max$/);
  });

  test('the login form sent before the app is live signs in, and the app takes the session over', async ({ page }) => {
    const { email, name } = await customer(page.request, 'Blerta Herët');
    const release = await holdScripts(page, '/login');
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await page.getByLabel(authText.email, { exact: true }).fill(email);
    await page.getByLabel(authText.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: authText.loginButton, exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    release();
    await live(page);
    await expect(page.getByText(name).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(await page.evaluate(() => document.cookie)).not.toContain('shop_signin');
  });
});
