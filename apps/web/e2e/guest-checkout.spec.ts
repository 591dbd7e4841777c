import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { watchConsole } from './support/helpers';
import { linkIn, waitForMail } from './support/mailbox';

/**
 * Issue 30, decision 042: a shopper with a Swiss number orders without an account for delivery to
 * Prishtinë (cash on delivery), gets the mail in the test SMTP server, opens the order from its
 * link and cancels it; an altered link is a missing order.
 */

interface Product {
  id: string;
  name: string;
  price: number;
  category: string;
  stock: { status: 'in-stock' | 'low' | 'out-of-stock'; left: number | null };
}

async function pickAccessory(page: Page): Promise<Product> {
  const list = (await (await page.request.get('/api/products')).json()) as Product[];
  return list.find((p) => p.stock.status === 'in-stock' && p.category === 'accessory')!;
}

test('a guest with a +41 number orders for delivery to Prishtinë, opens the order from the mail and cancels it @phone', async ({
  page,
}) => {
  const noErrors = watchConsole(page);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  const email = `mysafir-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.local`;
  const product = await pickAccessory(page);

  await page.goto(`/products/${product.id}`);
  await page.getByRole('button', { name: 'Shto në Shportë' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/checkout');

  // Not logged in: 'Konfirmo Porosinë' is there as before; the guest chooses 'Vazhdo pa llogari'.
  await expect(page.getByRole('button', { name: 'Konfirmo Porosinë' })).toBeVisible();
  await page.getByRole('button', { name: 'Vazhdo pa llogari' }).click();
  const you = page.getByRole('group', { name: 'Të dhënat tuaja' });
  await expect(you).toBeVisible();
  await you.getByLabel('Emri juaj').fill('Arben Hoxha');
  await you.getByLabel('Email-i juaj').fill(email);
  await you.getByLabel('Telefoni juaj').fill('+41 79 12');
  await page.getByRole('radio', { name: /Dërgesë në adresë/ }).check();
  await page.getByLabel('Emri dhe mbiemri').fill('Drita Hoxha');
  await page.getByLabel('Telefoni', { exact: true }).fill('044 123 456');
  await page.getByLabel('Komuna').selectOption('Prishtinë');
  await page.getByLabel('Adresa').fill('Rr. Agim Ramadani 12, hyrja 3');

  // A number that is not one is refused beside its field; nothing is sent.
  await page.getByRole('button', { name: 'Porosit pa llogari' }).click();
  await expect(you.getByLabel('Telefoni juaj')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Shkruani një numër telefoni të vlefshëm, p.sh. 044 123 456 ose +41 79 123 45 67.')).toBeVisible();
  expect(dialogs).toEqual([]);

  await you.getByLabel('Telefoni juaj').fill('+41 79 123 45 67');
  const sent = Date.now();
  await page.getByRole('button', { name: 'Porosit pa llogari' }).click();
  await expect(page).toHaveURL(/\/porosia-ime\/[A-Za-z0-9_-]{43}$/);
  expect(dialogs).toEqual(['Porosia u krye me sukses!']);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  const heading = page.getByRole('heading', { level: 1, name: /^Porosia #\d+$/ });
  await expect(heading).toBeVisible();
  const id = Number(/#(\d+)/.exec((await heading.textContent())!)![1]);

  // The mail in the test SMTP server holds the same page's link (not the order number).
  const mail = await waitForMail(email, { subject: `Porosia #${id} u pranua`, after: sent - 1000 });
  const link = linkIn(mail, '/porosia-ime/');
  expect(new URL(link).pathname).toBe(new URL(page.url()).pathname);

  // The mail's link opens the order: delivery to Prishtinë, the +41 contact shown with its code.
  await page.goto(new URL(link).pathname);
  await expect(heading).toHaveText(`Porosia #${id}`);
  const status = page.locator('.order-page-head .order-status');
  await expect(status).toHaveText('Statusi: E pranuar');
  const receive = page.getByRole('region', { name: 'Marrja' });
  await expect(receive).toContainText('Dërgesë në adresë');
  await expect(receive).toContainText('Rr. Agim Ramadani 12, hyrja 3, Prishtinë');
  await expect(receive).toContainText('+41 79 123 45 67');
  await expect(receive).toContainText('Arben Hoxha');
  await expect(receive).toContainText('Para në dorë');
  await expect(page.getByRole('link', { name: 'Krijo llogari' })).toBeVisible();

  // Cancelled from the page while pending.
  await page.getByRole('button', { name: 'Anulo porosinë' }).click();
  const question = page.getByRole('alertdialog', { name: `Ta anulojmë porosinë #${id}?` });
  await question.getByRole('button', { name: 'Po, anuloje' }).click();
  await expect(page.getByText(`Porosia #${id} u anulua.`)).toBeVisible();
  await expect(status).toHaveText('Statusi: E anuluar');
  await expect(page.getByRole('button', { name: 'Anulo porosinë' })).toHaveCount(0);
  await waitForMail(email, { subject: `Porosia #${id} është e anuluar`, after: sent - 1000 });
  noErrors();

  // An altered link answers like a missing order (the browser logs the API's 404, so after the check above).
  const token = new URL(link).pathname.split('/').pop()!;
  const altered = token.slice(0, 20) + (token[20] === 'x' ? 'y' : 'x') + token.slice(21);
  await page.goto(`/porosia-ime/${altered}`);
  await expect(page.getByRole('heading', { name: 'Porosia nuk u gjet.' })).toBeVisible();
});

test('a first-time buyer registers from the checkout and comes back to it signed in, the cart intact @phone', async ({ page }) => {
  const noErrors = watchConsole(page);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  const email = `blerese-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.local`;
  const product = await pickAccessory(page);

  await page.goto(`/products/${product.id}`);
  await page.getByRole('button', { name: 'Shto në Shportë' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/checkout');
  await page.getByRole('link', { name: 'Krijo llogari' }).click();
  await expect(page).toHaveURL(/\/regjistrohu$/);
  await expect(page.getByText('Pas regjistrimit ktheheni te porosia juaj, me shportën siç është.')).toBeVisible();
  await page.getByLabel('Emri i plotë').fill('Blerta Gashi');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Telefoni (opsional)').fill('044 987 654');
  await page.getByLabel('Fjalëkalimi', { exact: true }).fill('Ylberi-Prishtina-2026!');
  await page.getByRole('button', { name: 'Regjistrohu' }).click();

  // Back at the checkout, signed in: no login screen, no second password, the cart as it was.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('button', { name: 'Vazhdo pa llogari' })).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByText(product.name).first()).toBeVisible();
  // The phone given once is offered to the delivery.
  await page.getByRole('radio', { name: /Dërgesë në adresë/ }).check();
  await expect(page.getByLabel('Telefoni', { exact: true })).toHaveValue('+383 44 987 654');
  await page.getByRole('radio', { name: /Marrje në dyqan/ }).check();
  await page.getByRole('button', { name: 'Konfirmo Porosinë' }).click();
  await expect.poll(() => dialogs).toContain('Porosia u krye me sukses!');
  expect(dialogs).not.toContain('Duhet të kyçeni!');
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  noErrors();
});
