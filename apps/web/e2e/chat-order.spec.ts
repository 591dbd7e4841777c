import crypto from 'node:crypto';
import { expect, test } from './support/test';
import { admin, loginAs, watchConsole } from './support/helpers';

/**
 * Issue 30, 'Porosi nga biseda' (decision 047): a 'Punonjës' turns a WhatsApp chat with a customer
 * in Switzerland into a delivery order, sees the fee in the total before confirming, and gets the
 * order's link and a message for the chat. A product of its own per run and project (1280 and 375 px);
 * screenshots kept in test-results to look at.
 */
test('staff turn a chat into a delivery order for a +41 number and get its link @phone', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();

  const owner = await (await page.request.post('/api/auth/login', { data: admin() })).json();
  const ownerAuth = { authorization: `Bearer ${owner.token as string}` };
  const person = {
    name: `Shitëse ${tag}`,
    email: `biseda.${tag.toLowerCase()}.${Date.now()}@example.com`,
    password: 'Ylberi-Prishtina-2026!',
  };
  const reg = await page.request.post('/api/auth/register', { data: person });
  expect(reg.status(), await reg.text()).toBe(201);
  const staffId = ((await reg.json()) as { user: { id: number } }).user.id;
  const role = await page.request.put(`/api/admin/users_new/${staffId}/role`, { data: { role: 'staff' }, headers: ownerAuth });
  expect(role.status(), await role.text()).toBe(200);
  const name = `Telefon Biseda ${tag}`;
  const created = await page.request.post('/api/admin/products', {
    headers: ownerAuth,
    data: { name, price: 19.9, category: 'accessory', brand: 'Samsung', stock: 5, sku: `BISEDA-${tag}` },
  });
  expect(created.status(), await created.text()).toBe(201);

  await loginAs(page, person.email, person.password);
  const noErrors = watchConsole(page);
  await page.goto('/admin/orders');
  await page.getByRole('link', { name: 'Porosi nga biseda' }).click();
  await expect(page).toHaveURL(/\/admin\/porosi-nga-biseda$/);

  await page.getByLabel('WhatsApp').check();
  // A number of its own per run: a guest's open orders are counted per phone.
  const digits = String(crypto.randomInt(1_000_000, 9_999_999));
  await page.getByLabel('Telefoni i klientit').fill(`+41 79 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`);
  await expect(page.getByText(/Asnjë llogari me këtë telefon/)).toBeVisible();
  await page.getByLabel('Emri dhe mbiemri').fill('Besa Hoxha');
  await page.getByLabel(/Kërko produktin/).fill(name);
  await page.getByLabel(/Kërko produktin/).press('Enter');
  await page.getByRole('button', { name: `Shto ${name}` }).click();
  await page.getByLabel('Dërgesë në adresë').check();
  await page.getByLabel('Komuna').selectOption('Prizren');
  await page.getByLabel('Adresa').fill('Rr. Remzi Ademaj 4');
  // The total before confirming: 19,90 € and the delivery fee.
  await expect(page.locator('.chat-order-total')).toContainText('19,90');
  await page.getByRole('button', { name: 'Krijo porosinë' }).focus();
  await page.screenshot({ path: testInfo.outputPath(`chat-order-form-${project}.png`), fullPage: true });
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: /^Porosia #\d+ u krijua\.$/ })).toBeVisible();
  const link = page.getByLabel('Lidhja e porosisë');
  await expect(link).toHaveValue(/\/porosia-ime\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByLabel('Mesazhi për bisedën')).toHaveValue(/^Faleminderit! Porosia juaj #\d+ u regjistrua\./);
  await expect(page.getByRole('button', { name: 'Kopjo lidhjen' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`chat-order-done-${project}.png`), fullPage: true });

  // The link opens the order for the customer.
  const url = await link.inputValue();
  await page.goto(new URL(url).pathname);
  await expect(page.getByText(name).first()).toBeVisible();
  noErrors();
});
