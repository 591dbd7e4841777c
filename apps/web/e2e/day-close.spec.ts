import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { imeiCheckDigit } from '@shop/shared/domain/units';
import { expect, test } from './support/test';
import { admin, loginAs, watchConsole } from './support/helpers';

const imei = () => {
  const body = `35${BigInt(`0x${crypto.randomBytes(6).toString('hex')}`)
    .toString()
    .padStart(12, '0')
    .slice(-12)}`;
  return body + imeiCheckDigit(body);
};

/** A PDF's first page as a PNG beside it (pdftoppm), to look at. */
const toPng = (pdf: string) => execFileSync('pdftoppm', ['-png', '-r', '110', '-f', '1', '-l', '1', pdf, pdf.replace(/\.pdf$/, '')]);

/**
 * Issue 28, closing the day (decision 051), in a real Chromium at 1280 px: staff receive 3 phones
 * by IMEI, sell one at 'Arka 2' for cash (the change shown), print the 80 mm receipt and its
 * warranty sheet; the website shows one fewer; an online order of the same phone gets its unit by
 * IMEI at hand-over and its sheet prints from the order's page; the counter's phone comes back
 * within 14 days (in stock again); 'Arka 2''s day is closed and its report adds up to the cent.
 * Prints kept in test-results as PDF and PNG. Desktop only: the day of 'Arka 2' closes once.
 */
