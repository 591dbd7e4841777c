import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { admin, loginAs, watchConsole } from './support/helpers';

/**
 * Issue 17, done when: an admin uploads two photos to a product (one through the file picker, one
 * dropped on the panel), reorders them, and the storefront shows them in the card and the gallery
 * at 375 and 1280 px (screenshots in test-results/product-photos/).
 */

const shots = (name: string) => `test-results/product-photos/${name}.png`;

/** A phone-like picture with a big label, so the screenshots show which photo is where. */
function picture(label: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200">
    <rect width="1200" height="1200" fill="#f1f5f9"/>
    <rect x="390" y="120" width="420" height="900" rx="60" fill="${colour}"/>
    <rect x="420" y="190" width="360" height="760" rx="24" fill="#ffffff" opacity="0.25"/>
    <text x="600" y="1120" font-family="sans-serif" font-size="96" font-weight="700" text-anchor="middle" fill="#0f172a">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Drops files on an element as a person dragging them from the computer would. */
async function dropFiles(page: Page, target: Locator, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const payload = files.map((f) => ({ name: f.name, type: f.mimeType, data: f.buffer.toString('base64') }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return dt;
  }, payload);
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

/** The image a browser really shows (loaded, with the address it chose from the srcset). */
async function shownImage(img: Locator) {
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return img.evaluate((el: HTMLImageElement) => ({ current: el.currentSrc, srcset: el.srcset, natural: el.naturalWidth }));
}

test('an admin uploads two photos, reorders them, and the card and the gallery show them at 1280 and 375 px', async ({ page }) => {
  test.setTimeout(120_000);
  const noErrors = watchConsole(page);
  const { token } = await loginAs(page, admin().email, admin().password);
  const name = `Telefon me Foto ${crypto.randomBytes(3).toString('hex')}`;
  const created = await page.request.post('/api/admin/products', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name,
      price: 649,
      oldPrice: 699,
      category: 'phone',
      brand: 'Samsung',
      sku: 'SM-E2E-1',
      stock: 7,
      description: 'Telefon me dy foto.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/products');
  // The admin's list is paged on the server (decision 021): search for the product first.
  const search = page.getByRole('search', { name: 'Kërko në listën e produkteve' });
  await search.getByRole('searchbox').fill(name);
  await search.getByRole('button', { name: 'Kërko' }).click();
  await page.getByRole('button', { name: `Ndrysho ${name}` }).click();
  const panel = page.getByRole('region', { name: 'Fotot e produktit' });
  await expect(panel.getByText('Ky produkt nuk ka ende foto të ngarkuara.')).toBeVisible();

  // One through the file picker, one dropped on the panel.
  await panel
    .locator('input[type=file]')
    .setInputFiles({ name: 'para.jpg', mimeType: 'image/jpeg', buffer: await picture('PARA', '#1d4ed8') });
  await expect(panel.getByText('Fotoja u ngarkua.')).toBeVisible();
  await dropFiles(page, panel.getByTestId('photo-drop'), [
    { name: 'mbrapa.jpg', mimeType: 'image/jpeg', buffer: await picture('MBRAPA', '#f59e0b') },
  ]);
  const photos = panel.getByRole('list', { name: 'Fotot e produktit' }).getByRole('listitem');
  await expect(panel.getByText('Duke ngarkuar...')).toHaveCount(0);
  await expect(panel.getByText('Fotoja u ngarkua.')).toBeVisible();
  await expect(photos).toHaveCount(2);
  await expect(photos.first()).toContainText('Kryesore');
  const srcOf = (i: number) => photos.nth(i).getByRole('img').getAttribute('src');
  const front = await srcOf(0);
  const back = await srcOf(1);
  expect(front).toMatch(/^\/api\/images\/\d+\/[0-9a-f]{16}-640\.webp$/);

  // The back photo goes first, from the keyboard.
  await panel.getByRole('button', { name: 'Lëvize majtas: Fotoja 2 nga 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByText('Renditja e fotove u ruajt.')).toBeVisible();
  await expect.poll(() => srcOf(0)).toBe(back);
  await expect(panel.getByRole('button', { name: 'Lëvize djathtas: Fotoja 1 nga 2' })).toBeFocused();
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shots('admin-1280'), fullPage: false });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.locator('.admin-form-card').screenshot({ path: shots('admin-form-375') });

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    // The card on the server's list (paged: the newest first shows it on page 1): the new first photo, from its srcset.
    await page.goto('/products?sort=newest');
    const card = page.locator('article.product-card', { has: page.getByRole('heading', { name }) });
    await card.scrollIntoViewIfNeeded();
    const cardImg = card.getByRole('img', { name });
    const shown = await shownImage(cardImg);
    expect(shown.srcset).toContain(`${back!.replace(/-640\.webp$/, '')}-320.webp 320w`);
    expect(shown.current).toMatch(new RegExp(`${back!.replace(/-640\.webp$/, '')}-\\d+\\.(webp|avif)$`));
    await card.screenshot({ path: shots(`card-${width}`) });

    // The product page, rendered by the server and hydrated: main picture and the two thumbnails.
    await page.goto(`/products/${id}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const main = page.locator('.gallery-main img');
    expect((await shownImage(main)).current).toContain(back!.replace(/-640\.webp$/, ''));
    const thumbs = page.getByRole('list', { name: 'Fotot e produktit' }).getByRole('button');
    await expect(thumbs).toHaveCount(2);
    await expect(page.getByText('SM-E2E-1')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: shots(`gallery-${width}`), fullPage: false });
    await thumbs.nth(1).click();
    await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
    expect((await shownImage(main)).current).toContain(front!.replace(/-640\.webp$/, ''));
    await page.locator('.gallery').screenshot({ path: shots(`gallery-${width}-second`) });
  }
  noErrors();
});
