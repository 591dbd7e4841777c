import { expect, test } from '@playwright/test';
import { watchConsole } from './support/helpers';

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
    await page.goto('/?token=abc.def.ghi');
    await expect(page).not.toHaveURL(/token=/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('abc.def.ghi');
  });
});
