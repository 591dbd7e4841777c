import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { watchConsole } from './support/helpers';

/** Every storefront route, with what must be on it on a fresh seed. */
// Counts are the spec's for the static lists; /products (the whole server list) may also hold
// products other tests add, so it only needs some.
const routes: { path: string; heading: string | RegExp; articles?: number }[] = [
  { path: '/', heading: 'Produkte të reja', articles: 24 },
  { path: '/products', heading: 'Produktet', articles: -1 },
  { path: '/products-list', heading: 'Lista e produkteve' },
  { path: '/products/iphone', heading: 'iPhone', articles: 12 },
  { path: '/products/samsung', heading: 'Samsung', articles: 11 },
  { path: '/products/accessories', heading: 'Aksesorë', articles: 8 },
  { path: '/products/giftcard', heading: 'Karta dhuratë', articles: 16 },
  { path: '/products/iphone-16-pro-max', heading: 'iPhone 16 Pro Max' },
  { path: '/search?query=iphone', heading: /Rezultatet për:/ },
  { path: '/blog', heading: 'Blog', articles: 2 },
  { path: '/blog/kujdesi-per-bateri', heading: 'Kujdesi për baterinë: si ta zgjatni jetën e saj' },
  { path: '/terms', heading: 'Kushtet & Kujdesi ndaj Klientit' },
  { path: '/sherbimet', heading: 'Shërbimet' },
  { path: '/sherbimet/telefona', heading: 'Pjesë për telefona' },
  { path: '/sherbimet/playstation', heading: 'Pjesë për PlayStation' },
  { path: '/sherbimet/servisi', heading: 'Servisi i riparimit' },
  { path: '/sherbimet/asistenca', heading: 'Asistenca mobile' },
  { path: '/sherbimet/mirembajtja', heading: /mirëmbajtjes/i },
];

const articles = (page: Page) => page.locator('main article');
const cartCount = (page: Page) => page.getByTestId('cart-count');

