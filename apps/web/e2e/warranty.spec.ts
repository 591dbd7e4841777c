import { expect, test, type Page } from '@playwright/test';
import { admin, loginAs, watchConsole } from './support/helpers';

interface PrintCall {
  t: number;
  text: string;
  formShown: boolean;
  docShown: boolean;
}
declare global {
  interface Window {
    __prints: PrintCall[];
    __clickAt?: number;
  }
}

/** Replaces window.print: records when it was called and what the page showed at that moment. */
function stubPrint() {
  window.__prints = [];
  window.print = () => {
    const doc = document.querySelector<HTMLElement>('article.print-doc');
    window.__prints.push({
      t: performance.now(),
      text: doc?.textContent ?? '',
      formShown: !!document.querySelector('form.mc-form, form.w-form'),
      docShown: !!doc && getComputedStyle(doc).display !== 'none',
    });
  };
}

/** Notes when the next click on this button happens, to time the print dialog from it. */
const timeClick = (page: Page, name: string) =>
  page
    .getByRole('button', { name, exact: true })
    .evaluate((b) => b.addEventListener('click', () => (window.__clickAt = performance.now()), { once: true, capture: true }));

const prints = (page: Page) => page.evaluate(() => ({ calls: window.__prints, clickAt: window.__clickAt ?? 0 }));

/** Renders the page as Chromium prints it (print media, A4) and reads the page count and size. */
async function printToPdf(page: Page) {
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
  const text = pdf.toString('latin1');
  const pages = text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(text);
  return { pdf, pages, width: Number(box?.[1]), height: Number(box?.[2]) };
}

function expectOneA4Page(r: { pages: number; width: number; height: number }) {
  expect(r.pages).toBe(1);
  // A4 is 595.3 x 841.9 points.
  expect(Math.abs(r.width - 595.3)).toBeLessThan(2);
  expect(Math.abs(r.height - 841.9)).toBeLessThan(2);
}

