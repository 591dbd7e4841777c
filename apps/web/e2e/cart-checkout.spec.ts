import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { loginAs, watchConsole } from './support/helpers';

interface Product {
  id: string;
  name: string;
  price: number;
  image: string;
  category: string;
}

const euro = (n: number) => `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)} €`;

async function pickProducts(page: Page): Promise<Product[]> {
  const list = (await (await page.request.get('/api/products')).json()) as Product[];
  return [list.find((p) => p.category === 'phone')!, list.find((p) => p.category === 'accessory')!];
}

/** Puts lines into the stored cart, as 'Shto në Shportë' does, and opens `path`. */
async function seedCart(page: Page, lines: (Product & { quantity: number })[], path: string) {
  await page.goto('/');
  await page.evaluate((l) => localStorage.setItem('cart', JSON.stringify(l)), lines);
  await page.goto(path);
}

async function registerUser(page: Page) {
  const email = `blerje-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.local`;
  const password = 'Ylberi-Prishtina-2026!';
  const res = await page.request.post('/api/auth/register', { data: { name: 'Blerina Hoxha', email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { email, password };
}

test('the cart: quantities, remove, clear, and a reload keeps it @phone', async ({ page }) => {
  const noErrors = watchConsole(page);
  const [phone, accessory] = await pickProducts(page);
  const badge = page.getByTestId('cart-count');

  await page.goto('/cart');
  await expect(page.getByText('Shporta është bosh!')).toBeVisible();
  await expect(badge).toHaveText('0');

  await seedCart(
    page,
    [
      { ...phone!, quantity: 1 },
      { ...accessory!, quantity: 2 },
    ],
    '/cart',
  );
  await expect(badge).toHaveText('3');
  await expect(page.getByText(`${euro(phone!.price)} x 1`)).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText(euro(phone!.price + accessory!.price * 2));

  await page.getByRole('button', { name: `Rrit sasinë e ${phone!.name}` }).click();
  await expect(badge).toHaveText('4');
  await expect(page.getByText(`${euro(phone!.price)} x 2`)).toBeVisible();
  const field = page.getByRole('spinbutton', { name: `Sasia e ${accessory!.name}` });
  await field.fill('5');
  await field.press('Enter');
  await expect(badge).toHaveText('7');
  await expect(page.getByTestId('cart-total')).toHaveText(euro(phone!.price * 2 + accessory!.price * 5));

  await page.reload();
  await expect(badge).toHaveText('7');
  await expect(page.getByText(`${euro(accessory!.price)} x 5`)).toBeVisible();

  await page.getByRole('button', { name: `Largojeni ${phone!.name} nga shporta` }).click();
  await expect(page.getByRole('link', { name: phone!.name })).toHaveCount(0);
  await expect(badge).toHaveText('5');
  if (test.info().project.name === 'phone') {
    await page.getByRole('button', { name: 'Hap menynë' }).click();
    await expect(page.getByRole('dialog', { name: 'Menyja' }).getByRole('link', { name: 'Shporta (5)' })).toBeVisible();
    await page.keyboard.press('Escape');
  }

  await page.getByRole('button', { name: 'Pastro Shportën' }).click();
  await expect(page.getByText('Shporta është bosh!')).toBeVisible();
  await expect(badge).toHaveText('0');
  await page.reload();
  await expect(page.getByText('Shporta është bosh!')).toBeVisible();
  noErrors();
});

test('a guest logs in from the checkout, comes back, confirms once, and finds the order in the profile', async ({ page }) => {
  const noErrors = watchConsole(page);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  const [phone, accessory] = await pickProducts(page);
  const user = await registerUser(page);

  // The phone went into the cart at an older, lower price.
  await seedCart(
    page,
    [
      { ...phone!, price: phone!.price - 100, quantity: 1 },
      { ...accessory!, quantity: 2 },
    ],
    '/checkout',
  );
  await expect(page.getByRole('status')).toContainText(
    `Çmimi i “${phone!.name}” ndryshoi nga ${euro(phone!.price - 100)} në ${euro(phone!.price)}.`,
  );
  const total = Math.round(phone!.price * 100 + accessory!.price * 200) / 100;
  await expect(page.getByTestId('checkout-total')).toHaveText(euro(total));

  await page.getByRole('button', { name: 'Konfirmo Porosinë' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(dialogs).toEqual(['Duhet të kyçeni!']);
  const from = await page.evaluate(() => (history.state as { usr?: { from?: { pathname: string } } }).usr?.from?.pathname);
  expect(from).toBe('/checkout');

  // What the login screen does on success: store the session, go back to where the guest came from.
  const { token } = await loginAs(page, user.email, user.password);
  await page.goto(from!);
  await expect(page.getByTestId('checkout-total')).toHaveText(euro(total));
  await page.getByRole('button', { name: 'Konfirmo Porosinë' }).dblclick();
  await expect(page).toHaveURL(/\/$/);
  expect(dialogs).toEqual(['Duhet të kyçeni!', 'Porosia u krye me sukses!']);
  await expect(page.getByTestId('cart-count')).toHaveText('0');

  const mine = (await (await page.request.get('/api/orders/mine', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    total: number;
  }[];
  expect(mine).toHaveLength(1);
  expect(mine[0]!.total).toBe(total);

  await page.goto('/profile');
  const orders = page.getByRole('region', { name: 'Porositë e mia' });
  await expect(orders.getByRole('heading', { name: /Porosia #\d+/ })).toHaveCount(1);
  await expect(orders).toContainText('E pranuar');
  await expect(orders).toContainText('Marrje në dyqan');
  await expect(orders.getByRole('link', { name: /Shiko porosinë #\d+/ })).toBeVisible();
  await expect(orders).toContainText(`2 x ${euro(accessory!.price)}`);
  await expect(orders).toContainText(euro(total));
  noErrors();
});

test('issue 24 finding 7: a new, unverified customer past its allowance is asked to verify the e-mail, with a way to resend the link', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  const [, accessory] = await pickProducts(page);
  const user = await registerUser(page);
  const { token } = await loginAs(page, user.email, user.password);
  // Two open orders, the shipped allowance of an unverified account (UNVERIFIED_ORDER_MAX_OPEN).
  for (let i = 0; i < 2; i++) {
    const placed = await page.request.post('/api/orders', {
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `e2e-unverified-${i}-${Date.now()}` },
      data: { items: [{ id: accessory!.id, quantity: 1, price: accessory!.price }], total: accessory!.price },
    });
    expect(placed.status(), await placed.text()).toBe(201);
  }

  await seedCart(page, [{ ...accessory!, quantity: 1 }], '/checkout');
  await page.getByRole('button', { name: 'Konfirmo Porosinë' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Gabim: Pa verifikuar email-in mund të keni të shumtën 2 porosi të hapura njëherësh. Verifikoni email-in (hapni lidhjen që ju dërguam) për të porositur më shumë.',
  );
  await expect(page.getByText('Email-i juaj nuk është verifikuar.')).toBeVisible();
  await page.getByRole('button', { name: 'Dërgo përsëri' }).click();
  await expect(page.getByText('Ju dërguam një email me lidhjen e verifikimit.')).toBeVisible();
  // Nothing was ordered and the cart is kept.
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  expect(dialogs).toEqual([]);
});