test.describe('storefront @phone', () => {
  test('every page shows its content, title and description, fits the width and logs no errors', async ({ page }) => {
    const noErrors = watchConsole(page);
    const seen = new Set<string>();
    for (const r of routes) {
      await page.goto(r.path);
      await expect(page.getByRole('heading', { name: r.heading }).first()).toBeVisible();
      if (r.articles === -1) await expect(articles(page).first()).toBeVisible();
      else if (r.articles !== undefined) await expect(articles(page)).toHaveCount(r.articles);
      const title = await page.title();
      expect(title, r.path).toMatch(/\| MobileShop KS$/);
      expect(seen.has(title), `${r.path} has its own title`).toBe(false);
      seen.add(title);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0, r.path).toBeGreaterThan(40);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${r.path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    noErrors();
  });

  test('home filters, opening a product and adding it to the cart', async ({ page }) => {
    const noErrors = watchConsole(page);
    await page.goto('/');
    await expect(articles(page)).toHaveCount(24);
    await page.getByRole('link', { name: /Shiko produktet/ }).click();
    await expect(page).toHaveURL(/#produktet$/);

    await page.getByRole('button', { name: 'Telefona' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Telefona' })).toBeVisible();
    await expect(articles(page)).toHaveCount(12);
    await page.getByRole('button', { name: 'Case' }).click();
    await expect(articles(page)).toHaveCount(8);
    await page.getByRole('button', { name: 'Gift Card' }).click();
    await expect(articles(page)).toHaveCount(4);
    await page.getByRole('button', { name: 'Të gjitha' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Produkte të reja' })).toBeVisible();
    await expect(articles(page)).toHaveCount(24);

    const first = articles(page).first();
    await first.getByRole('button', { name: 'Shto në Shportë' }).click();
    await expect(cartCount(page)).toHaveText('1');
    await first.getByRole('link', { name: /Shiko Produktin/ }).focus();
    await expect(first.getByRole('link', { name: /Shiko Produktin/ })).toHaveCSS('opacity', '1');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/products\/iphone-16-pro-max$/);
    await expect(page.getByRole('heading', { level: 1, name: 'iPhone 16 Pro Max' })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Gjurma' }).getByRole('listitem');
    await expect(crumbs).toHaveText(['Ballina', 'Telefona', 'iPhone 16 Pro Max']);
    await expect(page.locator('s')).toHaveText(/1\.249 €/);
    await expect(page.getByRole('row', { name: /Procesori/ })).toContainText('A18 Pro');
    await page.getByRole('button', { name: 'Shto në Shportë' }).click();
    await expect(cartCount(page)).toHaveText('2');
    noErrors();
  });

  test('product ids match case-insensitively; an unknown id says so', async ({ page }) => {
    await page.goto('/products/SAMSUNG-GALAXY-S25');
    await expect(page.getByRole('heading', { level: 1, name: 'Samsung Galaxy S25 128 GB' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Gjurma' }).getByRole('listitem')).toHaveText([
      'Ballina',
      'samsung',
      'Samsung Galaxy S25 128 GB',
    ]);
    // The server says 404 too (search engines drop the address); the app shows the text.
    const missing = await page.goto('/products/nuk-ekziston');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Produkt jo i gjetur' })).toBeVisible();
  });

  test('catalogue filters: text, price bounds, card names and empty texts', async ({ page }) => {
    const noErrors = watchConsole(page);
    await page.goto('/products/iphone');
    await expect(articles(page)).toHaveCount(12);
    await page.getByLabel('Kërko sipas emrit ose përshkrimit').fill('pro max');
    await expect(articles(page)).toHaveCount(2);
    await page.getByRole('button', { name: 'Pastro filtrat' }).click();
    await page.getByLabel('Çmimi min. (€)').fill('1000');
    await expect(articles(page)).toHaveCount(2);
    await page.getByLabel('Çmimi min. (€)').fill('');
    await page.getByLabel('Çmimi maks. (€)').fill('449');
    await expect(articles(page)).toHaveCount(2);
    await page.getByLabel('Çmimi maks. (€)').fill('100');
    await expect(page.getByText("S'ka produkte.")).toBeVisible();

    await page.goto('/products/accessories');
    await expect(articles(page)).toHaveCount(8);
    await page.getByLabel('Kërko sipas emrit ose përshkrimit').fill('karikues');
    await expect(articles(page)).toHaveCount(3);
    await page.getByLabel('Çmimi maks. (€)').fill('10');
    await expect(page.getByText("S'ka aksesorë.")).toBeVisible();

    await page.goto('/products/giftcard');
    await expect(articles(page)).toHaveCount(16);
    await expect(page.getByRole('button', { name: 'Shto në Shportë' })).toHaveCount(0);
    await page.getByLabel('Karta', { exact: true }).selectOption('Vala 20 €');
    await expect(articles(page)).toHaveCount(1);
    await page.getByLabel('Karta', { exact: true }).selectOption('all');
    await page.getByLabel('Kërko kartë').fill('vala');
    await expect(articles(page)).toHaveCount(8);
    await page.getByLabel('Çmimi min. (€)').fill('50');
    await expect(articles(page)).toHaveCount(4);
    await page.getByLabel('Çmimi min. (€)').fill('500');
    await expect(page.getByText("S'ka karta.")).toBeVisible();
    noErrors();
  });

  test('search from the top bar or the drawer, with and without results', async ({ page }) => {
    const noErrors = watchConsole(page);
    await page.goto('/search');
    await expect(page.getByText('Shkruani diçka për të kërkuar!')).toBeVisible();

    const phone = (page.viewportSize()?.width ?? 1280) < 1024;
    if (phone) await page.getByRole('button', { name: 'Hap menynë' }).click();
    const box = page.locator(phone ? '#search-drawer' : '#search-top');
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search$/);
    await box.fill('mbrojtese');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?query=mbrojtese$/);
    await expect(page.getByRole('heading', { name: /Rezultatet për:/ })).toBeVisible();
    const count = await articles(page).count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) await expect(articles(page).nth(i)).toContainText(/mbrojtës/i);

    await page.goto('/search?query=nokia%203310');
    await expect(page.getByText('Nuk u gjetën produkte për “nokia 3310”!')).toBeVisible();
    noErrors();
  });

  test('a terms modal opens and closes with the keyboard, keeping focus inside', async ({ page }) => {
    await page.goto('/terms');
    const opener = page.getByRole('button', { name: /Lexo më shumë: Kujdesi ndaj klientit/ });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Kujdesi ndaj klientit' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Përgjigjemi brenda 1 ore');
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await page.getByText('A mund ta kthej një produkt?').click();
    await expect(page.getByText(/brenda 14 ditëve/).first()).toBeVisible();
  });

  test('subscribing from the footer and the blog; a repeat address is thanked again', async ({ page }) => {
    const noErrors = watchConsole(page);
    const email = `lexues-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
    await page.goto('/blog');
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Email-i juaj').fill(email);
    await footer.getByRole('button', { name: 'Abonohu' }).click();
    await expect(footer.getByText('Faleminderit! Do të marrësh lajmet e fundit së shpejti në email.')).toBeVisible();
    const box = page.getByRole('region', { name: 'Abonohu në buletinin tonë' });
    await box.getByLabel('Email-i juaj').fill(email.toUpperCase());
    await box.getByRole('button', { name: 'Abonohu' }).click();
    await expect(box.getByText('Faleminderit! Do të marrësh lajmet e fundit së shpejti në email.')).toBeVisible();
    const bad = await page.request.post('/api/newsletter', { data: { email: 'jo-email' } });
    expect(bad.status()).toBe(400);
    noErrors();
  });
});

test.describe('navigation', () => {
  test('the Produktet menu closes on an outside click and on a choice', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Produktet' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.click(5, 400);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await page.getByRole('navigation', { name: 'Menyja kryesore' }).getByRole('link', { name: 'Samsung', exact: true }).click();
    await expect(page).toHaveURL(/\/products\/samsung$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'Shërbimet' }).click();
    await expect(page.getByRole('navigation', { name: 'Menyja kryesore' }).getByRole('link')).toHaveText([
      'Mirëmbajtja',
      'Pjesë telefonash',
      'Pjesë PlayStation',
      'Servisi',
      'Asistenca mobile',
      'Blog',
      'Kushtet',
    ]);
  });

  test('below 1024 px the drawer holds the links, the cart count and the login', async ({ page }) => {
    // A tablet width: the full top bar would squeeze the search box's placeholder here.
    await page.setViewportSize({ width: 1000, height: 740 });
    await page.goto('/products/accessories');
    await articles(page).first().getByRole('button', { name: 'Shto në Shportë' }).click();
    await page.getByRole('button', { name: 'Hap menynë' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menyja' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Shporta (1)' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Kyçu' })).toBeVisible();
    await expect(drawer).toHaveCSS('width', '280px');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Hap menynë' }).click();
    await drawer.getByRole('link', { name: 'Pjesë PlayStation' }).click();
    await expect(page).toHaveURL(/\/sherbimet\/playstation$/);
    await expect(drawer).toBeHidden();
  });
});