test.describe('warranty sheets', () => {
  test('fill, fail and fix a sheet, save it as a draft, complete it and print it on one A4 page', async ({ page }, testInfo) => {
    const noErrors = watchConsole(page);
    await loginAs(page, admin().email, admin().password);
    await page.addInitScript(stubPrint);
    await page.goto('/warranty');

    const form = page.getByRole('form', { name: 'Fletë e re garancioni' });
    await expect(form).toBeVisible();
    const notice = page.locator('#w-notice');
    const field = (label: string) => page.getByLabel(label, { exact: true });
    const printo = page.getByRole('button', { name: 'Printo', exact: true });
    const failsWith = async (message: string) => {
      await printo.click();
      await expect(notice).toHaveText(message);
    };

    await expect(page.getByText('Backend-i i garancionit Nuk eshte Online', { exact: false })).toHaveCount(0);
    await expect(field('Modeli')).toBeDisabled();
    await expect(field('Versioni i softuerit')).toBeDisabled();
    await expect(field('Data')).toHaveAttribute('readonly', '');
    await expect(field('Data')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expect(field('Lloji i pagesës')).toHaveValue('Cash');

    await failsWith('Shkruani emrin.');
    await expect(field('Emri')).toBeFocused();
    await field('Emri').fill('Arta');
    await expect(notice).toHaveCount(0);
    await failsWith('Shkruani mbiemrin.');
    await field('Mbiemri').fill('Krasniqi');
    await field('Telefoni').fill('044 123 4');
    await field('Email').fill('arta@');
    await failsWith('Vendosni nje numer telefoni ose nje email te vlefshem.');
    await field('Telefoni').fill('044 123 456');
    await failsWith('Zgjidhni pajisjen dhe modelin.');

    await field('Marka').selectOption('Samsung');
    await field('Modeli').selectOption('Galaxy S24');
    await field('Versioni i softuerit').selectOption('Android 14 (One UI 6)');
    await field('Marka').selectOption('Apple');
    await expect(field('Modeli')).toHaveValue('');
    await expect(field('Versioni i softuerit')).toHaveValue('');
    await failsWith('Zgjidhni pajisjen dhe modelin.');
    await field('Modeli').selectOption('iPhone 15 Pro');

    await field('IMEI').fill('3569381012345');
    await failsWith('IMEI duhet te jete saktësisht 14 shifra.');
    await field('IMEI').fill('3569381012345A');
    await failsWith('IMEI duhet te jete saktësisht 14 shifra.');
    await field('IMEI').fill('');
    await field('IMEI').pressSequentially('356938101234567');
    await expect(field('IMEI')).toHaveValue('35693810123456');
    await failsWith('Zgjidhni versionin e softuerit.');
    await field('Versioni i softuerit').selectOption('iOS 18');
    await failsWith('Zgjidhni kohezgjatjen e garancionit.');
    await field('Kohëzgjatja').selectOption('12 muaj');
    await failsWith('Shkruani cmimin.');

    // Not complete yet: 'NE PRITJE' keeps it as a draft, without validation.
    await page.getByRole('button', { name: 'NE PRITJE' }).click();
    await expect(notice).toHaveText('Drafti eshte ruajtur me sukses!');
    const heading = page.getByRole('heading', { name: /^Drafti #\d+$/ });
    await expect(heading).toBeVisible();
    const id = Number((await heading.textContent())!.replace(/\D/g, ''));
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Fshi garancionin ${id}` }) });
    await expect(row).toContainText('Në pritje');
    await expect(row).toContainText('Krasniqi');

    await field('Çmimi (€)').fill('89.50');
    await field('Komente').fill('Bateri e re.');
    await field('Lloji i pagesës').selectOption('POS');
    await timeClick(page, 'Printo');
    await printo.click();
    await expect(notice).toHaveText('Garancioni u ruajt dhe u dërgua për printim.');
    await expect.poll(async () => (await prints(page)).calls.length).toBe(1);
    const { calls, clickAt } = await prints(page);
    const call = calls[0]!;
    // Saved first (the sheet carries its number), then the dialog about 350 ms later.
    expect(call.t - clickAt).toBeGreaterThanOrEqual(350);
    expect(call.t - clickAt).toBeLessThan(3000);
    for (const text of [
      `Nr. ${id}`,
      'Arta Krasniqi',
      '044 123 456',
      'iPhone 15 Pro',
      '35693810123456',
      'iOS 18',
      '12 muaj',
      '89,50 €',
      'POS',
      'Bateri e re.',
      'MobileShop KS',
      'Rruga Nëna Terezë 25, 10000 Prishtinë, Kosovë',
      '+383 44 123 456',
      'jo më shumë se 30 ditësh',
      'rastet kur mungon kjo fletë garancioni',
      'Nënshkrimi i klientit',
    ]) {
      expect(call.text).toContain(text);
    }

    // The draft is now printed, and the form is ready for the next customer.
    await expect(row).not.toContainText('Në pritje');
    await expect(row).toContainText('89,50 €');
    await expect(page.getByRole('heading', { name: 'Fletë e re garancioni' })).toBeVisible();
    await expect(field('Emri')).toHaveValue('');

    // The screen's controls do not print; the sheet does, on one A4 page.
    await page.emulateMedia({ media: 'print' });
    await expect(form).toBeHidden();
    await expect(page.getByPlaceholder('Kerko garancione...')).toBeHidden();
    await expect(page.locator('.top-bar')).toBeHidden();
    await expect(page.getByRole('article', { name: `Fleta e garancionit ${id}` })).toBeVisible();
    const pdf = await printToPdf(page);
    await testInfo.attach('fleta-e-garancionit.pdf', { body: pdf.pdf, contentType: 'application/pdf' });
    expectOneA4Page(pdf);
    await page.emulateMedia({ media: 'screen' });
    noErrors();
  });

  test('the list: search, print again (on one A4 page) and delete after confirming', async ({ page }, testInfo) => {
    const noErrors = watchConsole(page);
    const { token } = await loginAs(page, admin().email, admin().password);
    const headers = { authorization: `Bearer ${token}` };
    const base = {
      telefoni: '049 555 777',
      marka: 'Xiaomi',
      modeli: 'Redmi Note 13 Pro',
      softInfo: 'HyperOS 1',
      kohezgjatja: '6 muaj',
      cmimi: 25,
      llojiPageses: 'Transfer Bankar',
      status: 'printed',
    };
    // Unique per run, so a retry against the same server finds only its own rows.
    const tag = String(Date.now()).slice(-6);
    const created: { id: number }[] = [];
    for (const [emri, mbiemri, imei] of [
      ['Dardan', `Hoxha${tag}`, `1111${tag}2222`],
      ['Elira', `Morina${tag}`, `5555${tag}6666`],
    ]) {
      // Dardan's sheet is as long as a sheet gets: it must still print on one page.
      const long =
        emri === 'Dardan'
          ? {
              komente: 'Ekrani u ndërrua, bateria u kontrollua. '.repeat(25).slice(0, 1000),
              email: `${'d'.repeat(60)}@${'e'.repeat(60)}.example.com`,
            }
          : {};
      const res = await page.request.post('/api/admin/warranty', { headers, data: { ...base, emri, mbiemri, imei, ...long } });
      expect(res.status()).toBe(201);
      created.push(await res.json());
    }
    await page.addInitScript(stubPrint);
    await page.goto('/admin/warranty');

    const table = page.getByRole('table', { name: 'Lista e garancioneve' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'ID',
      'Emri',
      'Mbiemri',
      'Telefoni',
      'Email',
      'Marka',
      'Modeli',
      'IMEI',
      'Kohezgjatja',
      'Cmimi',
      'Data',
      'Lloji Pageses',
      'Veprime',
    ]);
    const rowOf = (name: 'Dardan' | 'Elira') =>
      table.getByRole('row').filter({ hasText: name === 'Dardan' ? `Hoxha${tag}` : `Morina${tag}` });
    await expect(rowOf('Dardan')).toHaveCount(1);
    await expect(rowOf('Dardan').getByRole('cell').nth(10)).toHaveText(/^\d{4}-\d{2}-\d{2}$/);

    const search = page.getByPlaceholder('Kerko garancione...');
    await search.fill(`MORINA${tag}`);
    await expect(rowOf('Elira')).toHaveCount(1);
    await expect(rowOf('Dardan')).toHaveCount(0);
    await search.fill(`${tag}2222`);
    await expect(rowOf('Dardan')).toHaveCount(1);
    await expect(rowOf('Elira')).toHaveCount(0);
    await search.fill('transfer bankar');
    await expect(rowOf('Dardan')).toHaveCount(1);
    await expect(rowOf('Elira')).toHaveCount(1);
    await expect(table.getByRole('row').filter({ hasText: 'POS' })).toHaveCount(0);
    await search.fill('nuk-ekziston-askund');
    await expect(table.getByRole('row')).toHaveCount(2);
    await search.fill('');

    // Print a printed sheet again from its row.
    const [dardan, elira] = created as [{ id: number }, { id: number }];
    await timeClick(page, `Printo garancionin ${dardan.id}`);
    await page.getByRole('button', { name: `Printo garancionin ${dardan.id}` }).click();
    await expect.poll(async () => (await prints(page)).calls.length).toBe(1);
    const { calls, clickAt } = await prints(page);
    expect(calls[0]!.t - clickAt).toBeGreaterThanOrEqual(350);
    expect(calls[0]!.t - clickAt).toBeLessThan(1500);
    expect(calls[0]!.text).toContain(`Dardan Hoxha${tag}`);
    expect(calls[0]!.text).toContain(`Nr. ${dardan.id}`);
    const pdf = await printToPdf(page);
    await testInfo.attach('fleta-e-gjate.pdf', { body: pdf.pdf, contentType: 'application/pdf' });
    expectOneA4Page(pdf);

    // Delete: cancelling keeps the row, confirming removes it and reloads the list.
    const dialogs: string[] = [];
    page.once('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('button', { name: `Fshi garancionin ${elira.id}` }).click();
    await expect.poll(() => dialogs.length).toBe(1);
    await expect(rowOf('Elira')).toHaveCount(1);
    page.once('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    const reloaded = page.waitForResponse((r) => r.url().endsWith('/api/admin/warranty') && r.request().method() === 'GET');
    await page.getByRole('button', { name: `Fshi garancionin ${elira.id}` }).click();
    await reloaded;
    await expect(rowOf('Elira')).toHaveCount(0);
    await expect(rowOf('Dardan')).toHaveCount(1);
    expect(dialogs).toEqual(['A je i sigurt që do ta fshish këtë garancion?', 'A je i sigurt që do ta fshish këtë garancion?']);
    const list = (await (await page.request.get('/api/admin/warranty', { headers })).json()) as { id: number }[];
    expect(list.some((s) => s.id === elira.id)).toBe(false);
    noErrors();
  });

  test('a spinner while loading, the empty text, and the offline banner when the health check fails', async ({ page }) => {
    await loginAs(page, admin().email, admin().password);
    let releaseList!: () => void;
    const listHeld = new Promise<void>((r) => (releaseList = r));
    await page.route('**/api/admin/warranty', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      await listHeld;
      await route.fulfill({ json: [] });
    });
    await page.route('**/api/admin/warranty/provemua', (route) => route.fulfill({ status: 503, json: { msg: 'x' } }));
    await page.goto('/warranty');
    await expect(page.getByRole('status').filter({ hasText: 'Duke ngarkuar...' })).toBeAttached();
    await expect(page.locator('.w-spinner')).toBeVisible();
    releaseList();
    await expect(page.getByRole('cell', { name: 'Nuk ka garancione në sistem.' })).toBeVisible();
    await expect(page.locator('.w-spinner')).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: 'Backend-i i garancionit' })).toHaveText(
      'Backend-i i garancionit Nuk eshte Online. Kontrollo deploy-in ose radhitjen e route-ve ne backend!',
    );
  });

  test('shoppers do not download the warranty code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /warranty|print-header/.test(s))).toEqual([]);
  });
});

test.describe('maintenance contract', () => {
  test('validates in order, puts it on hold, and prints the summary 300 ms later @phone', async ({ page }) => {
    const noErrors = watchConsole(page);
    await page.addInitScript(stubPrint);
    await page.goto('/sherbimet/mirembajtja');
    const notice = page.locator('#mc-notice');
    const field = (label: string) => page.getByLabel(label, { exact: true });
    const print = page.getByRole('button', { name: 'Printo kontratën' });
    const contractForm = page.getByRole('form', { name: 'Të dhënat e kontratës' });
    const failsWith = async (message: string) => {
      await print.click();
      await expect(notice).toHaveText(message);
    };

    await expect(field('Data')).toHaveAttribute('readonly', '');
    await failsWith('Shkruani emrin e klientit!');
    await field('Emri i klientit').fill('Blerim');
    await expect(notice).toHaveCount(0);
    await failsWith('Shkruani mbiemrin!');
    await field('Mbiemri').fill('Gashi');
    await field('IMEI').fill('3569381012345');
    await failsWith('IMEI duhet te kete saktësisht 14 shifra numerike!');
    await field('IMEI').fill('3569381012345X');
    await failsWith('IMEI duhet te kete saktësisht 14 shifra numerike!');
    await field('IMEI').fill('');
    await field('IMEI').pressSequentially('356938101234567');
    await expect(field('IMEI')).toHaveValue('35693810123456');
    await failsWith('Zgjidh llojin e pagesës!');
    // 'NE PRITJE' validates too.
    await page.getByRole('button', { name: 'NE PRITJE' }).click();
    await expect(notice).toHaveText('Zgjidh llojin e pagesës!');
    await field('Lloji i pagesës').selectOption('POS');
    await page.getByRole('button', { name: 'NE PRITJE' }).click();
    await expect(notice).toHaveText('Kontrata eshte vendosur ne pritje!');
    expect((await prints(page)).calls).toEqual([]);

    await timeClick(page, 'Printo kontratën');
    await print.click();
    await expect(contractForm).toHaveCount(0);
    await expect.poll(async () => (await prints(page)).calls.length).toBe(1);
    const { calls, clickAt } = await prints(page);
    const call = calls[0]!;
    expect(call.t - clickAt).toBeGreaterThanOrEqual(300);
    expect(call.t - clickAt).toBeLessThan(1500);
    expect(call).toMatchObject({ formShown: false, docShown: true });
    for (const text of ['Blerim', 'Gashi', '35693810123456', 'POS', 'MobileShop KS', '+383 44 123 456', 'Nënshkrimi i klientit']) {
      expect(call.text).toContain(text);
    }
    // Then the form is back, as it was.
    await expect(contractForm).toBeVisible();
    await expect(field('Emri i klientit')).toHaveValue('Blerim');
    await expect(field('IMEI')).toHaveValue('35693810123456');
    await expect(page.getByRole('article', { name: 'Kontrata e mirëmbajtjes' })).toBeHidden();
    noErrors();
  });

  test('the printed contract is one A4 page without the form', async ({ page }, testInfo) => {
    await page.goto('/sherbimet/mirembajtja');
    await page.getByLabel('Emri i klientit').fill('Blerim');
    await page.getByLabel('Mbiemri', { exact: true }).fill('Gashi');
    await page.getByLabel('IMEI').fill('35693810123456');
    await page.getByLabel('Lloji i pagesës').selectOption('Transfer Bankar');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('form', { name: 'Të dhënat e kontratës' })).toBeHidden();
    await expect(page.getByPlaceholder('Çfarë po kërkoni?').first()).toBeHidden();
    const doc = page.getByRole('article', { name: 'Kontrata e mirëmbajtjes' });
    await expect(doc).toBeVisible();
    await expect(doc).toContainText('Transfer Bankar');
    await expect(doc).toContainText('Rruga Nëna Terezë 25, 10000 Prishtinë, Kosovë');
    const pdf = await printToPdf(page);
    await testInfo.attach('kontrata-e-mirembajtjes.pdf', { body: pdf.pdf, contentType: 'application/pdf' });
    expectOneA4Page(pdf);
  });
});
