import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { admin, loginAs, watchConsole } from './support/helpers';

interface Product {
  id: string;
  name: string;
  price: number;
  category: string;
  stock: { status: 'in-stock' | 'low' | 'out-of-stock'; left: number | null };
}

async function token(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

/**
 * A new customer whose order of `product` an admin moved to delivered (through the API, as the
 * admin's order list does), signed in on `page`.
 */
async function customerWhoReceived(page: Page, product: Product, name: string): Promise<number> {
  const email = `vleresim-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.local`;
  const password = 'Ylberi-Prishtina-2026!';
  const reg = await page.request.post('/api/auth/register', { data: { name, email, password } });
  expect(reg.ok(), await reg.text()).toBeTruthy();
  const customer = await token(page.request, email, password);
  const order = await page.request.post('/api/orders', {
    headers: { authorization: `Bearer ${customer}` },
    data: { items: [{ id: product.id, quantity: 1, price: product.price }], total: product.price },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { order: placed } = (await order.json()) as { order: { id: number } };
  const staff = await token(page.request, admin().email, admin().password);
  const moved = await page.request.patch(`/api/admin/orders/${placed.id}`, {
    headers: { authorization: `Bearer ${staff}` },
    data: { status: 'delivered' },
  });
  expect(moved.ok(), await moved.text()).toBeTruthy();
  await loginAs(page, email, password);
  return placed.id;
}

/** A product on the shelf that no other test of the run rates: an accessory (a case on the desktop run, a charger on the phone run). */
async function pickProduct(page: Page, category: 'case' | 'accessory'): Promise<Product> {
  const list = (await (await page.request.get('/api/products')).json()) as Product[];
  return list.filter((p) => p.category === category && p.stock.status === 'in-stock').at(-1)!;
}

test('a customer whose order was delivered rates the product, and the review shows on its page @phone', async ({ page }, testInfo) => {
  const noErrors = watchConsole(page);
  const product = await pickProduct(page, testInfo.project.name === 'phone' ? 'accessory' : 'case');
  // Before: no stars at all, and the page says there are no reviews yet.
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText('Ky produkt nuk ka ende vlerësime.')).toBeVisible();
  await expect(page.locator('.detail-info').getByTestId('rating-summary')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Keni blerë këtë produkt? Kyçuni për ta vlerësuar.' })).toBeVisible();

  const orderId = await customerWhoReceived(page, product, 'Arbër Kelmendi');
  // The delivered order offers 'Vlerëso produktin' on the line, leading to the product's form.
  await page.goto(`/porosia/${orderId}`);
  const rate = page.getByRole('link', { name: `Vlerëso produktin: ${product.name}` });
  await expect(rate).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`order-to-rate-${testInfo.project.name}.png`), fullPage: true });
  await rate.click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}#vleresimi$`));
  const form = page.getByRole('form', { name: 'Vlerësoni produktin' });
  await expect(form).toBeVisible();
  await expect(form.getByRole('radio', { name: '1 yll' })).toBeFocused();
  await expect(form).toBeInViewport();
  // Keyboard only: the stars are a radio group.
  await form.getByRole('radio', { name: '1 yll' }).focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '5 yje' })).toBeChecked();
  await form.getByLabel('Komenti (opsional)').fill('Cilësi shumë e mirë, arriti brenda dy ditëve.');
  await form.getByRole('button', { name: 'Dërgo vlerësimin' }).click();

  const reviews = page.getByRole('region', { name: 'Vlerësimet e klientëve' });
  const shown = reviews.getByRole('listitem').filter({ hasText: 'Arbër K.' });
  await expect(shown).toBeVisible();
  await expect(shown.locator('.review-text')).toHaveText('Cilësi shumë e mirë, arriti brenda dy ditëve.');
  await expect(shown.getByRole('img', { name: 'Vlerësimi: 5 nga 5 yje' })).toBeVisible();
  await expect(page.locator('.detail-info').getByText('5,0 (1 vlerësim)')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Ndryshoni vlerësimin tuaj' })).toBeVisible();
  // Rated: the order no longer offers it.
  await page.goto(`/porosia/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Porosia #${orderId}` })).toBeVisible();
  await expect(page.getByRole('link', { name: /Vlerëso produktin/ })).toHaveCount(0);
  await page.goto(`/products/${product.id}`);

  // A fresh page from the server (its kept copy was emptied) already has the rating and its JSON-LD.
  const html = await (await page.request.get(`/products/${product.id}`)).text();
  expect(html).toContain('5,0 (1 vlerësim)');
  expect(html).toContain('"AggregateRating"');
  await page.reload();
  await expect(page.locator('.detail-info').getByRole('img', { name: 'Vlerësimi mesatar 5,0 nga 5, 1 vlerësim' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`product-reviewed-${testInfo.project.name}.png`), fullPage: true });

  // The quantity selector and the confirmation: what was added, announced, dismissable.
  await page.getByRole('button', { name: `Rrit sasinë e ${product.name}` }).click();
  await page.getByRole('button', { name: 'Shto në Shportë' }).click();
  const toast = page.getByTestId('cart-toast');
  await expect(toast).toHaveText(new RegExp(`U shtuan në shportë 2 copë: ${product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expect(page.getByTestId('cart-toast-region')).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expect(page.getByRole('button', { name: 'Shto në Shportë' })).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath(`toast-${testInfo.project.name}.png`), animations: 'disabled' });
  await toast.getByRole('button', { name: 'Mbyll njoftimin' }).click();
  await expect(toast).toHaveCount(0);

  // Staff hide the review in 'Vlerësimet': it leaves the page and the average.
  await loginAs(page, admin().email, admin().password);
  await page.goto('/admin/vleresimet');
  const row = page.getByRole('row').filter({ hasText: product.name }).filter({ hasText: 'Arbër Kelmendi' });
  await expect(row.getByText('E dukshme')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`admin-reviews-${testInfo.project.name}.png`), fullPage: true });
  await row.getByRole('button', { name: /^Fshihe/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Vlerësimi u fsheh.' })).toBeVisible();
  await expect(row.getByText('E fshehur')).toBeVisible();
  await page.goto(`/products/${product.id}`);
  await expect(page.getByText('Ky produkt nuk ka ende vlerësime.')).toBeVisible();
  await expect(page.locator('.detail-info').getByTestId('rating-summary')).toHaveCount(0);
  noErrors();
});

test('a failed product list says so and asks again on Provo përsëri, never as an empty shop @phone', async ({ page }, testInfo) => {
  await page.goto('/');
  // The next read of the product list (/products asks the browse endpoint) fails; the home page's
  // own list is already on the page.
  let failing = true;
  await page.route(
    (url) => url.pathname === '/api/products/browse',
    (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ msg: 'Ndodhi një gabim në server. Provoni përsëri.' }),
          })
        : route.continue(),
  );
  await page.getByRole('contentinfo').getByRole('link', { name: 'Produktet' }).click();
  await expect(page).toHaveURL(/\/products$/);
  const failed = page.getByTestId('list-failed');
  await expect(failed).toHaveText(/Diçka shkoi keq\. Provo përsëri!/);
  await expect(page.getByText("S'ka produkte në sistem.")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath(`list-failed-${testInfo.project.name}.png`) });
  failing = false;
  await failed.getByRole('button', { name: 'Provo përsëri' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test('the top bar on a phone has search and account beside the cart; the footer shows only the ways the shop is paid @phone', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  const bar = page.getByRole('banner');
  const phone = testInfo.project.name === 'phone';
  if (phone) {
    await expect(bar.getByRole('link', { name: 'Kërko produkte' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Kyçu' })).toBeVisible();
  } else {
    await expect(bar.getByRole('link', { name: 'Kërko produkte' })).toBeHidden();
  }
  // Nothing in the bar spills past the screen's edge.
  const cart = await bar.getByRole('link', { name: /^Shporta/ }).boundingBox();
  expect(cart!.x + cart!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await page.screenshot({
    path: testInfo.outputPath(`header-${testInfo.project.name}.png`),
    clip: { x: 0, y: 0, width: page.viewportSize()!.width, height: 90 },
  });

  const footer = page.getByRole('contentinfo');
  const payments = footer.getByRole('list', { name: 'Mënyrat e pagesës' });
  // Cash (at the shop or to the courier) and, since decision 043, a bank transfer; never a card.
  await expect(payments.getByRole('listitem')).toHaveText([/Para në dorë/, /Transfer bankar/]);
  await expect(footer).not.toContainText(/PayPal|Visa|Mastercard/);
  await footer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`footer-${testInfo.project.name}.png`), fullPage: true });

  if (phone) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await bar.getByRole('link', { name: 'Kërko produkte' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByText('Shkruani diçka për të kërkuar!')).toBeVisible();
  }
});
