import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { loginAs, watchConsole } from './support/helpers';

interface Product {
  id: string;
  name: string;
  price: number;
  category: string;
  stock: { status: 'in-stock' | 'low' | 'out-of-stock'; left: number | null };
}

const euro = (n: number) => `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)} €`;

/**
 * Two products on the shelf: an accessory and a phone under 1000 € (the seed keeps more of those
 * than of flagships, and other tests of the run buy from the same shelves at the same time).
 */
async function pickProducts(page: Page): Promise<[Product, Product]> {
  const list = (await (await page.request.get('/api/products')).json()) as Product[];
  const onShelf = list.filter((p) => p.stock.status === 'in-stock');
  const phone = onShelf.find((p) => p.category === 'phone' && p.price < 1000) ?? onShelf.find((p) => p.category === 'phone')!;
  return [onShelf.find((p) => p.category === 'accessory')!, phone];
}

async function newCustomer(page: Page) {
  const email = `dergese-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.local`;
  const password = 'Ylberi-Prishtina-2026!';
  const res = await page.request.post('/api/auth/register', { data: { name: 'Blerina Hoxha', email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return loginAs(page, email, password);
}

test('a new customer orders two products for home delivery, sees the order page, and cancels it while pending @phone', async ({ page }) => {
  const noErrors = watchConsole(page);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  const [accessory, phone] = await pickProducts(page);
  await newCustomer(page);

  // Two products into the cart from their pages; each shows it is on the shelf.
  for (const p of [accessory, phone]) {
    await page.goto(`/products/${p.id}`);
    // 'Në stok', or 'Vetëm N të mbetura' once the run's other shoppers took most of the units.
    await expect(page.locator('.detail-info').getByText(/^(Në stok|Vetëm \d+ (të mbetura|e mbetur))$/)).toBeVisible();
    await page.getByRole('button', { name: 'Shto në Shportë' }).click();
  }
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  await page.goto('/checkout');
  const subtotal = Math.round(accessory.price * 100 + phone.price * 100) / 100;
  await expect(page.getByRole('radio', { name: /Marrje në dyqan/ })).toBeChecked();
  await expect(page.getByTestId('checkout-total')).toHaveText(euro(subtotal));
  await page.getByRole('radio', { name: /Dërgesë në adresë/ }).check();

  // The profile's name is offered; a wrong phone is refused beside its field, nothing is sent.
  await expect(page.getByLabel('Emri dhe mbiemri')).toHaveValue('Blerina Hoxha');
  await page.getByLabel('Telefoni', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Konfirmo Porosinë' }).click();
  await expect(page.getByLabel('Telefoni', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Shkruani një numër telefoni të vlefshëm, p.sh. 044 123 456 ose +41 79 123 45 67.')).toBeVisible();
  expect(dialogs).toEqual([]);

  await page.getByLabel('Telefoni', { exact: true }).fill('044 123 456');
  await page.getByLabel('Komuna').selectOption('Prizren');
  await page.getByLabel('Adresa').fill('Rruga e Shkronjave 5, hyrja 2');
  await page.getByLabel('Shënim për porosinë (opsional)').fill('Telefononi para se të vini.');
  const fee = (await page.getByTestId('checkout-fee').textContent())!;
  const total = fee === 'Falas' ? subtotal : Math.round(subtotal * 100 + Number(fee.replace(/[^\d,]/g, '').replace(',', '.')) * 100) / 100;
  await expect(page.getByTestId('checkout-total')).toHaveText(euro(total));
  await page.getByRole('button', { name: 'Konfirmo Porosinë' }).click();

  await expect(page).toHaveURL(/\/porosia\/\d+$/);
  expect(dialogs).toEqual(['Porosia u krye me sukses!']);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  const id = Number(/\/porosia\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { level: 1, name: `Porosia #${id}` })).toBeVisible();
  const status = page.locator('.order-page-head .order-status');
  await expect(status).toHaveText('Statusi: E pranuar');
  const receive = page.getByRole('region', { name: 'Marrja' });
  await expect(receive).toContainText('Dërgesë në adresë');
  await expect(receive).toContainText('+383 44 123 456');
  await expect(receive).toContainText('Rruga e Shkronjave 5, hyrja 2, Prizren');
  await expect(receive).toContainText('Telefononi para se të vini.');
  await expect(receive).toContainText('Para në dorë');
  await expect(page.getByTestId('order-total')).toHaveText(euro(total));
  await expect(page.getByText(/^TVSH e përfshirë \(\d+%\)$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Çfarë ndodh tani' })).toContainText('Do t’ju telefonojmë');

  // 'Porositë e mia' shows it with its status and a link back to this page.
  await page.goto('/profile');
  const card = page.getByRole('listitem', { name: `Porosia #${id}` });
  await expect(card).toContainText('E pranuar');
  await expect(card).toContainText('Dërgesë në adresë');
  await card.getByRole('link', { name: `Shiko porosinë #${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/porosia/${id}$`));

  // Cancel while pending: asked first, then the page shows the new status.
  await page.getByRole('button', { name: 'Anulo porosinë' }).click();
  const question = page.getByRole('alertdialog', { name: `Ta anulojmë porosinë #${id}?` });
  await expect(question.getByRole('button', { name: 'Jo, mbaje' })).toBeFocused();
  await question.getByRole('button', { name: 'Po, anuloje' }).click();
  await expect(page.getByText(`Porosia #${id} u anulua.`)).toBeVisible();
  await expect(status).toHaveText('Statusi: E anuluar');
  await expect(page.getByRole('button', { name: 'Anulo porosinë' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Historiku' }).getByRole('listitem')).toHaveCount(2);

  // The saved delivery details come back at the next checkout.
  await page.goto(`/products/${accessory.id}`);
  await page.getByRole('button', { name: 'Shto në Shportë' }).click();
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Dërgesë në adresë/ }).check();
  await expect(page.getByLabel('Adresa')).toHaveValue('Rruga e Shkronjave 5, hyrja 2');
  await expect(page.getByLabel('Komuna')).toHaveValue('Prizren');
  noErrors();
});

test("someone else's order, or none, is 'Porosia nuk u gjet.'", async ({ page }) => {
  await newCustomer(page);
  await page.goto('/porosia/999999');
  await expect(page.getByRole('heading', { name: 'Porosia nuk u gjet.' })).toBeVisible();
  await page.getByRole('link', { name: 'Porositë e mia' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
