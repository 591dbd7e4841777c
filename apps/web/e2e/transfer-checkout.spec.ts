import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { admin, watchConsole } from './support/helpers';
import { linkIn, waitForMail } from './support/mailbox';

/**
 * Issue 30, decision 043 ("done when"): at 375 px a guest with a +41 number orders for delivery to
 * Prishtinë paying by bank transfer, sees the IBAN and the reference, gets the mail in the test
 * SMTP server and opens the order from its link; staff mark it paid and ship it with a courier and
 * a tracking number; the guest sees the courier's tracking link.
 */

interface Product {
  id: string;
  category: string;
  stock: { status: 'in-stock' | 'low' | 'out-of-stock'; left: number | null };
}

/** A staff member ('Punonjës') of its own, made by the e2e owner through the users API, signed in on a page of its own. */
async function staffPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const email = `staff.transfer.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'Ylberi-Prishtina-2026!';
  const reg = await page.request.post('/api/auth/register', { data: { name: 'Besa Punonjëse', email, password } });
  expect(reg.status(), await reg.text()).toBe(201);
  const { user } = (await reg.json()) as { user: { id: number } };
  const owner = (await (await page.request.post('/api/auth/login', { data: admin() })).json()) as { token: string };
  const role = await page.request.put(`/api/admin/users_new/${user.id}/role`, {
    data: { role: 'staff' },
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(role.status(), await role.text()).toBe(200);
  const login = (await (await page.request.post('/api/auth/login', { data: { email, password } })).json()) as {
    token: string;
    user: unknown;
  };
  await page.addInitScript(
    ([t, u]) => {
      localStorage.setItem('token', t as string);
      localStorage.setItem('user', u as string);
    },
    [login.token, JSON.stringify(login.user)],
  );
  return page;
}

test('a guest with a +41 number pays by bank transfer; staff mark it paid and ship it; the guest sees the courier link @phone', async ({
  page,
  browser,
  baseURL,
}) => {
  const noErrors = watchConsole(page);
  page.on('dialog', (d) => void d.accept());
  const email = `transfer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.local`;
  const list = (await (await page.request.get('/api/products')).json()) as Product[];
  const product = list.find((p) => p.stock.status === 'in-stock' && p.category === 'accessory')!;
  const contact = (await (await page.request.get('/api/settings/contact')).json()) as { iban: string; bankName: string };
  const ibanShown = contact.iban.replace(/(.{4})(?=.)/g, '$1 ');

  await page.goto(`/products/${product.id}`);
  await page.getByRole('button', { name: 'Shto në Shportë' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Vazhdo pa llogari' }).click();
  const you = page.getByRole('group', { name: 'Të dhënat tuaja' });
  await you.getByLabel('Emri juaj').fill('Arben Hoxha');
  await you.getByLabel('Email-i juaj').fill(email);
  await you.getByLabel('Telefoni juaj').fill('+41 79 123 45 67');
  await page.getByRole('radio', { name: /Dërgesë në adresë/ }).check();
  await page.getByLabel('Emri dhe mbiemri').fill('Drita Hoxha');
  await page.getByLabel('Telefoni', { exact: true }).fill('044 123 456');
  await page.getByLabel('Komuna').selectOption('Prishtinë');
  await page.getByLabel('Adresa').fill('Rr. Agim Ramadani 12');
  // Cash on delivery stays the default; the guest picks 'Transfer bankar'.
  await expect(page.getByRole('radio', { name: /Para në dorë/ })).toBeChecked();
  await page.getByRole('radio', { name: /Transfer bankar/ }).check();
  await page.screenshot({ path: '/work/scratch/transfer/e2e-checkout-375.png', fullPage: true });
  const sent = Date.now();
  await page.getByRole('button', { name: 'Porosit pa llogari' }).click();
  await expect(page).toHaveURL(/\/porosia-ime\/[A-Za-z0-9_-]{43}$/);
  const heading = page.getByRole('heading', { level: 1, name: /^Porosia #\d+$/ });
  const id = Number(/#(\d+)/.exec((await heading.textContent())!)![1]);

  // The IBAN, the bank, the amount and the reference (the order's number).
  const transfer = page.getByRole('region', { name: 'Pagesa me transfer bankar' });
  await expect(transfer).toBeVisible();
  await expect(page.getByTestId('order-iban')).toHaveText(ibanShown);
  await expect(transfer).toContainText(contact.bankName);
  await expect(page.getByTestId('order-reference')).toHaveText(`Porosia ${id}`);
  await page.screenshot({ path: '/work/scratch/transfer/e2e-order-375.png', fullPage: true });

  // The mail in the test SMTP server: the IBAN, the reference and the order's link.
  const mail = await waitForMail(email, { subject: `Porosia #${id} u pranua`, after: sent - 1000 });
  expect(mail.text).toContain(`IBAN: ${ibanShown}`);
  expect(mail.text).toContain(`Referenca: Porosia ${id}`);
  const link = new URL(linkIn(mail, '/porosia-ime/')).pathname;
  await page.goto(link);
  await expect(heading).toHaveText(`Porosia #${id}`);
  await expect(page.getByTestId('order-iban')).toHaveText(ibanShown);

  // Staff: confirm, mark paid, ship with the courier and its tracking number.
  const staff = await staffPage(browser, baseURL!);
  await staff.goto(`/admin/orders/${id}`);
  const actions = staff.getByRole('group', { name: 'Veprimet e porosisë' });
  await actions.getByRole('button', { name: 'Konfirmo porosinë' }).click();
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Konfirmo porosinë' }).click();
  await expect(staff.getByText(`#${id}`).first()).toBeVisible();
  await staff.getByRole('button', { name: 'Shëno të paguar' }).click();
  await expect(staff.getByText(`Porosia #${id} u shënua e paguar.`)).toBeVisible();
  await actions.getByRole('button', { name: 'Shëno si të nisur' }).click();
  const ship = staff.getByRole('alertdialog');
  await ship.getByLabel('Korrieri').selectOption('Posta e Kosovës');
  await ship.getByLabel('Numri i gjurmimit').fill('RR123456789XK');
  await staff.screenshot({ path: '/work/scratch/transfer/e2e-ship-1280.png' });
  await ship.getByRole('button', { name: 'Shëno si të nisur' }).click();
  await expect(staff.getByRole('link', { name: 'RR123456789XK' })).toBeVisible();
  await staff.context().close();

  // The guest's page: paid, and the courier's tracking link.
  await page.reload();
  await expect(page.locator('.order-page-head .order-status')).toHaveText('Statusi: E nisur');
  await expect(page.getByRole('region', { name: 'Pagesa me transfer bankar' })).toContainText('Pagesa u pranua');
  const track = page.getByTestId('order-tracking-link');
  await expect(track).toHaveAttribute('href', /RR123456789XK/);
  await page.screenshot({ path: '/work/scratch/transfer/e2e-shipped-375.png', fullPage: true });
  await waitForMail(email, { subject: `Porosia #${id} është e nisur`, after: sent - 1000 });
  noErrors();
});
