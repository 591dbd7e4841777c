import crypto from 'node:crypto';
import { imeiCheckDigit } from '@shop/shared/domain/units';
import { expect, test } from './support/test';
import { admin, loginAs, watchConsole } from './support/helpers';

/** A valid 15-digit IMEI of its own per call (14 random digits and their Luhn check digit). */
const imei = () => {
  const body = `35${BigInt(`0x${crypto.randomBytes(6).toString('hex')}`)
    .toString()
    .padStart(12, '0')
    .slice(-12)}`;
  return body + imeiCheckDigit(body);
};

/**
 * Issue 28, the counter (decision 044): a 'Punonjës' receives 3 phones by IMEI, sells one at the
 * counter for cash (the change shown), prints the 80 mm receipt and the phone's warranty sheet
 * (PDFs kept in test-results to look at), the storefront shows one fewer, and the phone comes back
 * within 14 days (back in stock). A product of its own
 * per run and project (1280 and 375 px).
 */
test('staff receive 3 phones, sell one at the counter for cash, print the receipt and the warranty sheet @phone', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();

  // The owner makes a staff member and a phone.
  const owner = await (await page.request.post('/api/auth/login', { data: admin() })).json();
  const ownerAuth = { authorization: `Bearer ${owner.token as string}` };
  const person = {
    name: `Arkëtare ${tag}`,
    email: `arka.${tag.toLowerCase()}.${Date.now()}@example.com`,
    password: 'Ylberi-Prishtina-2026!',
  };
  const reg = await page.request.post('/api/auth/register', { data: person });
  expect(reg.status(), await reg.text()).toBe(201);
  const staffId = ((await reg.json()) as { user: { id: number } }).user.id;
  const role = await page.request.put(`/api/admin/users_new/${staffId}/role`, { data: { role: 'staff' }, headers: ownerAuth });
  expect(role.status(), await role.text()).toBe(200);
  const name = `Telefon Arka ${tag}`;
  const created = await page.request.post('/api/admin/products', {
    headers: ownerAuth,
    data: { name, price: 449, category: 'phone', brand: 'Samsung', stock: 0, sku: `ARKA-${tag}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { id: string };
  const imeis = [imei(), imei(), imei()];

  await loginAs(page, person.email, person.password);
  const noErrors = watchConsole(page);
  // 'Pranim malli': the scanner types each IMEI and Enter.
  await page.goto('/admin/pranim-malli');
  await page.getByLabel('Produkti (emri, SKU ose marka)').fill(name);
  await page.getByLabel('Produkti (emri, SKU ose marka)').press('Enter');
  await page.getByRole('radio', { name: new RegExp(name) }).check();
  await expect(page.getByLabel('Varianti', { exact: true })).not.toHaveValue('');
  const box = page.getByLabel(/^IMEI \(një për rresht/);
  for (const i of imeis) await box.pressSequentially(`${i}\n`);
  await page.getByRole('button', { name: 'Prano 3 njësi' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'U pranuan 3 njësi. Stoku tani: 3.' })).toBeVisible();

  const shop = await browser.newPage();
  await shop.goto(`/products/${product.id}`);
  await expect(shop.getByText('Vetëm 3 të mbetura').first()).toBeVisible();

  // 'Shitje në dyqan': the nav leads there; the scan field has the focus; the scanner's IMEI + Enter adds the line.
  await page.goto('/admin/orders');
  const nav = page.getByRole('navigation', { name: 'Menyja e administrimit' });
  if (project === 'phone') await page.getByRole('button', { name: /Menyja e administrimit/ }).click();
  await nav.getByRole('link', { name: 'Shitje në dyqan' }).click();
  await expect(page.getByRole('heading', { name: 'Shitje në dyqan', level: 1 })).toBeVisible();
  const scan = page.getByLabel(/^Skanoni EAN, SKU ose IMEI/);
  await expect(scan).toBeFocused();
  await scan.pressSequentially(`${imeis[1]}\n`);
  await expect(page.getByLabel(`IMEI për ${name}`)).toHaveValue(imeis[1]!);
  await page.getByLabel('Cash: shuma e dhënë €').fill('500');
  await expect(page.getByText('Kusuri:')).toHaveText('Kusuri: 51,00 €');
  await page.getByLabel('Numri i kuponit fiskal (nga arka fiskale)').fill(`FK-${tag}`);
  await page.screenshot({ path: testInfo.outputPath(`counter-till-${project}.png`), fullPage: true });
  await page.getByRole('button', { name: 'Regjistro shitjen' }).click();

  // The sale: the change in large type, the receipt as it prints.
  await expect(page).toHaveURL(/\/admin\/shitje\/\d+$/);
  await expect(page.getByRole('status').filter({ hasText: /Shitja #\d+ u regjistrua\./ })).toBeVisible();
  await expect(page.locator('.counter-change-big')).toHaveText('Kusuri: 51,00 €');
  const receipt = page.getByRole('article', { name: /Fatura e shitjes #\d+/ });
  await expect(receipt).toContainText(`IMEI: ${imeis[1]}`);
  await expect(receipt).toContainText('TVSH e përfshirë (18%)68,49 €');
  await expect(receipt).toContainText(`Kuponi fiskal nr.: FK-${tag}`);
  await expect(receipt).toContainText('Ky dokument nuk është kupon fiskal.');
  await page.screenshot({ path: testInfo.outputPath(`counter-sale-${project}.png`), fullPage: true });
  await page.pdf({ path: testInfo.outputPath(`counter-receipt-80mm-${project}.pdf`), preferCSSPageSize: true, printBackground: true });
  await page.getByRole('radio', { name: 'A4' }).check();
  await page.pdf({ path: testInfo.outputPath(`counter-receipt-a4-${project}.pdf`), preferCSSPageSize: true, printBackground: true });

  // The phone's warranty sheet: one click prints it (the print dialog is counted, not opened).
  await page.evaluate(() => {
    (window as unknown as { prints: number }).prints = 0;
    window.print = () => {
      (window as unknown as { prints: number }).prints += 1;
    };
  });
  await page.getByRole('button', { name: `Printo fletën e garancionit për IMEI ${imeis[1]}` }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByRole('article', { name: /Fleta e garancionit \d+/ });
  await expect(sheet).toContainText(imeis[1]!);
  await expect(sheet).toContainText(name);
  await expect(sheet).toContainText('12 muaj');
  await expect(receipt).toBeHidden();
  await page.pdf({ path: testInfo.outputPath(`counter-warranty-${project}.pdf`), preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });

  // The storefront shows one fewer.
  await shop.reload();
  await expect(shop.getByText('Vetëm 2 të mbetura').first()).toBeVisible();

  // The customer brings it back unused within 14 days: back in stock, the money back in cash.
  const back = page.getByRole('form', { name: 'Kthim nga shitja' });
  await back.getByLabel(new RegExp(`^Kthehen nga “${name}”`)).fill('1');
  await back.getByLabel('Arsyeja e kthimit').fill('I papërdorur, në kuti');
  await back.getByRole('button', { name: 'Regjistro kthimin' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Kthimi #\d+ u regjistrua\. Kthehen 449,00 €\./ })).toBeVisible();
  await expect(page.getByText('Të gjitha rreshtat janë kthyer.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`counter-return-${project}.png`), fullPage: true });
  await shop.reload();
  await expect(shop.getByText('Vetëm 3 të mbetura').first()).toBeVisible();
  await shop.close();
  noErrors();
});
