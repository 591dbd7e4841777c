import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { linkIn, waitForMail } from './support/mailbox';
import { watchConsole } from './support/helpers';

/**
 * Issue 13 in a real Chromium, with the test SMTP server of global-setup.ts: register, receive the
 * verification mail and follow it; forget the password, receive the mail, set a new one, and the
 * old session is gone (the API refuses its token, and a page that used it shows logged out).
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const main = (page: Page) => page.getByRole('main');
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
/** A mailed link opened on the test's own origin (PUBLIC_URL may name the same server as localhost). */
const onSite = (link: string) => {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
};

test.describe('accounts and mail', () => {
  test('register, receive the verification mail and follow it', async ({ page }) => {
    const email = `vera.${unique()}@example.com`;
    const noErrors = watchConsole(page);
    await page.goto('/register');
    await main(page).getByLabel('Emri i plotë').fill('Vera Hoxha');
    await main(page).getByLabel('Email').fill(email);
    await main(page).getByLabel('Fjalëkalimi', { exact: true }).fill('kafe-me-qumesht-7');
    await main(page).getByRole('button', { name: 'Regjistrohu' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The address changes first; the register form stays on screen until the login page is in.
    await expect(page.getByRole('heading', { level: 1, name: 'Kyçu' })).toBeVisible();

    // The account works before it is verified, and the profile says it is not.
    await main(page).getByLabel('Fjalëkalimi', { exact: true }).fill('kafe-me-qumesht-7');
    await main(page).getByRole('button', { name: 'Kyçu', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(main(page).getByText('Email-i juaj nuk është verifikuar.')).toBeVisible();

    const mail = await waitForMail(email);
    const link = onSite(linkIn(mail, '/verifiko-email'));
    expect(new URLSearchParams(link.split('?')[1]).get('token')).toBeTruthy();
    expect(mail.html).toContain('/verifiko-email');

    await page.goto(link);
    await expect(main(page).getByText('Email-i u verifikua. Faleminderit!')).toBeVisible();
    // The link's token is not taken for a session token: the session is the same.
    await expect(page).toHaveURL(/\/verifiko-email\?token=/);
    await main(page).getByRole('link', { name: 'Shko te profili' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(main(page).getByRole('region', { name: 'Ndrysho fjalëkalimin' })).toBeVisible();
    await expect(main(page).getByText('Email-i juaj nuk është verifikuar.')).toHaveCount(0);

    noErrors();

    // Single use: the same link again says it is not valid (the browser logs the server's 400 itself).
    await page.goto(link);
    await expect(main(page).getByRole('alert')).toHaveText('Lidhja e verifikimit nuk është e vlefshme ose ka skaduar.');
  });

  test('forget the password, receive the mail, set a new one: the old session is gone', async ({ page, browser }) => {
    const email = `drita.${unique()}@example.com`;
    const oldPassword = 'kafe-me-qumesht-7';
    const newPassword = 'caj-mali-me-mjalte-9';
    const reg = await page.request.post('/api/auth/register', { data: { name: 'Drita Berisha', email, password: oldPassword } });
    expect(reg.status()).toBe(201);

    // Another device is logged in with the old password.
    const other = await browser.newContext();
    const device = await other.newPage();
    const login = await device.request.post('/api/auth/login', { data: { email, password: oldPassword } });
    expect(login.ok()).toBeTruthy();
    const { token: oldToken, user } = (await login.json()) as { token: string; user: unknown };
    await device.goto('/');
    await device.evaluate(
      ([t, u]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('user', u);
      },
      [oldToken, JSON.stringify(user)] as const,
    );
    await device.goto('/profile');
    await expect(device.getByRole('heading', { level: 1, name: 'Profili im' })).toBeVisible();
    await expect(device.getByRole('main').getByText(email).first()).toBeVisible();

    // 'Keni harruar fjalëkalimin?' on /kycu.
    const noErrors = watchConsole(page);
    await page.goto('/kycu');
    await main(page).getByRole('link', { name: 'Keni harruar fjalëkalimin?' }).click();
    await expect(page).toHaveURL(/\/harruat-fjalekalimin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Keni harruar fjalëkalimin?' })).toBeVisible();
    const asked = Date.now();
    await main(page).getByLabel('Email').fill(email);
    await main(page).getByRole('button', { name: 'Dërgo lidhjen' }).click();
    await expect(main(page).getByRole('status')).toHaveText(
      'Nëse ky email ka një llogari, do të merrni së shpejti një lidhje për të vendosur fjalëkalim të ri.',
    );

    const mail = await waitForMail(email, { after: asked });
    const link = onSite(linkIn(mail, '/rivendos-fjalekalimin'));
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Vendosni fjalëkalimin e ri' })).toBeVisible();
    await main(page).getByLabel('Fjalëkalimi i ri').fill(newPassword);
    await main(page).getByLabel('Përsëritni fjalëkalimin e ri').fill(newPassword);
    await main(page).getByRole('button', { name: 'Ruaj fjalëkalimin' }).click();
    await expect(main(page).getByRole('status')).toHaveText('Fjalëkalimi u vendos. Kyçuni me fjalëkalimin e ri.');
    noErrors();

    // The old session is gone: the API refuses its token...
    const refused = await page.request.get('/api/auth/profile', { headers: { Authorization: `Bearer ${oldToken}` } });
    expect(refused.status()).toBe(401);
    // ...and the other device shows logged out after a reload.
    await device.reload();
    await expect(device).toHaveURL(/\/$/);
    await expect(device.getByRole('banner').getByRole('button', { name: 'Dil', exact: true })).toHaveCount(0);
    expect(await storedToken(device)).toBeNull();
    await other.close();

    // The link is single use, the old password no longer works and the new one does.
    await page.goto(link);
    await main(page).getByLabel('Fjalëkalimi i ri').fill('nje-tjeter-fjalekalim-5');
    await main(page).getByLabel('Përsëritni fjalëkalimin e ri').fill('nje-tjeter-fjalekalim-5');
    await main(page).getByRole('button', { name: 'Ruaj fjalëkalimin' }).click();
    await expect(main(page).getByRole('alert')).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Kërkoni një lidhje të re' })).toHaveAttribute('href', '/harruat-fjalekalimin');
    expect((await page.request.post('/api/auth/login', { data: { email, password: oldPassword } })).status()).toBe(401);
    await page.goto('/kycu');
    await main(page).getByLabel('Email').fill(email);
    await main(page).getByLabel('Fjalëkalimi', { exact: true }).fill(newPassword);
    await main(page).getByRole('button', { name: 'Kyçu', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await storedToken(page)).toBeTruthy();
  });
});
