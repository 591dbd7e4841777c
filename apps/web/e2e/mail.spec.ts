import { expect, test } from './support/test';
import { admin, loginAs, watchConsole } from './support/helpers';

test.describe("admin 'E-mailet'", () => {
  test('opens from the admin menu; with SMTP configured there is no copy-by-hand note; the filter works by keyboard @phone', async ({
    page,
  }) => {
    const noErrors = watchConsole(page);
    await loginAs(page, admin().email, admin().password);
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Menyja e administrimit' });
    // On a phone the admin menu is folded behind its button (checked once the page has painted).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const toggle = page.getByRole('button', { name: /Menyja e administrimit/ });
    if (await toggle.isVisible()) await toggle.click();
    await nav.getByRole('link', { name: 'E-mailet' }).click();
    await expect(page).toHaveURL(/\/admin\/emailet$/);
    await expect(page.getByRole('heading', { name: 'E-mailet', level: 1 })).toBeVisible();
    // The browser tests' server sends through the test SMTP server (global-setup.ts).
    await expect(page.getByText(/Faqja 1 nga \d+/)).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(0);

    const group = page.getByRole('group', { name: 'Gjendja' });
    const failed = group.getByRole('button', { name: 'Dështoi' });
    await failed.focus();
    await page.keyboard.press('Enter');
    await expect(failed).toHaveAttribute('aria-pressed', 'true');
    await expect(group.getByRole('button', { name: 'Të gjitha' })).toHaveAttribute('aria-pressed', 'false');
    noErrors();
  });
});