test('staff sell, print, hand over an online order, take a return and close the day of Arka 2', async ({ page, browser }, testInfo) => {
  test.setTimeout(150_000);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const owner = await (await page.request.post('/api/auth/login', { data: admin() })).json();
  const ownerAuth = { authorization: `Bearer ${owner.token as string}` };
  const person = {
    name: `Arkëtare ${tag}`,
    email: `mbyllja.${tag.toLowerCase()}.${Date.now()}@example.com`,
    password: 'Ylberi-Prishtina-2026!',
  };
  const reg = await page.request.post('/api/auth/register', { data: person });
  expect(reg.status(), await reg.text()).toBe(201);
  const staffId = ((await reg.json()) as { user: { id: number } }).user.id;
  expect((await page.request.put(`/api/admin/users_new/${staffId}/role`, { data: { role: 'staff' }, headers: ownerAuth })).status()).toBe(
    200,
  );
  const name = `Telefon Mbyllja ${tag}`;
  const created = await page.request.post('/api/admin/products', {
    headers: ownerAuth,
    data: { name, price: 449, category: 'phone', brand: 'Samsung', stock: 0, sku: `MBY-${tag}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { id: string };
  const imeis = [imei(), imei(), imei()];

  await loginAs(page, person.email, person.password);
  const noErrors = watchConsole(page);
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

  // The counter, at 'Arka 2' (remembered on this computer).
  await page.goto('/admin/shitje');
  await page.getByLabel('Arka', { exact: true }).selectOption('Arka 2');
  const scan = page.getByLabel(/^Skanoni EAN, SKU ose IMEI/);
  await scan.pressSequentially(`${imeis[1]}\n`);
  await expect(page.getByLabel(`IMEI për ${name}`)).toHaveValue(imeis[1]!);
  await page.getByLabel('Cash: shuma e dhënë €').fill('500');
  await expect(page.getByText('Kusuri:')).toHaveText('Kusuri: 51,00 €');
  await page.getByLabel('Numri i kuponit fiskal (nga arka fiskale)').fill(`FK-${tag}`);
  await page.getByRole('button', { name: 'Regjistro shitjen' }).click();
  await expect(page).toHaveURL(/\/admin\/shitje\/\d+$/);
  await expect(page.locator('.counter-change-big')).toHaveText('Kusuri: 51,00 €');
  await page.pdf({ path: testInfo.outputPath('receipt-80mm.pdf'), preferCSSPageSize: true, printBackground: true });
  await page.evaluate(() => {
    (window as unknown as { prints: number }).prints = 0;
    window.print = () => {
      (window as unknown as { prints: number }).prints += 1;
    };
  });
  await page.getByRole('button', { name: `Printo fletën e garancionit për IMEI ${imeis[1]}` }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(1);
  await shop.reload();
  await expect(shop.getByText('Vetëm 2 të mbetura').first()).toBeVisible();

  // The return within 14 days: back in stock, 449,00 € back in cash from the sale's till.
  const back = page.getByRole('form', { name: 'Kthim nga shitja' });
  await back.getByLabel(new RegExp(`^Kthehen nga “${name}”`)).fill('1');
  await back.getByLabel('Arsyeja e kthimit').fill('I papërdorur, në kuti');
  await back.getByRole('button', { name: 'Regjistro kthimin' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Kthimi #\d+ u regjistrua\. Kthehen 449,00 €\./ })).toBeVisible();
  await shop.reload();
  await expect(shop.getByText('Vetëm 3 të mbetura').first()).toBeVisible();

  // An online order of the same phone: its unit picked by IMEI at hand-over, its sheet printed from the order's page.
  const placed = await page.request.post('/api/orders', {
    headers: ownerAuth,
    data: { items: [{ id: product.id, quantity: 1, price: 449 }], total: 449 },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { order: { id: number } }).order.id;
  const detail = (await (await page.request.get(`/api/admin/orders/${orderId}`, { headers: ownerAuth })).json()) as {
    serialLines: { line: number }[];
  };
  const handed = await page.request.patch(`/api/admin/orders/${orderId}`, {
    headers: ownerAuth,
    data: { status: 'delivered', units: [{ line: detail.serialLines[0]!.line, imeis: [imeis[0]] }] },
  });
  expect(handed.status(), await handed.text()).toBe(200);
  await page.goto(`/admin/orders/${orderId}`);
  await page.evaluate(() => {
    (window as unknown as { prints: number }).prints = 0;
    window.print = () => {
      (window as unknown as { prints: number }).prints += 1;
    };
  });
  await page.getByRole('button', { name: `Printo fletën e garancionit për IMEI ${imeis[0]}` }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('article', { name: /Fleta e garancionit \d+/ })).toContainText(imeis[0]!);
  await page.pdf({ path: testInfo.outputPath('order-warranty.pdf'), preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: 'Kthim', exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('order-after-sale.png'), fullPage: true });

  // A repair ticket opened for that IMEI shows the sale, its sheet and the warranty.
  const ticket = await page.request.post('/api/admin/repairs', {
    headers: ownerAuth,
    data: {
      customerName: 'Arta Krasniqi',
      customerPhone: '044 123 456',
      brand: 'Samsung',
      model: name,
      imei: imeis[0],
      fault: 'Ekrani nuk ndizet',
      pin: '4321',
      estimate: 80,
    },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  await page.goto(`/admin/riparimet/${((await ticket.json()) as { id: number }).id}`);
  const sold = page.getByRole('region', { name: 'Shitja e telefonit' });
  await expect(sold).toContainText(`Porosia online #${orderId}`);
  await expect(sold).toContainText(/Në garanci deri më \d{2}\.\d{2}\.\d{4}/);
  await expect(sold.getByRole('link', { name: /Fleta e garancionit Nr\. \d+/ })).toHaveAttribute('href', `/admin/orders/${orderId}`);

  // 'Mbyllja e ditës' of Arka 2: 449,00 cash in, 449,00 cash out, 50,00 float → 50,00 expected; 49,50 counted.
  await page.getByRole('navigation', { name: 'Menyja e administrimit' }).getByRole('link', { name: 'Mbyllja e ditës' }).click();
  await expect(page.getByRole('heading', { name: 'Mbyllja e ditës', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Arka', { exact: true })).toHaveValue('Arka 2');
  const cash = page.getByRole('row', { name: /^Cash/ });
  await expect(cash).toContainText('449,00 €');
  await expect(page.getByRole('row', { name: /^Gjithsej/ })).toHaveText(/Gjithsej\s*449,00 €\s*−449,00 €\s*0,00 €/);
  await page.getByLabel('Fondi fillestar (€)').fill('50');
  await page.getByLabel('Paratë e numëruara në arkë (€)').fill('49,50');
  await expect(page.getByText(/^Paratë e pritura: 50,00 €/)).toContainText('Diferenca: Mungesë −0,50 €');
  await page.screenshot({ path: testInfo.outputPath('day-close-open.png'), fullPage: true });
  await page.getByRole('button', { name: 'Mbyll ditën' }).click();
  await expect(page.getByRole('status').filter({ hasText: /u mbyll për Arka 2\./ })).toBeVisible();
  const report = page.getByRole('article', { name: /Mbyllja e ditës .*Arka 2/ });
  await expect(report).toContainText('Paratë e pritura në arkë50,00 €');
  await expect(report).toContainText('Paratë e numëruara49,50 €');
  await expect(report).toContainText('DiferencaMungesë −0,50 €');
  await expect(page.getByRole('button', { name: 'Mbyll ditën' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('day-close-closed.png'), fullPage: true });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Printo raportin 80 mm' })).toBeHidden();
  const pdf80 = testInfo.outputPath('day-close-80mm.pdf');
  await page.pdf({ path: pdf80, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('radio', { name: 'A4' }).check();
  await page.emulateMedia({ media: 'print' });
  const pdfA4 = testInfo.outputPath('day-close-a4.pdf');
  await page.pdf({ path: pdfA4, preferCSSPageSize: true, printBackground: true });
  toPng(pdf80);
  toPng(pdfA4);
  toPng(testInfo.outputPath('receipt-80mm.pdf'));
  toPng(testInfo.outputPath('order-warranty.pdf'));

  // A second close of the same till and day is refused.
  const again = await page.request.post('/api/admin/day-close', {
    headers: ownerAuth,
    data: { till: 'Arka 2', day: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Belgrade' }).format(new Date()), countedCash: 50 },
  });
  expect(again.status()).toBe(409);
  await shop.close();
  noErrors();
});
