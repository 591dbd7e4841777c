import { expect, test } from './support/test';
import { admin, loginAs, watchConsole } from './support/helpers';

test.describe('app shell @phone', () => {
  test('home shows the top bar and the footer', async ({ page }) => {
    const noErrors = watchConsole(page);
    await page.goto('/');
    await expect(page.getByRole('link', { name: /MobileShop KS/ }).first()).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('09:00');
    await expect(page.getByRole('contentinfo')).toContainText('Mbyllur');
    await expect(page.getByRole('link', { name: /Shporta/ }).first()).toBeVisible();
    noErrors();
  });

  test('an unknown path ends on /', async ({ page }) => {
    await page.goto('/nuk/ekziston/kjo-faqe');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the ?token= parameter is stored, removed from the address, and leads to /profile', async ({ page }) => {
    const email = `token-link-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
    const res = await page.request.post('/api/auth/register', {
      data: { name: 'Lidhja Token', email, password: 'Ylberi-Prishtina-2026!' },
    });
    const { token } = (await res.json()) as { token: string };
    await page.goto(`/?token=${encodeURIComponent(token)}`);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profili im' })).toBeVisible();
    await expect(page.getByRole('main').getByText(email).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
    // The profile completed the session with the user it loaded.
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null')).toMatchObject({ email });
  });
});

test.describe('scrolling between pages', () => {
  test('a new page opens at the top, Back returns to where the visitor was, a #link scrolls to its section', async ({ page }) => {
    const noErrors = watchConsole(page);
    await page.goto('/');
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(24);
    const card = cards.nth(12);
    await card.scrollIntoViewIfNeeded();
    // The cards above are laid out as they come near the screen (content-visibility), which can
    // move the position a moment later: wait until two reads agree before taking it.
    let y = -1;
    await expect
      .poll(async () => {
        const now = await page.evaluate(() => window.scrollY);
        const settled = now === y;
        y = now;
        return settled;
      })
      .toBe(true);
    expect(y).toBeGreaterThan(400);

    const name = (await card.getByRole('heading').textContent())!;
    await card.getByRole('link', { name: /Shiko Produktin/ }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(cards).toHaveCount(24);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: /Shiko produktet/ }).click();
    await expect(page).toHaveURL(/#produktet$/);
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById('produktet')!.getBoundingClientRect().top)))
      .toBeLessThan(100);
    noErrors();
  });
});

test.describe('top bar for admins', () => {
  test('an admin sees a link to the admin area', async ({ page }) => {
    await loginAs(page, admin().email, admin().password);
    await page.goto('/');
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});
