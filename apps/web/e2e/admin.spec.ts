import crypto from 'node:crypto';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { admin, loginAs, watchConsole } from './support/helpers';

/** The products list's server search (decision 021): the text, then Enter. */
async function searchProducts(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Kërko në listën e produkteve' }).fill(text);
  await page.getByRole('searchbox', { name: 'Kërko në listën e produkteve' }).press('Enter');
}

const euro = (n: number) => `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)} €`;
const unique = () => crypto.randomBytes(3).toString('hex');

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: admin() });
  return ((await res.json()) as { token: string }).token;
}

/** A customer registered through the API, with a token. */
async function registerCustomer(request: APIRequestContext, name: string) {
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}.${unique()}@example.com`;
  const password = 'Ylberi-Prishtina-2026!';
  const res = await request.post('/api/auth/register', { data: { name, email, password } });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { token: string; user: { id: number } };
  return { email, password, name, token: body.token, id: body.user.id };
}

/** Places an order as the shop does: database prices, bearer token, an Idempotency-Key. */
async function placeOrder(request: APIRequestContext, token: string, lines: { id: string; price: number; quantity: number }[]) {
  const total = lines.reduce((s, l) => s + Math.round(l.price * 100) * l.quantity, 0) / 100;
  const res = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `e2e-admin-${unique()}-${Date.now()}` },
    data: { items: lines.map((l) => ({ id: l.id, quantity: l.quantity, price: l.price })), total },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: { id: number; total: number } }).order;
}

const statValue = (page: Page, label: string) =>
  page
    .locator('.stat-card')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd');

test.describe('admin area', () => {
  test('an admin adds, edits and deletes a product, and the shop follows', async ({ page }) => {
    const noErrors = watchConsole(page);
    await loginAs(page, admin().email, admin().password);
    await page.goto('/admin/products');
    await expect(page.getByRole('heading', { name: 'Produktet', level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Menyja e administrimit' });
    await expect(nav.getByRole('link', { name: 'Produktet' })).toHaveAttribute('aria-current', 'page');

    // Add mode: name and price are required.
    await page.getByRole('button', { name: '+ Shto produkt' }).click();
    await page.getByRole('button', { name: 'Shto produktin' }).click();
    await expect(page.getByText('Shkruani emrin e produktit.')).toBeVisible();
    await expect(page.getByLabel('Emri *')).toBeFocused();

    const name = `Mbrojtëse E2E ${unique()}`;
    await page.getByLabel('Emri *').fill(name);
    await page.getByLabel('Çmimi (€) *').fill('49,90');
    await page.getByLabel('Kategoria').selectOption('case');
    await page.getByLabel('Linku i fotos').fill('/images/products/airpods-pro-2.svg');
    await page.getByLabel('Përshkrimi').fill('Mbrojtëse e fortë silikoni');
    await page.getByRole('button', { name: 'Shto produktin' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Produkti u shtua!' })).toBeVisible();

    const list = (await (await page.request.get('/api/products')).json()) as {
      id: string;
      name: string;
      price: number;
      category: string;
    }[];
    const created = list.find((p) => p.name === name);
    expect(created).toMatchObject({ price: 49.9, category: 'case' });
    expect(created!.id).toMatch(/^mbrojtese-e2e-/);

    await searchProducts(page, name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('49,90 €');
    await expect(row).toContainText('Mbrojtëse');

    // Edit mode: 'Anulo' leaves it as it was, 'Ruaj Ndryshimet' saves.
    await row.getByRole('button', { name: `Ndrysho ${name}` }).click();
    await expect(page.getByLabel('Emri *')).toHaveValue(name);
    await page.getByLabel('Çmimi (€) *').fill('1');
    await page.getByRole('button', { name: 'Anulo' }).click();
    await expect(page.getByRole('button', { name: 'Ruaj Ndryshimet' })).toHaveCount(0);
    await expect(row).toContainText('49,90 €');

    const renamed = `${name} Pro`;
    await row.getByRole('button', { name: `Ndrysho ${name}` }).click();
    await page.getByLabel('Emri *').fill(renamed);
    await page.getByLabel('Çmimi (€) *').fill('59.5');
    await page.getByRole('button', { name: 'Ruaj Ndryshimet' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ndryshimet u ruajtën.' })).toBeVisible();
    const detail = await page.request.get(`/api/products/${created!.id}`);
    expect(await detail.json()).toMatchObject({ name: renamed, price: 59.5, category: 'case' });

    // Delete after 'Fshije kete produkt?'.
    await searchProducts(page, renamed);
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await page.getByRole('button', { name: `Fshi ${renamed}` }).click();
    await expect(page.getByRole('row').filter({ hasText: renamed })).toHaveCount(0);
    expect(asked).toBe('Fshije kete produkt?');
    expect((await page.request.get(`/api/products/${created!.id}`)).status()).toBe(404);
    const after = (await (await page.request.get('/api/products')).json()) as { id: string }[];
    expect(after.map((p) => p.id)).not.toContain(created!.id);
    noErrors();
  });

  test('the standalone /add-product form adds a product with its category', async ({ page }) => {
    const noErrors = watchConsole(page);
    await loginAs(page, admin().email, admin().password);
    await page.goto('/add-product');
    const name = `Kufje E2E ${unique()}`;
    await page.getByLabel('Emri *').fill(name);
    await page.getByLabel('Çmimi (€) *').fill('abc');
    await page.getByRole('button', { name: 'Shto produktin' }).click();
    await expect(page.getByText('Çmimi duhet të jetë një numër pozitiv.')).toBeVisible();
    await page.getByLabel('Çmimi (€) *').fill('129');
    await page.getByLabel('Kategoria').selectOption('accessory');
    await page.getByRole('button', { name: 'Shto produktin' }).click();
    await expect(page.getByText('Produkti u shtua!')).toBeVisible();
    await expect(page.getByLabel('Emri *')).toHaveValue('');
    const list = (await (await page.request.get('/api/products')).json()) as { name: string; category: string; price: number }[];
    expect(list.find((p) => p.name === name)).toMatchObject({ category: 'accessory', price: 129 });
    noErrors();
  });

  test('an admin toggles a user role and block; the blocked user can no longer log in', async ({ page, request }) => {
    const noErrors = watchConsole(page);
    const customer = await registerCustomer(request, `Klient Testi ${unique()}`);
    await loginAs(page, admin().email, admin().password);
    await page.goto('/admin/users');
    const row = page.getByRole('row').filter({ hasText: customer.email });
    await expect(row).toContainText('Klient');
    await expect(row).toContainText('Aktiv');
    await expect(page.getByRole('row').filter({ hasText: admin().email })).toContainText('(llogaria juaj)');

    await row.getByRole('button', { name: `Bëje admin: ${customer.name}` }).click();
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();
    // A role change ends the user's sessions (issue 13): the old token is dead, a new sign-in is an admin's.
    const old = await request.get('/api/admin/users_new', { headers: { authorization: `Bearer ${customer.token}` } });
    expect(old.status()).toBe(401);
    const relogin = await request.post('/api/auth/login', { data: { email: customer.email, password: customer.password } });
    const { token } = (await relogin.json()) as { token: string };
    const asAdmin = await request.get('/api/admin/users_new', { headers: { authorization: `Bearer ${token}` } });
    expect(asAdmin.status()).toBe(200);
    await row.getByRole('button', { name: `Hiq rolin admin: ${customer.name}` }).click();
    await expect(row.getByText('Klient', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Blloko ${customer.name}` }).click();
    await expect(row.getByText('I bllokuar')).toBeVisible();
    const denied = await request.post('/api/auth/login', { data: { email: customer.email, password: customer.password } });
    expect(denied.status()).toBe(403);
    expect(((await denied.json()) as { msg: string }).msg).toBe('Llogaria juaj është bllokuar. Kontaktoni dyqanin.');

    await row.getByRole('button', { name: `Zhblloko ${customer.name}` }).click();
    await expect(row.getByText('Aktiv')).toBeVisible();
    expect((await request.post('/api/auth/login', { data: { email: customer.email, password: customer.password } })).status()).toBe(200);

    page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: `Fshi ${customer.name}` }).click();
    await expect(page.getByRole('row').filter({ hasText: customer.email })).toHaveCount(0);
    noErrors();
  });

  test('an admin marks one order delivered and cancels another, and the statistics change', async ({ page, request }) => {
    const noErrors = watchConsole(page);
    const products = (await (await request.get('/api/products')).json()) as { id: string; price: number }[];
    const customer = await registerCustomer(request, `Bleres ${unique()}`);
    const first = await placeOrder(request, customer.token, [{ id: products[0]!.id, price: products[0]!.price, quantity: 1 }]);
    const second = await placeOrder(request, customer.token, [{ id: products[1]!.id, price: products[1]!.price, quantity: 2 }]);
    const token = await adminToken(request);
    const apiStats = async () =>
      (await (await request.get('/api/admin/stats', { headers: { authorization: `Bearer ${token}` } })).json()) as {
        totalSales: number;
        sales_today: number;
      };

    await loginAs(page, admin().email, admin().password);
    await page.goto('/admin/stats');
    await expect(page.getByRole('heading', { name: 'Statistikat' })).toBeVisible();
    const salesBefore = await statValue(page, 'Shitjet totale').textContent();
    await expect(page.getByRole('img', { name: /Shitjet ditore të 30 ditëve të fundit/ })).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Menyja e administrimit' });
    await nav.getByRole('link', { name: 'Porositë' }).click();
    await expect(page.getByRole('heading', { name: 'Lista e Porosive' })).toBeVisible();
    // Other browser tests place orders meanwhile: find this customer's.
    await page.getByRole('searchbox', { name: 'Kërko porosi' }).fill(customer.email);
    await page.getByRole('search', { name: 'Kërko porosi' }).getByRole('button', { name: 'Kërko' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 porosi' })).toBeVisible();
    const firstRow = page.locator(`tr[data-order-id="${first.id}"]`);
    const secondRow = page.locator(`tr[data-order-id="${second.id}"]`);
    await expect(firstRow).toContainText(customer.email);
    await expect(firstRow).toContainText('E pranuar');

    // Every move asks first; 'Kthehu' (or Escape) leaves the order as it was.
    await firstRow.getByRole('button', { name: `Sheno si dorezuar: porosia #${first.id}` }).click();
    const ask = page.getByRole('alertdialog', { name: `Të shënohet porosia #${first.id} si e dorëzuar?` });
    await expect(ask).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(ask).toHaveCount(0);
    await expect(firstRow).toContainText('E pranuar');
    await firstRow.getByRole('button', { name: `Sheno si dorezuar: porosia #${first.id}` }).click();
    await ask.getByRole('button', { name: 'Sheno si dorezuar' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Porosia #${first.id} u shënua si e dorëzuar.` })).toBeVisible();
    await expect(firstRow).toContainText('E dorëzuar');
    await expect(firstRow.getByRole('button')).toHaveCount(0);

    await secondRow.getByRole('button', { name: `Anulo: porosia #${second.id}` }).click();
    const cancel = page.getByRole('alertdialog', { name: `Të anulohet porosia #${second.id}?` });
    await expect(cancel).toContainText('produktet kthehen në stok');
    await expect(cancel.getByRole('button', { name: 'Kthehu' })).toBeFocused();
    await cancel.getByRole('button', { name: 'Anulo' }).click();
    await expect(secondRow).toContainText('E anuluar');
    await expect(secondRow.getByRole('button')).toHaveCount(0);

    // A second admin tab that still shows the order as pending gets the server's Albanian refusal.
    const again = await request.patch(`/api/admin/orders/${second.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status: 'delivered' },
    });
    expect(again.status()).toBe(409);

    await nav.getByRole('link', { name: 'Statistikat' }).click();
    // Other browser tests may place orders meanwhile: compare with the API at the same moment.
    await expect(async () => {
      await page.reload();
      const shown = await statValue(page, 'Shitjet totale').textContent();
      expect(shown).toBe(euro((await apiStats()).totalSales));
      expect(shown).not.toBe(salesBefore);
    }).toPass({ timeout: 15_000 });

    await nav.getByRole('link', { name: 'Paneli' }).click();
    await expect(page.getByRole('heading', { name: /Mirë se erdhe, / })).toBeVisible();
    // The dashboard reads the figures once: reload it beside the API's answer (other tests order meanwhile).
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('sales-today')).toHaveText(euro((await apiStats()).sales_today), { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    noErrors();
  });

  test('an admin confirms, ships and delivers a home delivery, with a question before each move, and prints the slip on one A4 page', async ({
    page,
    request,
  }, testInfo) => {
    const noErrors = watchConsole(page);
    const products = (await (await request.get('/api/products')).json()) as { id: string; name: string; price: number; category: string }[];
    const [a, b] = products.filter((p) => p.category !== 'giftcard');
    const customer = await registerCustomer(request, `Marres Dergese ${unique()}`);
    const settings = await request.get('/api/orders/settings');
    const { deliveryFee = 2.5, freeDeliveryFrom = 50 } = settings.ok()
      ? ((await settings.json()) as { deliveryFee: number; freeDeliveryFrom: number | null })
      : {};
    const lines = [
      { id: a!.id, price: a!.price, quantity: 1 },
      { id: b!.id, price: b!.price, quantity: 2 },
    ];
    const subtotal = lines.reduce((s, l) => s + Math.round(l.price * 100) * l.quantity, 0);
    const fee = freeDeliveryFrom !== null && subtotal >= Math.round(freeDeliveryFrom * 100) ? 0 : Math.round(deliveryFee * 100);
    const placed = await request.post('/api/orders', {
      headers: { authorization: `Bearer ${customer.token}`, 'idempotency-key': `e2e-delivery-${unique()}` },
      data: {
        items: lines,
        total: (subtotal + fee) / 100,
        fulfilment: 'delivery',
        delivery: { fullName: 'Arta Krasniqi', phone: '044 123 456', city: 'Pejë', address: 'Rr. Mbretëresha Teutë 7, hyrja 2' },
        note: 'Thirrni 10 minuta para.',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = ((await placed.json()) as { order: { id: number; total: number } }).order;

    await loginAs(page, admin().email, admin().password);
    await page.goto('/admin/orders');
    await page.getByRole('searchbox', { name: 'Kërko porosi' }).fill('044 123 456');
    await page.getByRole('search', { name: 'Kërko porosi' }).getByRole('button', { name: 'Kërko' }).click();
    const row = page.locator(`tr[data-order-id="${order.id}"]`);
    await expect(row).toContainText('Dërgesë në adresë');
    await expect(row).toContainText('+383 44 123 456');
    await row.getByRole('link', { name: `Porosia #${order.id}` }).click();

    await expect(page.getByRole('heading', { name: `Porosia #${order.id}`, level: 1 })).toBeVisible();
    const receive = page.getByRole('region', { name: 'Marrja' });
    await expect(receive).toContainText('Rr. Mbretëresha Teutë 7, hyrja 2');
    await expect(receive).toContainText('Pejë');
    await expect(receive).toContainText('Para në dorë');
    await expect(page.getByRole('region', { name: 'Klienti', exact: true })).toContainText(customer.email);
    await expect(page.getByRole('region', { name: 'Shënimi i klientit' })).toContainText('Thirrni 10 minuta para.');
    await expect(page.getByRole('row', { name: /^Totali / })).toContainText(euro(order.total));
    await expect(page.getByRole('row', { name: /TVSH e përfshirë \(18%\)/ })).toBeVisible();

    const steps = [
      {
        button: 'Konfirmo porosinë',
        question: `Të konfirmohet porosia #${order.id}?`,
        done: `Porosia #${order.id} u konfirmua.`,
        label: 'E konfirmuar',
      },
      {
        button: 'Shëno si të nisur',
        question: `Të shënohet porosia #${order.id} si e nisur?`,
        done: `Porosia #${order.id} u shënua si e nisur.`,
        label: 'E nisur',
      },
      {
        button: 'Sheno si dorezuar',
        question: `Të shënohet porosia #${order.id} si e dorëzuar?`,
        done: `Porosia #${order.id} u shënua si e dorëzuar.`,
        label: 'E dorëzuar',
      },
    ];
    const actions = page.getByRole('group', { name: 'Veprimet e porosisë' });
    for (const step of steps) {
      await actions.getByRole('button', { name: step.button }).click();
      const dialog = page.getByRole('alertdialog', { name: step.question });
      await expect(dialog).toContainText('njoftohet me email');
      // Tab stays inside the question.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(dialog.locator(':focus')).toHaveCount(1);
      await dialog.getByRole('button', { name: step.button }).click();
      await expect(page.getByRole('status').filter({ hasText: step.done })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Historiku' })).toContainText(step.label);
    }
    await expect(actions.getByRole('button')).toHaveText(['Printo fletën']);
    const history = page.getByRole('region', { name: 'Historiku' });
    await expect(history.getByRole('listitem')).toHaveCount(4);
    await expect(history).toContainText('E nisur → E dorëzuar');
    await expect(history).toContainText(admin().email);

    // The slip: one A4 page with the shop, the customer, the lines, the total with its VAT and the fiscal note.
    await page.emulateMedia({ media: 'print' });
    const slip = page.getByRole('article', { name: `Fletë dërgese / Dokument shitjeje #${order.id}` });
    await expect(slip).toBeVisible();
    for (const text of [
      'MobileShop KS',
      'Arta Krasniqi',
      a!.name,
      b!.name,
      'Para në dorë',
      'TVSH e përfshirë (18%)',
      'Kuponi fiskal lëshohet në dorëzim të porosisë.',
    ]) {
      await expect(slip).toContainText(text);
    }
    await expect(page.getByRole('group', { name: 'Veprimet e porosisë' })).toBeHidden();
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    await testInfo.attach('packing-slip.pdf', { body: pdf, contentType: 'application/pdf' });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
    noErrors();
  });

  test('a failed action shows an Albanian error and keeps the list as it was', async ({ page }) => {
    await loginAs(page, admin().email, admin().password);
    await page.goto('/admin/products');
    const firstRow = page.getByRole('row').nth(1);
    const before = await firstRow.textContent();
    await page.route('**/api/admin/products/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ msg: 'Ndodhi një gabim në server. Provoni përsëri.' }),
          })
        : route.continue(),
    );
    page.once('dialog', (d) => void d.accept());
    await firstRow.getByRole('button', { name: /^Fshi / }).click();
    await expect(page.getByRole('alert')).toHaveText(/Ndodhi një gabim në server/);
    await expect(page.getByRole('row').nth(1)).toHaveText(before!);
  });
});

test.describe('admin guard @phone', () => {
  test('a customer reaches neither the screens nor the API; a guest is sent to log in', async ({ page, request }) => {
    const customer = await registerCustomer(request, `Kurioz ${unique()}`);
    for (const path of ['/admin', '/admin/products', '/admin/stats', '/add-product']) {
      const guest = await page.context().newPage();
      await guest.goto(path);
      await expect(guest).toHaveURL(/\/login$/);
      await guest.close();
    }
    await loginAs(page, customer.email, customer.password);
    for (const path of ['/admin/users', '/add-product']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/no-access$/);
      await expect(page.getByRole('heading', { name: 'Qasja e ndaluar' })).toBeVisible();
    }
    const auth = { authorization: `Bearer ${customer.token}` };
    expect((await request.get('/api/admin/stats', { headers: auth })).status()).toBe(403);
    expect((await request.post('/api/products', { headers: auth, data: { name: 'X', price: 1 } })).status()).toBe(403);
    expect((await request.get('/api/admin/orders')).status()).toBe(401);
  });

  test('the sidebar highlights the current page, and on a phone it folds into a menu', async ({ page }) => {
    const noErrors = watchConsole(page);
    await loginAs(page, admin().email, admin().password);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: /Mirë se erdhe, / })).toBeVisible();
    await expect(page.getByTestId('sales-today')).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2} €$/);
    const nav = page.getByRole('navigation', { name: 'Menyja e administrimit' });
    const phone = (page.viewportSize()?.width ?? 1280) < 1024;
    const toggle = page.getByRole('button', { name: /Menyja e administrimit/ });
    if (phone) {
      await expect(nav).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    } else {
      await expect(toggle).toBeHidden();
    }
    await nav.getByRole('link', { name: 'Perdoruesit' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { name: 'Perdoruesit' })).toBeVisible();
    if (phone) {
      await expect(nav).toBeHidden();
      await expect(toggle).toContainText('Perdoruesit');
      await toggle.click();
    }
    await expect(nav.getByRole('link', { name: 'Perdoruesit' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Garancionet' })).toBeVisible();
    noErrors();
  });

  test('the admin pages have no shop footer, and a long e-mail wraps in the users list', async ({ page, request }, testInfo) => {
    const noErrors = watchConsole(page);
    const long = await registerCustomer(request, `Emri Shume I Gjate Me Adrese ${unique()} Pa Hapesira Fare`);
    await loginAs(page, admin().email, admin().password);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: /Mirë se erdhe, / })).toBeVisible();
    // The shop's footer (address, newsletter, social links) belongs to the shop, not to the admin's work screens.
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Abonohu' })).toHaveCount(0);
    const width = page.viewportSize()!.width;
    await page.screenshot({ path: testInfo.outputPath(`admin-${width}.png`), fullPage: true });

    await page.goto('/admin/users');
    const cell = page.getByRole('cell', { name: long.email });
    await expect(cell).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    // Nothing is wider than the screen: the address breaks inside its cell (or card, on a phone).
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`admin-users-${width}.png`), fullPage: true });

    // The shop's own pages keep their footer.
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    noErrors();
  });
});
