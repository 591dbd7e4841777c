import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { admin, loginAs, watchConsole } from './support/helpers';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const main = (page: Page) => page.getByRole('main');
const session = (page: Page) => page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') }));

/** 'Dil' from the top bar, or from the drawer on a phone. */
async function logout(page: Page) {
  const topBarDil = page.getByRole('banner').getByRole('button', { name: 'Dil', exact: true });
  if (await topBarDil.isVisible()) {
    await topBarDil.click();
  } else {
    await page.getByRole('button', { name: 'Hap menynë' }).click();
    await page.getByRole('dialog', { name: 'Menyja' }).getByRole('button', { name: /^Dil/ }).click();
  }
}

async function registerByApi(page: Page, name: string) {
  const email = `${unique()}@example.com`;
  const res = await page.request.post('/api/auth/register', { data: { name, email, password: 'Ylberi-Prishtina-2026!' } });
  expect(res.status()).toBe(201);
  return { email, password: 'Ylberi-Prishtina-2026!', ...((await res.json()) as { token: string }) };
}

test.describe('accounts', () => {
  test('register on /register, log in on /login, see the profile, log out @phone', async ({ page }) => {
    const email = `arta.${unique()}@example.com`;
    await page.goto('/register');
    await main(page).getByLabel('Emri i plotë').fill('Arta Krasniqi');
    await main(page).getByLabel('Email').fill(email);
    await main(page).getByLabel('Fjalëkalimi', { exact: true }).fill('Ylberi-Prishtina-2026!');
    await main(page).getByRole('button', { name: 'Regjistrohu' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(main(page).getByText('Llogaria u krijua me sukses. Tani mund të kyçeni.')).toBeVisible();
    await expect(main(page).getByLabel('Email')).toHaveValue(email);
    // This server has no Google sign-in: no 'ose' and no Google button (issue 26).
    await expect(main(page).getByText('ose', { exact: true })).toBeHidden();

    // A wrong password: the server's message, and the form is usable again.
    await main(page).getByLabel('Fjalëkalimi', { exact: true }).fill('gabim-gabim');
    await main(page).getByRole('button', { name: 'Kyçu', exact: true }).click();
    await expect(main(page).getByRole('alert')).toHaveText('Email-i ose fjalëkalimi është i gabuar.');
    await expect(main(page).getByRole('button', { name: 'Kyçu', exact: true })).toBeEnabled();

    const noErrors = watchConsole(page);
    await main(page).getByLabel('Fjalëkalimi', { exact: true }).fill('Ylberi-Prishtina-2026!');
    await main(page).getByRole('button', { name: 'Kyçu', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profili im' })).toBeVisible();
    await expect(main(page).getByText('Arta Krasniqi').first()).toBeVisible();
    await expect(main(page).getByText(email).first()).toBeVisible();
    const stored = await session(page);
    expect(stored.token).toBeTruthy();
    expect(JSON.parse(stored.user!)).toMatchObject({ name: 'Arta Krasniqi', email, role: 'user', isAdmin: false });

    await logout(page);
    await expect(page).toHaveURL(/\/$/);
    expect(await session(page)).toEqual({ token: null, user: null });
    noErrors();
  });

  test('register on /regjistrohu, log in on /kycu, go home, then the profile', async ({ page }) => {
    const email = `besa.${unique()}@example.com`;
    await page.goto('/regjistrohu');
    await main(page).getByLabel('Emri i plotë').fill('Besa Gashi');
    await main(page).getByLabel('Email').fill(email);
    await main(page).getByLabel('Telefoni (opsional)').fill('+383 44 555 666');
    // Too short: the shared rule's Albanian message, and nothing is sent.
    await main(page).getByLabel('Fjalëkalimi', { exact: true }).fill('1234567');
    await main(page).getByRole('button', { name: 'Regjistrohu' }).click();
    await expect(main(page).getByLabel('Fjalëkalimi', { exact: true })).toHaveJSProperty(
      'validationMessage',
      'Fjalëkalimi duhet të ketë të paktën 8 karaktere.',
    );
    await main(page).getByLabel('Fjalëkalimi', { exact: true }).fill('Ylberi-Prishtina-2026!');
    await main(page).getByRole('button', { name: 'Regjistrohu' }).click();

    await expect(page).toHaveURL(/\/kycu$/);
    // The returned token is stored; the user logs in on /kycu.
    expect((await session(page)).token).toBeTruthy();
    await expect(main(page).getByRole('checkbox', { name: 'Më mbaj të kyçur' })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Keni harruar fjalëkalimin?' })).toHaveAttribute('href', '/harruat-fjalekalimin');
    await expect(main(page).getByRole('button', { name: 'Kyçu me Google' })).toHaveCount(0);

    await main(page).getByLabel('Email').fill(email);
    await main(page).getByLabel('Fjalëkalimi', { exact: true }).fill('Ylberi-Prishtina-2026!');
    await main(page).getByRole('button', { name: 'Kyçu', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profili im' })).toBeVisible();
    await expect(main(page).getByText(email).first()).toBeVisible();
    await expect(main(page).getByText('Besa Gashi').first()).toBeVisible();
  });

  test('an admin who logs in on /login lands on /warranty', async ({ page }) => {
    const { email, password } = admin();
    await page.goto('/login');
    await main(page).getByLabel('Email').fill(email);
    await main(page).getByLabel('Fjalëkalimi', { exact: true }).fill(password);
    await main(page).getByRole('button', { name: 'Kyçu', exact: true }).click();
    await expect(page).toHaveURL(/\/warranty$/);
    expect(JSON.parse((await session(page)).user!)).toMatchObject({ role: 'admin', isAdmin: true });
  });

  test('guards: guests to /kycu or /login (and back after login), customers to /no-access or /', async ({ page, browser }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/kycu$/);

    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/login$/);
    const { email, password } = admin();
    await main(page).getByLabel('Email').fill(email);
    await main(page).getByLabel('Fjalëkalimi', { exact: true }).fill(password);
    await main(page).getByRole('button', { name: 'Kyçu', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);

    const context = await browser.newContext();
    const customer = await context.newPage();
    const account = await registerByApi(customer, 'Klient Guard');
    await loginAs(customer, account.email, account.password);
    await customer.goto('/admin');
    await expect(customer).toHaveURL(/\/no-access$/);
    await expect(customer.getByRole('heading', { name: 'Qasja e ndaluar' })).toBeVisible();
    await expect(main(customer).getByText('Nuk keni autorizim për të hyrë në këtë faqe.')).toBeVisible();
    await customer.goto('/warranty');
    await expect(customer).toHaveURL(/\/$/);
    await customer.goto('/no-access');
    await main(customer).getByRole('link', { name: 'Kthehu në faqen kryesore' }).click();
    await expect(customer).toHaveURL(/\/$/);
    await context.close();
  });

  test('the ?token= link opens the profile and completes the session; a refused token goes to /', async ({ page }) => {
    const account = await registerByApi(page, 'Drita Token');
    await page.goto(`/?token=${account.token}`);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(main(page).getByText('Drita Token').first()).toBeVisible();
    await expect.poll(async () => JSON.parse((await session(page)).user ?? 'null')?.email).toBe(account.email);

    await page.evaluate(() => localStorage.setItem('token', 'not.a.valid-token'));
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/$/);
    expect(await session(page)).toEqual({ token: null, user: null });
  });
});
