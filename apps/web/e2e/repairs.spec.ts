import fs from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { admin, loginAs, watchConsole } from './support/helpers';

/**
 * Console errors, but for the one refusal the test asks for on purpose (a 409 the page shows in its
 * dialog, which Chromium also logs as a failed resource).
 */
function watchConsoleBut409(page: Page): () => void {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('status of 409')) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return () => expect(errors, 'console errors').toEqual([]);
}
import { waitForMail, linkIn } from './support/mailbox';

/**
 * The repair counter (issue 16) in a real Chromium: staff open a ticket, print its receipt (one A4
 * page, kept as PDF for a look), move it along the flow; the customer follows the tracking link of
 * the receipt's QR code, sees each status and approves the estimate; the mails arrive. A ticket
 * opened from a printed warranty sheet inside its period is priced at zero.
 */

/** Renders the page as Chromium prints it and counts the pages. */
async function printToPdf(page: Page) {
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
  const text = pdf.toString('latin1');
  return { pdf, pages: text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0 };
}

/** A screenshot at a phone's width and at a laptop's, kept with the run's results. */
async function shoot(page: Page, name: string, outputPath: (name: string) => string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test.describe('the repair counter', () => {
  test('a ticket from intake to hand-over: receipt, moves, the customer approves on the tracking page, the mails arrive', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const noErrors = watchConsoleBut409(page);
    await loginAs(page, admin().email, admin().password);
    await page.addInitScript(() => {
      (window as unknown as { __printed: number }).__printed = 0;
      window.print = () => {
        (window as unknown as { __printed: number }).__printed += 1;
      };
    });
    const tag = String(Date.now()).slice(-6);
    const email = `riparim.${tag}@example.com`;
    const imei = `3569${tag}1234`;
    const started = Date.now();

    // The sidebar leads to the list; 'Riparim i ri' to the intake form.
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Menyja e administrimit' }).getByRole('link', { name: 'Riparimet' }).click();
    await expect(page.getByRole('heading', { name: 'Riparimet', level: 1 })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Filtro sipas statusit' }).getByRole('button', { name: /Të hapura/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('link', { name: 'Riparim i ri' }).click();
    await expect(page).toHaveURL(/\/admin\/riparimet\/e-re$/);

    const field = (label: string) => page.getByLabel(label, { exact: true });
    // Nothing filled: the form's own check names the first field and puts the cursor there.
    await page.getByRole('button', { name: 'Hap riparimin' }).click();
    await expect(field('Emri dhe mbiemri *')).toBeFocused();
    await expect(page.getByText('Shkruani emrin e klientit.')).toBeVisible();

    await field('Emri dhe mbiemri *').fill('Arta Krasniqi');
    await field('Telefoni *').fill('044 123 456');
    await field('Email (opsional)').fill(email);
    await field('Marka *').selectOption('Apple');
    await field('Modeli *').selectOption('iPhone 13');
    await field('IMEI *').fill(imei);
    await field('Ngjyra').fill('E zezë');
    await field('Defekti sipas klientit *').fill('Ekrani i thyer pas një rënieje; prekja nuk punon në anën e djathtë.');
    await page.getByRole('checkbox', { name: 'Xham i thyer' }).check();
    await page.getByRole('checkbox', { name: 'Gërvishtje' }).check();
    await field('Shënime për gjendjen').fill('Goditje e vogël në cepin e poshtëm.');
    await page.getByRole('checkbox', { name: 'Karikues' }).check();
    await page.getByRole('checkbox', { name: 'Kartelë SIM' }).check();
    await field('PIN-i ose kodi i zhbllokimit').fill('2580');
    await expect(field('PIN-i ose kodi i zhbllokimit')).toHaveAttribute('type', 'password');
    await field('Vizatimi i zhbllokimit (pattern)').fill('1-4-7-8-9');
    await expect(field('Vizatimi i zhbllokimit (pattern)')).toHaveAttribute('type', 'password');
    await field('Depozita (€)').fill('10');
    await field('Tekniku').fill('Driton');
    await shoot(page, 'riparim-i-ri', (n) => testInfo.outputPath(n));
    await page.getByRole('button', { name: 'Hap riparimin' }).click();

    // The ticket's page: a code that is not the row id, received, the PIN only on request.
    await expect(page).toHaveURL(/\/admin\/riparimet\/\d+$/);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/^R-[0-9A-HJKMNP-TV-Z]{10}$/);
    const code = (await heading.textContent())!;
    const actions = page.getByRole('group', { name: 'Veprimet e riparimit' });
    await expect(page.locator('.admin-head .badge-pill').first()).toHaveText('Pranuar');
    await expect(page.getByText('2580')).toHaveCount(0);
    await page.getByRole('button', { name: 'Shfaq PIN-in' }).click();
    await expect(page.getByText('2580')).toBeVisible();
    await expect(page.getByLabel('Vizatimi', { exact: true })).toHaveText('1-4-7-8-9');
    await page.getByRole('button', { name: 'Fshih PIN-in' }).click();
    const trackingUrl = (await page.getByTestId('tracking-url').getAttribute('href'))!;
    expect(trackingUrl).toContain(`/servisi/statusi?kodi=${code}&imei=1234`);

    const received = await waitForMail(email, { subject: code, after: started });
    expect(received.subject).toBe(`Riparimi ${code} u pranua`);

    // The receipt: 'Printo fletëpranimin' opens the print dialog; the print is one A4 page.
    await actions.getByRole('button', { name: 'Printo fletëpranimin' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(1);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.locator('.repair-receipt img.rr-qr')).toHaveAttribute('src', /^data:image\/svg\+xml/);
    const printed = await printToPdf(page);
    fs.writeFileSync(testInfo.outputPath('fletepranimi.pdf'), printed.pdf);
    await testInfo.attach('fletepranimi.pdf', { body: printed.pdf, contentType: 'application/pdf' });
    expect(printed.pages).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.repair-receipt')).toBeVisible();
    await expect(page.locator('.repair-receipt')).toContainText(code);
    await expect(page.locator('.repair-receipt')).toContainText('Nënshkrimi i klientit');
    await expect(page.locator('.admin-sidebar')).toBeHidden();
    await expect(actions).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await shoot(page, 'riparimi', (n) => testInfo.outputPath(n));
    await page.setViewportSize({ width: 1280, height: 800 });

    const moveTo = async (label: string, notes: { staff?: string; customer?: string } = {}) => {
      await actions.getByRole('button', { name: label, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel('Statusi i ri')).toHaveValue(/.+/);
      if (notes.staff) await dialog.getByLabel('Shënim për stafin').fill(notes.staff);
      if (notes.customer) await dialog.getByLabel('Shënim për klientin').fill(notes.customer);
      await dialog.getByRole('button', { name: 'Ndrysho statusin' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: `Statusi u ndryshua në “${label}”.` })).toBeVisible();
      await expect(page.locator('.admin-head .badge-pill').first()).toHaveText(label);
    };

    await moveTo('Në diagnostikim', { staff: 'Ekrani OLED origjinal, 120 €.' });
    // Without an estimate the ticket cannot wait for approval: the server says so in the dialog.
    await actions.getByRole('button', { name: 'Pret aprovimin', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ndrysho statusin' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Vendosni çmimin e parashikuar para se ta dërgoni për aprovim.');
    await page.getByRole('dialog').getByRole('button', { name: 'Kthehu' }).click();

    await actions.getByRole('button', { name: 'Ndrysho të dhënat' }).click();
    await field('Çmimi i parashikuar (€)').fill('120');
    await page.getByRole('button', { name: 'Ruaj ndryshimet' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ndryshimet u ruajtën.' })).toBeVisible();
    await expect(page.getByText('120,00 €').first()).toBeVisible();
    await moveTo('Pret aprovimin', { customer: 'Ekrani duhet ndërruar: 120 € me punë.' });
    const estimateMail = await waitForMail(email, { subject: 'Pret aprovimin', after: started });
    expect(estimateMail.subject).toBe(`Riparimi ${code}: Pret aprovimin`);
    expect(linkIn(estimateMail, '/servisi/statusi')).toBe(trackingUrl);

    // The customer, without an account, follows the QR code's link.
    const customer = await browser.newContext({ locale: 'sq-AL' });
    const phone = await customer.newPage();
    const customerErrors = watchConsole(phone);
    await phone.goto(trackingUrl);
    await phone.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await expect(phone.getByRole('heading', { name: 'Statusi i riparimit', level: 1 })).toBeVisible();
    await expect(phone.getByLabel('Kodi i riparimit')).toHaveValue(code);
    await expect(phone.getByTestId('repair-status')).toHaveText('Pret aprovimin');
    await expect(phone.getByText('Apple iPhone 13')).toBeVisible();
    await expect(phone.getByText('120,00 €', { exact: true })).toBeVisible();
    await expect(phone.getByText('Çmimi për aprovim: 120,00 €')).toBeVisible();
    await expect(phone.getByText('Ekrani duhet ndërruar: 120 € me punë.')).toBeVisible();
    // Staff notes never reach the customer.
    await expect(phone.getByText('Ekrani OLED origjinal')).toHaveCount(0);
    await shoot(phone, 'statusi', (n) => testInfo.outputPath(n));
    await phone.getByRole('button', { name: 'Aprovoj çmimin' }).click();
    await phone.getByRole('button', { name: 'Po, vazhdo' }).click();
    await expect(phone.getByRole('status').filter({ hasText: 'Faleminderit! Riparimi vazhdon.' })).toBeVisible();
    await expect(phone.getByTestId('repair-status')).toHaveText('Në riparim');
    await expect(phone.getByRole('button', { name: 'Aprovoj çmimin' })).toHaveCount(0);

    // Staff see the customer's answer.
    await page.reload();
    await expect(page.locator('.admin-head .badge-pill').first()).toHaveText('Në riparim');
    await expect(page.getByRole('heading', { name: 'Historiku' }).locator('..')).toContainText('Klienti (faqja e statusit)');
    await moveTo('Gati për marrje', { customer: 'Ekrani u ndërrua.' });
    const readyMail = await waitForMail(email, { subject: 'Gati për marrje', after: started });
    expect(readyMail.text).toContain(code);

    await phone.reload();
    await phone.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await expect(phone.getByTestId('repair-status')).toHaveText('Gati për marrje');
    await expect(
      phone.getByText('Pajisja juaj është gati për marrje. Na gjeni E hënë – E shtunë, 09:00–21:00.', { exact: false }),
    ).toBeVisible();
    await shoot(phone, 'statusi-gati', (n) => testInfo.outputPath(n));

    // Handing it back (issue 26): the final price prefilled with the estimate, the deposit taken off,
    // the payment and the repair's own warranty; then the pickup receipt in A4 and on an 80 mm strip.
    await actions.getByRole('button', { name: 'Dorëzuar', exact: true }).click();
    const handover = page.getByRole('dialog');
    await expect(handover.getByLabel('Çmimi përfundimtar (€) *')).toHaveValue('120');
    await expect(handover.getByTestId('handover-due')).toHaveText('Depozita e zbritur: 10,00 € · Për t’u paguar: 110,00 €');
    await handover.getByLabel('Pagesa *').selectOption('POS');
    await handover.getByLabel('Garancioni i riparimit').selectOption('3');
    await handover.getByLabel('Garancioni mbulon').fill('ekranin e ndërruar');
    await shoot(page, 'dorezimi-dialogu', (n) => testInfo.outputPath(n));
    await page.setViewportSize({ width: 1280, height: 800 });
    await handover.getByRole('button', { name: 'Ndrysho statusin' }).click();
    await expect(handover).toHaveCount(0);
    const handoverCard = page.getByRole('heading', { name: 'Dorëzimi' }).locator('..');
    await expect(handoverCard).toContainText('110,00 €');
    await expect(handoverCard).toContainText('POS');
    await expect(handoverCard).toContainText('3 muaj, deri më');
    await shoot(page, 'riparimi-dorezuar', (n) => testInfo.outputPath(n));
    await page.setViewportSize({ width: 1280, height: 800 });
    const deliveredMail = await waitForMail(email, { subject: 'Dorëzuar', after: started });
    expect(deliveredMail.text).toContain('Çmimi përfundimtar: 120,00 €');
    for (const [button, file, widthMm] of [
      ['Printo fletëdorëzimin (A4)', 'fletedorezimi-a4.pdf', 210],
      ['Printo kuponin (80 mm)', 'kuponi-80mm.pdf', 80],
    ] as const) {
      const before = await page.evaluate(() => (window as unknown as { __printed: number }).__printed);
      await actions.getByRole('button', { name: button }).click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(before + 1);
      await expect(page.getByRole('article', { name: `Fletëdorëzim i riparimit ${code}`, includeHidden: true })).toHaveCount(1);
      // The page was last set to screen media above: print as the browser's print dialog would.
      await page.emulateMedia({ media: 'print' });
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      fs.writeFileSync(testInfo.outputPath(file), pdf);
      const text = pdf.toString('latin1');
      expect(text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0, file).toBe(1);
      const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(text);
      expect(Math.round((Number(box![1]) * 25.4) / 72), file).toBe(widthMm);
      await expect(page.locator('.repair-pickup')).toContainText('Garancioni i riparimit: 3 muaj për ekranin e ndërruar, deri më');
      await expect(page.locator('.repair-pickup')).toContainText('110,00 €');
      await page.emulateMedia({ media: 'screen' });
    }
    // Closed: no more moves, and the PIN is gone.
    await expect(page.getByText('Riparimi është mbyllur: statusi nuk ndryshon më.')).toBeVisible();
    await expect(page.getByText('PIN-i është fshirë me mbylljen e riparimit.')).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Ndrysho të dhënat' })).toHaveCount(0);

    // The list finds it by the IMEI's digits among every ticket, and shows no PIN.
    await page.goto(`/admin/riparimet?status=all&q=${imei}`);
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Dorëzuar');
    await expect(page.getByText('2580')).toHaveCount(0);
    await shoot(page, 'riparimet', (n) => testInfo.outputPath(n));

    await page.goto('/admin');
    await expect(page.getByRole('region', { name: /Riparimet/ })).toBeVisible();
    await expect(page.getByTestId('repairs-average')).not.toHaveText('—');
    await shoot(page, 'paneli', (n) => testInfo.outputPath(n));

    customerErrors();
    await customer.close();
    noErrors();
  });

  test('a claim on a printed warranty sheet inside its period is a warranty repair priced at zero, listed with the sheet', async ({
    page,
  }, testInfo) => {
    const noErrors = watchConsole(page);
    const { token } = await loginAs(page, admin().email, admin().password);
    const tag = String(Date.now()).slice(-6);
    const res = await page.request.post('/api/admin/warranty', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        emri: 'Besa',
        mbiemri: `Gashi${tag}`,
        telefoni: '049 555 666',
        email: `besa.${tag}@example.com`,
        marka: 'Samsung',
        modeli: 'Galaxy S24',
        imei: `8801${tag}0001`,
        softInfo: 'Android 14 (One UI 6)',
        kohezgjatja: '12 muaj',
        cmimi: 899,
        llojiPageses: 'POS',
        status: 'printed',
      },
    });
    expect(res.status()).toBe(201);
    const sheet = (await res.json()) as { id: number };

    await page.goto('/admin/warranty');
    await page.getByPlaceholder('Kerko garancione...').fill(`8801${tag}`);
    await page.getByRole('link', { name: `Hap riparim: garancioni ${sheet.id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/riparimet/e-re\\?garancioni=${sheet.id}$`));
    await expect(page.getByText(`Nga fleta e garancionit nr. ${sheet.id}`)).toBeVisible();
    await expect(page.getByText(/riparimi bëhet në garancion, me çmim 0 €/)).toBeVisible();
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await expect(field('Emri dhe mbiemri *')).toHaveValue(`Besa Gashi${tag}`);
    await expect(field('Modeli *')).toHaveValue('Galaxy S24');
    await expect(field('IMEI *')).toHaveValue(`8801${tag}0001`);
    await field('Defekti sipas klientit *').fill('Bateria shkarkohet shpejt.');
    await page.getByRole('button', { name: 'Hap riparimin' }).click();

    await expect(page).toHaveURL(/\/admin\/riparimet\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^R-[0-9A-HJKMNP-TV-Z]{10}$/);
    const code = (await page.getByRole('heading', { level: 1 }).textContent())!;
    await expect(page.locator('.admin-head')).toContainText('Riparim në garancion (0 €)');
    await expect(page.getByText('0,00 € · Riparim në garancion (0 €)')).toBeVisible();
    await expect(page.getByText(`Fleta nr. ${sheet.id}`)).toBeVisible();

    // The sheet lists its claim.
    await page.goto('/admin/warranty');
    await page.getByPlaceholder('Kerko garancione...').fill(`8801${tag}`);
    await page.getByRole('button', { name: `Riparimet: garancioni ${sheet.id}` }).click();
    const claims = page.getByRole('region', { name: `Riparimet me këtë fletë ${sheet.id}` });
    await expect(claims.getByRole('link', { name: code })).toBeVisible();
    await expect(claims).toContainText('Pranuar');
    await shoot(page, 'garancioni-riparimet', (n) => testInfo.outputPath(n));
    noErrors();
  });
});
