import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { admin, loginAs, watchConsole } from './support/helpers';
import { warrantyEndDate } from '../../../packages/shared/src/domain/warranty';

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
    const { token } = await loginAs(page, admin().email, admin().password);
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
    // A 15-digit IMEI typed or scanned stays whole and is refused, never cut to 14 (issue 26).
    await field('IMEI').fill('');
    await field('IMEI').pressSequentially('356938101234567');
    await expect(field('IMEI')).toHaveValue('356938101234567');
    await failsWith('IMEI duhet te jete saktësisht 14 shifra.');
    await field('IMEI').fill('35693810123456');
    await failsWith('Zgjidhni versionin e softuerit.');
    await field('Versioni i softuerit').selectOption('iOS 18');
    await failsWith('Zgjidhni kohezgjatjen e garancionit.');
    await field('Kohëzgjatja').selectOption('12 muaj');
    await failsWith('Shkruani cmimin.');

    // Not complete yet: 'NE PRITJE' keeps it as a draft, without the print validation; what it
    // holds must still be well-formed, so the malformed email is refused first.
    await page.getByRole('button', { name: 'NE PRITJE' }).click();
    await expect(notice).toHaveText('Vendosni nje numer telefoni ose nje email te vlefshem.');
    await expect(field('Email')).toBeFocused();
    await field('Email').fill('arta@example.com');
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

    // The print was recorded in 'Historiku' before the dialog opened (issue 24 finding 3).
    const audit = (await (
      await page.request.get('/api/admin/audit?kind=warranty.print', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { items: { targetId: string }[] };
    expect(audit.items.map((e) => e.targetId)).toContain(String(id));

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
      'Statusi',
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
    // The list reads its page from the paged search (decision 021).
    const reloaded = page.waitForResponse((r) => r.url().includes('/api/admin/warranty/search') && r.request().method() === 'GET');
    await page.getByRole('button', { name: `Fshi garancionin ${elira.id}` }).click();
    await reloaded;
    await expect(rowOf('Elira')).toHaveCount(0);
    await expect(rowOf('Dardan')).toHaveCount(1);
    expect(dialogs).toEqual(['A je i sigurt që do ta fshish këtë garancion?', 'A je i sigurt që do ta fshish këtë garancion?']);
    const list = (await (await page.request.get('/api/admin/warranty', { headers })).json()) as { id: number }[];
    expect(list.some((s) => s.id === elira.id)).toBe(false);
    noErrors();
  });

  test("each sheet's state in words and colour, a search by IMEI, and all 14 columns readable at 1280 px", async ({ page }) => {
    const noErrors = watchConsole(page);
    const { token } = await loginAs(page, admin().email, admin().password);
    const headers = { authorization: `Bearer ${token}` };
    const tag = String(Date.now()).slice(-6);
    const base = {
      telefoni: '+383 44 123 456',
      email: 'klient.me.adrese.te.gjate@shembull-i-gjate.com',
      marka: 'Samsung',
      modeli: 'Galaxy S24 Ultra',
      softInfo: 'Android 14 (One UI 6)',
      cmimi: 1249.9,
      llojiPageses: 'Transfer Bankar',
    };
    // The tag is in the IMEIs only: names and addresses as long as real ones, for the widths below.
    const bodies = {
      Shala: { ...base, emri: 'Fatmir', mbiemri: 'Shala', imei: `7001${tag}0001`, kohezgjatja: '1 muaj', status: 'printed' },
      'Rexhepi-Berisha': {
        ...base,
        emri: 'Gresa',
        mbiemri: 'Rexhepi-Berisha',
        imei: `7002${tag}0002`,
        kohezgjatja: '24 muaj',
        status: 'printed',
      },
      Kelmendi: { emri: 'Hana', mbiemri: 'Kelmendi', imei: `7003${tag}`, kohezgjatja: '12 muaj', status: 'draft' },
    };
    type Name = keyof typeof bodies;
    const sheets = {} as Record<Name, { id: number; data: string; imei: string }>;
    for (const name of Object.keys(bodies) as Name[]) {
      const res = await page.request.post('/api/admin/warranty', { headers, data: bodies[name] });
      expect(res.status()).toBe(201);
      sheets[name] = await res.json();
    }
    await page.goto('/warranty');
    const table = page.getByRole('table', { name: 'Lista e garancioneve' });
    await expect(table.getByRole('columnheader')).toHaveCount(14);
    const columns = await table.getByRole('columnheader').allTextContents();
    const col = (name: string) => columns.indexOf(name);
    const rowOf = (name: Name) => table.getByRole('row').filter({ hasText: sheets[name].imei });
    // The state's word (a printed sheet's cell also holds 'Riparimet', its repair claims).
    const stateOf = (name: Name) => rowOf(name).getByRole('cell').nth(col('Statusi')).locator('.w-badge');
    const search = page.getByPlaceholder('Kerko garancione...');
    await search.fill(tag);

    // Today every printed sheet runs; the draft is no warranty yet.
    await expect(stateOf('Shala')).toHaveText('Aktive');
    await expect(stateOf('Rexhepi-Berisha')).toHaveText('Aktive');
    await expect(stateOf('Kelmendi')).toHaveText('Në pritje');
    // The duration carries the last day it covers.
    const shortEnd = warrantyEndDate(sheets.Shala.data, '1 muaj')!;
    const longEnd = warrantyEndDate(sheets['Rexhepi-Berisha'].data, '24 muaj')!;
    await expect(rowOf('Shala').getByRole('cell').nth(col('Kohezgjatja'))).toHaveText(`1 muaj deri ${shortEnd}`);
    await expect(rowOf('Kelmendi').getByRole('cell').nth(col('Kohezgjatja'))).toHaveText('12 muaj');

    // Thirteen months on, in the shop's clock: the one-month sheet has run out, the 24-month one still runs.
    await page.clock.setFixedTime(new Date(Date.now() + 400 * 86_400_000));
    await page.reload();
    await search.fill(tag);
    await expect(stateOf('Shala')).toHaveText('Skaduar');
    await expect(stateOf('Rexhepi-Berisha')).toHaveText('Aktive');
    await expect(stateOf('Kelmendi')).toHaveText('Në pritje');
    await expect(rowOf('Rexhepi-Berisha').getByRole('cell').nth(col('Kohezgjatja'))).toHaveText(`24 muaj deri ${longEnd}`);
    // Each state has its own colour as well as its word.
    const colours = await Promise.all(
      (['Shala', 'Rexhepi-Berisha', 'Kelmendi'] as const).map((n) => stateOf(n).evaluate((b) => getComputedStyle(b).backgroundColor)),
    );
    expect(new Set(colours).size).toBe(3);

    // The search finds a sheet by its IMEI, whole or in part, as it finds any other field.
    await search.fill(sheets['Rexhepi-Berisha'].imei);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(rowOf('Rexhepi-Berisha')).toHaveCount(1);
    await search.fill(`7001${tag}`);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(rowOf('Shala')).toHaveCount(1);
    await search.fill(tag);
    await expect(table.getByRole('row')).toHaveCount(4);

    /** Every heading and cell of these rows shows its whole text, and nothing lies on top of it. */
    const expectReadable = async () => {
      const cells = table.locator('thead th').or(table.locator('tbody tr').filter({ hasText: tag }).locator('td'));
      await expect(cells).toHaveCount(14 * 4);
      for (const cell of await cells.all()) {
        await cell.scrollIntoViewIfNeeded();
        const seen = await cell.evaluate((td) => {
          const box = td.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return {
            text: td.textContent,
            clipped: td.scrollWidth > td.clientWidth + 1,
            covered: !hit || !td.contains(hit),
            sticky: getComputedStyle(td).position === 'sticky',
          };
        });
        expect(seen, seen.text ?? '').toMatchObject({ clipped: false, covered: false, sticky: false });
      }
    };
    // The warranty page at 1280 px: the table fits, no sideways scrolling.
    const wrap = page.getByRole('region', { name: 'Tabela e garancioneve' });
    expect(await wrap.evaluate((w) => w.scrollWidth - w.clientWidth)).toBeLessThanOrEqual(1);
    await expectReadable();
    // Beside the admin's sidebar too (issue 26): every column and every action is on the screen,
    // with no sideways scrolling, and nothing covers anything.
    await page.goto('/admin/warranty');
    await page.getByPlaceholder('Kerko garancione...').fill(tag);
    await expect(table.locator('tbody tr').filter({ hasText: tag })).toHaveCount(3);
    const adminWrap = page.getByRole('region', { name: 'Tabela e garancioneve' });
    expect(await adminWrap.evaluate((w) => w.scrollWidth - w.clientWidth)).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    const viewport = page.viewportSize()!;
    const actions = [
      ...(['Shala', 'Rexhepi-Berisha'] as const).flatMap((n) => [
        page.getByRole('button', { name: `Printo garancionin ${sheets[n].id}`, exact: true }),
        page.getByRole('link', { name: `Hap riparim: garancioni ${sheets[n].id}`, exact: true }),
        page.getByRole('button', { name: `Riparimet: garancioni ${sheets[n].id}`, exact: true }),
        page.getByRole('button', { name: `Fshi garancionin ${sheets[n].id}`, exact: true }),
      ]),
      page.getByRole('button', { name: `Vazhdo draftin ${sheets.Kelmendi.id}`, exact: true }),
      page.getByRole('button', { name: `Fshi garancionin ${sheets.Kelmendi.id}`, exact: true }),
      ...(await table.getByRole('columnheader').all()),
    ];
    for (const action of actions) {
      const box = (await action.boundingBox())!;
      expect(box, String(action)).not.toBeNull();
      expect(box.x, String(action)).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, String(action)).toBeLessThanOrEqual(viewport.width);
      // Inside the table's frame too: nothing lies past its right edge.
      const frame = (await adminWrap.boundingBox())!;
      expect(box.x + box.width, String(action)).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
    }
    await expectReadable();

    // The long address breaks only after its '@' or a dot (issue 26): each line of the cell ends in one.
    const emailCell = rowOf('Shala').getByRole('cell').nth(col('Email'));
    const lines = await emailCell.evaluate((td) => {
      const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
      const chars: { c: string; top: number }[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (let i = 0; i < n.textContent!.length; i++) {
          const r = document.createRange();
          r.setStart(n, i);
          r.setEnd(n, i + 1);
          chars.push({ c: n.textContent![i]!, top: Math.round(r.getBoundingClientRect().top) });
        }
      }
      const out: string[] = [];
      for (const [i, ch] of chars.entries()) {
        if (i === 0 || ch.top !== chars[i - 1]!.top) out.push('');
        out[out.length - 1] += ch.c;
      }
      return out;
    });
    expect(lines.join('')).toBe(base.email);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(0, -1)) expect(line, lines.join(' | ')).toMatch(/[@.]$/);
    noErrors();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('each sheet is a card with every field under its label, and its buttons print again and delete', async ({ page }) => {
      const noErrors = watchConsole(page);
      const { token } = await loginAs(page, admin().email, admin().password);
      const headers = { authorization: `Bearer ${token}` };
      const tag = String(Date.now()).slice(-6);
      const printed = {
        emri: 'Ilir',
        mbiemri: `Bytyqi${tag}`,
        telefoni: '049 555 777',
        email: `ilir.${tag}@example.com`,
        marka: 'Apple',
        modeli: 'iPhone 16 Pro Max',
        imei: `8001${tag}0001`,
        softInfo: 'iOS 18',
        kohezgjatja: '6 muaj',
        cmimi: 89.5,
        llojiPageses: 'POS',
        status: 'printed',
      };
      const sheet = (await (await page.request.post('/api/admin/warranty', { headers, data: printed })).json()) as {
        id: number;
        data: string;
      };
      const draftRes = await page.request.post('/api/admin/warranty', {
        headers,
        data: { emri: 'Jeta', mbiemri: `Dervishi${tag}`, status: 'draft' },
      });
      const draft = (await draftRes.json()) as { id: number; data: string };
      await page.addInitScript(stubPrint);
      await page.goto('/warranty');

      // No table on a phone: a list of cards, named as the table is.
      const list = page.getByRole('list', { name: 'Lista e garancioneve' });
      await expect(list).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      await page.getByPlaceholder('Kerko garancione...').fill(tag);
      await expect(list.getByRole('listitem')).toHaveCount(2);

      /** The card's fields as its labels (dt) and values (dd) read. */
      const fieldsOf = (id: number) =>
        page
          .getByRole('article', { name: `Garancioni ${id}` })
          .evaluate((card) =>
            Object.fromEntries(
              [...card.querySelectorAll('dl > div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]),
            ),
          );
      expect(await fieldsOf(sheet.id)).toEqual({
        ID: String(sheet.id),
        Emri: 'Ilir',
        Mbiemri: `Bytyqi${tag}`,
        Telefoni: '049 555 777',
        Email: `ilir.${tag}@example.com`,
        Marka: 'Apple',
        Modeli: 'iPhone 16 Pro Max',
        IMEI: `8001${tag}0001`,
        Kohezgjatja: `6 muaj deri ${warrantyEndDate(sheet.data, '6 muaj')}`,
        Cmimi: '89,50 €',
        Data: sheet.data,
        'Lloji Pageses': 'POS',
        Statusi: 'Aktive',
      });
      expect(await fieldsOf(draft.id)).toMatchObject({ Emri: 'Jeta', Email: '—', IMEI: '—', Cmimi: '—', Statusi: 'Në pritje' });
      // The labels are text a screen reader reads with each value (a description list).
      const card = page.getByRole('article', { name: `Garancioni ${sheet.id}` });
      await expect(card.getByRole('term')).toHaveCount(13);
      await expect(card.getByRole('definition')).toHaveCount(13);
      await expect(card.getByRole('term').nth(7)).toHaveText('IMEI');

      // Everything fits the screen's width: no sideways scrolling, every card inside the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      for (const item of await list.getByRole('listitem').all()) {
        const box = (await item.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(375);
      }

      // The search by IMEI keeps only that card.
      await page.getByPlaceholder('Kerko garancione...').fill(printed.imei);
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await page.getByPlaceholder('Kerko garancione...').fill(tag);

      // Print again from the card.
      await page.getByRole('button', { name: `Printo garancionin ${sheet.id}` }).click();
      await expect.poll(async () => (await prints(page)).calls.length).toBe(1);
      expect((await prints(page)).calls[0]!.text).toContain(`Ilir Bytyqi${tag}`);

      // Continue the draft in the form, then delete it after confirming.
      await page.getByRole('button', { name: `Vazhdo draftin ${draft.id}` }).click();
      await expect(page.getByRole('heading', { name: `Drafti #${draft.id}` })).toBeVisible();
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: `Fshi garancionin ${draft.id}` }).click();
      await expect(page.getByRole('article', { name: `Garancioni ${draft.id}` })).toHaveCount(0);
      await expect(list.getByRole('listitem')).toHaveCount(1);
      noErrors();
    });
  });

  test('a spinner while loading, the empty text, and the offline banner when the health check fails', async ({ page }) => {
    await loginAs(page, admin().email, admin().password);
    let releaseList!: () => void;
    const listHeld = new Promise<void>((r) => (releaseList = r));
    await page.route('**/api/admin/warranty/search*', async (route) => {
      await listHeld;
      await route.fulfill({ json: { items: [], total: 0, page: 1, pageSize: 20 } });
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
