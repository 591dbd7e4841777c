import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Waits until the app is live on the page (html[data-app-ready], set by the layout once it has
 * rendered or hydrated). A shopper page arrives rendered by the server and its buttons work only
 * once the app has hydrated it, a moment later (main.tsx); a real visitor's tap in that moment
 * does nothing, a test's click would be lost.
 */
export async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 15_000 });
}

/** Playwright's test, whose page waits for the app after each goto and reload. */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await appReady(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await appReady(page);
      return response;
    };
    await use(page);
  },
});
