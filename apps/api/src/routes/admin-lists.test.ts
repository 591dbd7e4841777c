import { parse as parseCsvFile } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { listsMsg } from '@shop/shared/messages-lists';
import { adminMsg } from '@shop/shared/messages-admin';
import { LOW_STOCK_AT, orderStatuses, type OrderStatus } from '@shop/shared/domain/orders';
import { SHOP_TIME_ZONE, todayInShop } from '@shop/shared/domain/time';
import type { AdminOrderPage } from '@shop/shared/schemas/admin';
import type { AdminProductPage, AdminUserPage, StatsRange, WarrantyPage } from '@shop/shared/schemas/admin-lists';
import { filterSheets } from '@shop/shared/domain/warranty-filter';
import { newsletterSubscriptions, orderItems, orders, products, productVariants, users, warrantySheets } from '../db/schema';
import { setStock } from '../repositories/stock';
import { countRows, createTestApp, createUser, type TestApp } from '../test/harness';
import { adminActors, completeWarrantySheet, expectAdminOnly, placeOrder, storefrontProducts } from '../test/admin-helpers';

let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
let shelf: { id: string; name: string; price: number; category: string }[];

beforeAll(async () => {
  t = await createTestApp();
  actors = await adminActors(t);
  shelf = (await storefrontProducts(t)).filter((p) => p.category !== 'giftcard').slice(0, 4);
  for (const p of shelf) {
    await setStock(t.db, p.id, 10_000);
  }
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers = actors.admin.auth) => t.app.inject({ method: 'GET', url, headers });
async function ok<T>(url: string): Promise<T> {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
/** Moves a row's creation to a local time in the shop's zone ("2024-05-01 23:50"). */
const localTime = (time: string) => sql`(${time}::timestamp at time zone ${SHOP_TIME_ZONE})`;

describe('admin guard on the new lists, exports and statistics', () => {
  it('answers 401 without a token and 403 for a customer or a blocked admin', async () => {
    const range = 'from=2024-01-01&to=2024-01-31';
    for (const url of [
      '/api/admin/products/search',
      '/api/admin/users_new/search',
      '/api/admin/warranty/search',
      '/api/admin/stats/range',
      `/api/admin/export/orders.csv?${range}`,
      `/api/admin/export/warranty.csv?${range}`,
      `/api/admin/export/customers.csv?${range}`,
      `/api/admin/export/newsletter.csv?${range}`,
    ]) {
      await expectAdminOnly(t, actors, { method: 'GET', url });
    }
  });
});

describe('GET /api/admin/products/search', () => {
  it('pages every product newest first, the total counted in the database, and the spec list still answers as before', async () => {
    const all = await countRows(t, 'products');
    const first = await ok<AdminProductPage>('/api/admin/products/search');
    expect(first.total).toBe(all);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(20);
    expect(first.items).toHaveLength(20);
    const rows = await t.db
      .select({ id: products.id })
      .from(products)
      .orderBy(sql`created_at desc, id desc`);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(all / 20); page += 1) {
      seen.push(...(await ok<AdminProductPage>(`/api/admin/products/search?page=${page}`)).items.map((p) => p.id));
    }
    expect(seen).toEqual(rows.map((r) => r.id));
    // Past the end: no rows, the total still there.
    const past = await ok<AdminProductPage>('/api/admin/products/search?page=999');
    expect(past).toEqual({ items: [], total: all, page: 999, pageSize: 20 });
    // The spec's list: an array of every product, as before.
    const spec = await ok<unknown[]>('/api/admin/products');
    expect(spec).toHaveLength(all);
  });

  it('sorts by name, price and stock both ways, as the database sorts them', async () => {
    const rows = await t.db
      .select({ id: products.id, name: products.name, price: products.priceCents, stock: productVariants.stock })
      .from(products)
      .leftJoin(productVariants, and(eq(productVariants.productId, products.id), eq(productVariants.isDefault, true)));
    // Names in the database's own collation.
    const byName = await t.db
      .select({ id: products.id })
      .from(products)
      .orderBy(sql`lower(name), id`)
      .limit(100);
    const names = await ok<AdminProductPage>('/api/admin/products/search?sort=name&pageSize=100');
    expect(names.items.map((p) => p.id)).toEqual(byName.map((r) => r.id));
    const namesDesc = await ok<AdminProductPage>('/api/admin/products/search?sort=name&dir=desc&pageSize=3');
    expect(namesDesc.items.map((p) => p.id)).toEqual(
      (
        await t.db
          .select({ id: products.id })
          .from(products)
          .orderBy(sql`lower(name) desc, id desc`)
          .limit(3)
      ).map((r) => r.id),
    );
    const cheapest = await ok<AdminProductPage>('/api/admin/products/search?sort=price&dir=asc&pageSize=5');
    expect(cheapest.items.map((p) => p.price)).toEqual(
      rows
        .map((r) => r.price)
        .sort((a, b) => a - b)
        .slice(0, 5)
        .map((c) => c / 100),
    );
    const dearest = await ok<AdminProductPage>('/api/admin/products/search?sort=price&dir=desc&pageSize=5');
    expect(dearest.items.map((p) => p.price)).toEqual(
      rows
        .map((r) => r.price)
        .sort((a, b) => b - a)
        .slice(0, 5)
        .map((c) => c / 100),
    );
    const fewest = await ok<AdminProductPage>('/api/admin/products/search?sort=stock&pageSize=100');
    const stocks = fewest.items.map((p) => p.stock ?? Number.MAX_SAFE_INTEGER);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    // No stock row is unlimited: the most there is, last when the fewest come first.
    expect(fewest.items.at(-1)!.stock).toBeNull();
  });

  it('searches the name, id, description, brand and SKU without regard to case, and % or _ are taken literally', async () => {
    const iphones = await ok<AdminProductPage>('/api/admin/products/search?q=IPHONE&pageSize=100');
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(
        sql`name ilike '%iphone%' or id ilike '%iphone%' or description ilike '%iphone%' or brand ilike '%iphone%' or sku ilike '%iphone%'`,
      )) as [{ n: number }];
    expect(iphones.total).toBe(n);
    expect(iphones.total).toBeGreaterThan(5);
    const sku = await ok<AdminProductPage>('/api/admin/products/search?q=100001');
    expect(sku.total).toBe(1);
    for (const sign of ['%', '_']) {
      const [{ n: literal }] = (await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(sql`strpos(concat_ws(' ', lower(id), lower(name), lower(description), lower(brand), lower(sku)), ${sign}) > 0`)) as [
        { n: number },
      ];
      const found = await ok<AdminProductPage>(`/api/admin/products/search?q=${encodeURIComponent(sign)}&pageSize=100`);
      expect(found.total, sign).toBe(literal);
      expect(found.total, sign).toBeLessThan(await countRows(t, 'products'));
    }
  });

  it('adds each product’s variant count and the titles of its variants at or below LOW_STOCK_AT (issue 27)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: actors.admin.auth,
      payload: { name: 'Lista Variantet Stok', price: 500 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    const variants = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${id}/variants`,
      headers: actors.admin.auth,
      payload: {
        options: [
          { name: 'Ngjyra', values: ['E zezë', 'E bardhë'] },
          { name: 'Memoria', values: ['128 GB', '256 GB'] },
        ],
        variants: [
          { values: ['E zezë', '128 GB'], sku: 'LVS-Z-128', price: 500, stock: 20, isDefault: true },
          { values: ['E zezë', '256 GB'], sku: 'LVS-Z-256', price: 600, stock: LOW_STOCK_AT },
          { values: ['E bardhë', '128 GB'], sku: 'LVS-B-128', price: 500, stock: 0 },
          { values: ['E bardhë', '256 GB'], sku: 'LVS-B-256', price: 600, stock: LOW_STOCK_AT + 1 },
        ],
      },
    });
    expect(variants.statusCode, variants.body).toBe(200);
    const page = await ok<AdminProductPage>('/api/admin/products/search?q=Lista%20Variantet%20Stok');
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id,
      stock: 20 + LOW_STOCK_AT + LOW_STOCK_AT + 1,
      variantCount: 4,
      lowStockVariants: ['E zezë / 256 GB', 'E bardhë / 128 GB'],
    });
    // One variant not tracked: the sum is 'not tracked'; the low ones are still named.
    await t.db.update(productVariants).set({ stock: null }).where(eq(productVariants.sku, 'LVS-Z-128'));
    const untracked = await ok<AdminProductPage>('/api/admin/products/search?q=Lista%20Variantet%20Stok');
    expect(untracked.items[0]).toMatchObject({ stock: null, variantCount: 4, lowStockVariants: ['E zezë / 256 GB', 'E bardhë / 128 GB'] });
    // A product without options: one variant, its title '' when low, nothing when not.
    // (the seed's first phones have colours and sizes: take the first shelf product without options)
    const withoutOptions: string[] = [];
    for (const p of shelf) if (((await get(`/api/products/${p.id}`)).json().options ?? []).length === 0) withoutOptions.push(p.id);
    const plainId = withoutOptions[0]!;
    const plain = await ok<AdminProductPage>(`/api/admin/products/search?q=${plainId}`);
    expect(plain.items.find((p) => p.id === plainId)).toMatchObject({ variantCount: 1, lowStockVariants: [] });
    await setStock(t.db, plainId, 1);
    const low = await ok<AdminProductPage>(`/api/admin/products/search?q=${plainId}`);
    expect(low.items.find((p) => p.id === plainId)).toMatchObject({ stock: 1, variantCount: 1, lowStockVariants: [''] });
    await setStock(t.db, plainId, 10_000);
  });

  it('refuses a bad sort, direction, page or page size with an Albanian message', async () => {
    for (const [query, message] of [
      ['sort=price;drop', listsMsg.sort],
      ['sort=email', listsMsg.sort],
      ['dir=up', listsMsg.dir],
      ['page=0', adminMsg.page],
      ['pageSize=101', adminMsg.pageSize],
      [`q=${'x'.repeat(201)}`, adminMsg.search],
    ] as const) {
      const res = await get(`/api/admin/products/search?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().msg).toBe(message);
    }
  });
});

describe('GET /api/admin/users_new/search', () => {
  it('searches names, e-mails and phones, sorts by e-mail and name, and pages', async () => {
    for (let i = 0; i < 25; i += 1)
      await createUser(t, { name: `Blerta Gashi ${String(i).padStart(2, '0')}`, email: `blerta${i}@lista.test` });
    const found = await ok<AdminUserPage>('/api/admin/users_new/search?q=BLERTA&sort=email');
    expect(found.total).toBe(25);
    expect(found.items).toHaveLength(20);
    expect(found.items.map((u) => u.email)).toEqual(
      Array.from({ length: 25 }, (_, i) => `blerta${i}@lista.test`)
        .sort()
        .slice(0, 20),
    );
    expect(found.items[0]).not.toHaveProperty('passwordHash');
    const second = await ok<AdminUserPage>('/api/admin/users_new/search?q=blerta&sort=name&dir=desc&page=2');
    expect(second.items.map((u) => u.name)).toEqual([
      'Blerta Gashi 04',
      'Blerta Gashi 03',
      'Blerta Gashi 02',
      'Blerta Gashi 01',
      'Blerta Gashi 00',
    ]);
    const everyone = await ok<AdminUserPage>('/api/admin/users_new/search');
    expect(everyone.total).toBe(await countRows(t, 'users'));
    // Newest first by default.
    const newest = await t.db
      .select({ id: users.id })
      .from(users)
      .orderBy(sql`created_at desc, id desc`)
      .limit(1);
    expect(everyone.items[0]!.id).toBe(newest[0]!.id);
    // The spec's list still answers every account, by id.
    const spec = await ok<{ id: number }[]>('/api/admin/users_new');
    expect(spec.map((u) => u.id)).toEqual([...spec.map((u) => u.id)].sort((a, b) => a - b));
    expect(spec).toHaveLength(everyone.total);
  });
});

describe('GET /api/admin/warranty/search', () => {
  it("finds every sheet the list's filter would show (any field, the price as written), newest first, and pages", async () => {
    const make = async (over: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/warranty',
        headers: actors.admin.auth,
        payload: { ...completeWarrantySheet, status: 'printed', ...over },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number };
    };
    const made = [];
    for (let i = 0; i < 23; i += 1) made.push(await make({ emri: `Drita${i}`, cmimi: 1000 + i }));
    const special = await make({ emri: 'Shpëtim', mbiemri: 'Çeku', cmimi: 1249, imei: '35693810999999' });

    const first = await ok<WarrantyPage>('/api/admin/warranty/search');
    expect(first.total).toBe(await countRows(t, 'warranty_sheets'));
    expect(first.items[0]!.id).toBe(special.id);
    expect(first.items).toHaveLength(20);

    for (const q of ['shpëtim', 'ÇEKU', '1.249,00 €', '1249', '999999', 'POS', todayInShop()]) {
      const page = await ok<WarrantyPage>(`/api/admin/warranty/search?q=${encodeURIComponent(q)}&pageSize=100`);
      const all = await ok<WarrantyPage['items']>('/api/admin/warranty');
      // The server's matches hold every sheet the browser's filter would show.
      const expected = filterSheets(all, q).map((s) => s.id);
      expect(
        page.items
          .map((s) => s.id)
          .filter((id) => expected.includes(id))
          .sort(),
        q,
      ).toEqual(expected.sort());
      expect(page.items.length, q).toBeGreaterThan(0);
    }
    const dearest = await ok<WarrantyPage>('/api/admin/warranty/search?sort=price&dir=desc&pageSize=3');
    expect(dearest.items.map((s) => s.cmimi)).toEqual([1249, 1022, 1021]);
    const byName = await ok<WarrantyPage>('/api/admin/warranty/search?q=drita&sort=name&page=2');
    expect(byName.total).toBe(23);
    expect(byName.items.map((s) => s.emri)).toEqual(
      made
        .map((_, i) => `Drita${i}`)
        .sort()
        .slice(20),
    );
  });
});

describe('GET /api/admin/orders/search sorted', () => {
  it('sorts by total both ways and keeps newest first by default; the total comes from the counts', async () => {
    const placed = [];
    for (const q of [3, 1, 2])
      placed.push(await placeOrder(t, actors.customer, [{ id: shelf[0]!.id, price: shelf[0]!.price, quantity: q }]));
    const byTotal = await ok<AdminOrderPage>('/api/admin/orders/search?sort=total&dir=asc');
    expect(byTotal.orders.map((o) => o.total)).toEqual([...byTotal.orders.map((o) => o.total)].sort((a, b) => a - b));
    const desc = await ok<AdminOrderPage>('/api/admin/orders/search?sort=total');
    expect(desc.orders[0]!.total).toBe(Math.max(...placed.map((o) => o.total)));
    const newest = await ok<AdminOrderPage>('/api/admin/orders/search');
    expect(newest.orders[0]!.id).toBe(placed.at(-1)!.id);
    expect(newest.total).toBe(await countRows(t, 'orders'));
    const past = await ok<AdminOrderPage>('/api/admin/orders/search?page=50');
    expect(past.orders).toEqual([]);
    expect(past.total).toBe(newest.total);
    const bad = await get('/api/admin/orders/search?sort=customer');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ msg: listsMsg.sort });
  });
});

/** The cells of a CSV file as Excel in Kosovo reads it (';', quotes doubled), after its BOM. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

async function download(url: string) {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  const bytes = res.rawPayload;
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return { res, rows: parseCsv(bytes.subarray(3).toString('utf8')) };
}

describe('CSV exports', () => {
  it('writes a warranty name made to be a formula as text, with the BOM, ";" and the file name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/warranty',
      headers: actors.admin.auth,
      payload: { ...completeWarrantySheet, status: 'draft', emri: '=HYPERLINK("http://x","y")', mbiemri: '+1+1', komente: '@SUM(A1)' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sheet = res.json() as { id: number; data: string };
    // Stored as typed: the export, not the database, neutralises it.
    const [stored] = await t.db.select().from(warrantySheets).where(eq(warrantySheets.id, sheet.id));
    expect(stored!.emri).toBe('=HYPERLINK("http://x","y")');

    const { res: file, rows } = await download(`/api/admin/export/warranty.csv?from=${sheet.data}&to=${sheet.data}`);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="garancionet-${sheet.data}-${sheet.data}.csv"`);
    expect(rows[0]).toEqual([
      'ID',
      'Emri',
      'Mbiemri',
      'Telefoni',
      'Email',
      'Marka',
      'Modeli',
      'IMEI',
      'Softueri',
      'Kohezgjatja',
      'Cmimi (€)',
      'Data',
      'Lloji Pageses',
      'Statusi',
      'Komente',
    ]);
    const line = rows.find((r) => r[0] === String(sheet.id))!;
    expect(line.slice(1, 3)).toEqual([`'=HYPERLINK("http://x","y")`, "'+1+1"]);
    expect(line[14]).toBe("'@SUM(A1)");
    expect(line[10]).toBe('89,50');
    // Every sheet of the day, once.
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(warrantySheets)
      .where(eq(warrantySheets.data, sheet.data))) as [{ n: number }];
    expect(rows).toHaveLength(n + 1);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(n);
    // Raw text: the injected quote marks are doubled inside a quoted cell.
    expect(file.rawPayload.toString('utf8')).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it("writes one row per order line with the order's columns, for the days of the range in the shop's zone", async () => {
    const customer = await createUser(t, { name: 'Ëngjëll Çela' });
    const a = await placeOrder(t, customer, [
      { id: shelf[1]!.id, price: shelf[1]!.price, quantity: 2 },
      { id: shelf[2]!.id, price: shelf[2]!.price, quantity: 1 },
    ]);
    const b = await placeOrder(t, customer, [{ id: shelf[1]!.id, price: shelf[1]!.price, quantity: 1 }]);
    const c = await placeOrder(t, customer, [{ id: shelf[3]!.id, price: shelf[3]!.price, quantity: 1 }]);
    // a: the first minute of 2 March in Kosovo (still 1 March in UTC); b: the last of 3 March; c: 4 March.
    await t.db
      .update(orders)
      .set({ createdAt: localTime('2025-03-02 00:01') })
      .where(eq(orders.id, a.id));
    await t.db
      .update(orders)
      .set({ createdAt: localTime('2025-03-03 23:59') })
      .where(eq(orders.id, b.id));
    await t.db
      .update(orders)
      .set({ createdAt: localTime('2025-03-04 00:00') })
      .where(eq(orders.id, c.id));

    const { res, rows } = await download('/api/admin/export/orders.csv?from=2025-03-02&to=2025-03-03');
    expect(res.headers['content-disposition']).toBe('attachment; filename="porosite-2025-03-02-2025-03-03.csv"');
    expect(rows[0]![0]).toBe('Porosia');
    expect(rows[0]).toContain('Shuma e rreshtit (€)');
    const body = rows.slice(1);
    expect(body.map((r) => r[0])).toEqual([String(a.id), String(a.id), String(b.id)]);
    const first = body[0]!;
    expect(first[1]).toBe('02.03.2025, 00:01');
    expect(first[3]).toBe('Ëngjëll Çela');
    expect(first[4]).toBe(customer.user.email);
    expect(first[12]).toBe(a.total.toFixed(2).replace('.', ','));
    expect(first[15]).toBe(shelf[1]!.id);
    expect(first[17]).toBe('2');
    expect(first[19]).toBe((shelf[1]!.price * 2).toFixed(2).replace('.', ','));
    // The lines of the file are the lines in the database.
    const lines = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(sql`${orderItems.orderId} in (${a.id}, ${b.id})`);
    expect(body).toHaveLength(lines[0]!.n);
  });

  it("writes phones as text without the guard (any other text keeps it), and the order's note and VAT amount", async () => {
    const customer = await createUser(t, { name: 'Drita Gashi', email: 'drita.telefon@lista.test' });
    const order = await placeOrder(t, customer, [{ id: shelf[0]!.id, price: shelf[0]!.price, quantity: 1 }]);
    await t.db
      .update(orders)
      .set({ phone: '+383 44 123 456', note: '=1+1 Thirrni para se të vini', createdAt: localTime('2025-09-09 10:00') })
      .where(eq(orders.id, order.id));
    await t.db
      .update(users)
      .set({ phone: '+38349111222', createdAt: localTime('2025-09-09 09:00') })
      .where(eq(users.id, customer.user.id));
    const sheet = await t.app.inject({
      method: 'POST',
      url: '/api/admin/warranty',
      headers: actors.admin.auth,
      payload: { ...completeWarrantySheet, status: 'draft', telefoni: '+383 45 987 654' },
    });
    expect(sheet.statusCode, sheet.body).toBe(201);
    const { id: sheetId, data: sheetDay } = sheet.json() as { id: number; data: string };
    // A text that is no phone, in the phone's column, keeps the guard.
    const bogus = await createUser(t, { name: 'Jo Telefon', email: 'jo.telefon@lista.test' });
    await t.db
      .update(users)
      .set({ phone: '+1+1+1', createdAt: localTime('2025-09-09 09:30') })
      .where(eq(users.id, bogus.user.id));

    /** The file as a CSV reader set to the shop's ';' reads it, each row by its headings. */
    const read = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      return parseCsvFile(res.rawPayload.toString('utf8'), { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
    };
    const lines = await read('/api/admin/export/orders.csv?from=2025-09-09&to=2025-09-09');
    const line = lines.find((r) => r['Porosia'] === String(order.id))!;
    expect(line['Telefoni']).toBe('+383 44 123 456');
    expect(line['Shënimi']).toBe("'=1+1 Thirrni para se të vini");
    expect(line['TVSH (%)']).toBe('18');
    const totalCents = Math.round(order.total * 100);
    expect(line['TVSH (€)']).toBe((Math.round((totalCents * 18) / 118) / 100).toFixed(2).replace('.', ','));
    expect(line['Totali i porosisë (€)']).toBe(order.total.toFixed(2).replace('.', ','));

    const people = await read('/api/admin/export/customers.csv?from=2025-09-09&to=2025-09-09');
    expect(people.find((r) => r['ID'] === String(customer.user.id))!['Telefoni']).toBe('+38349111222');
    expect(people.find((r) => r['ID'] === String(bogus.user.id))!['Telefoni']).toBe("'+1+1+1");

    const sheets = await read(`/api/admin/export/warranty.csv?from=${sheetDay}&to=${sheetDay}`);
    expect(sheets.find((r) => r['ID'] === String(sheetId))!['Telefoni']).toBe('+383 45 987 654');
  });

  it('streams more orders than one batch, each line once', async () => {
    const [u] = await t.db.select({ id: users.id }).from(users).limit(1);
    await t.db.execute(sql`
      insert into orders (user_id, total_cents, status, created_at)
      select ${u!.id}, 1000 + g, 'delivered', ('2024-07-10 12:00'::timestamp at time zone ${SHOP_TIME_ZONE}) + (g || ' seconds')::interval
      from generate_series(1, 1203) g`);
    await t.db.execute(sql`
      insert into order_items (order_id, product_id, name, unit_price_cents, quantity)
      select o.id, 'bulk', 'Artikull', o.total_cents, 1 from orders o
      where o.created_at >= ('2024-07-10'::timestamp at time zone ${SHOP_TIME_ZONE}) and o.created_at < ('2024-07-11'::timestamp at time zone ${SHOP_TIME_ZONE})`);
    const { rows } = await download('/api/admin/export/orders.csv?from=2024-07-10&to=2024-07-10');
    expect(rows).toHaveLength(1204);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(1203);
  });

  it('exports customers registered in the range with their orders, and newsletter addresses', async () => {
    const fresh = await createUser(t, { name: '-Arbër', email: 'arber@lista.test' });
    await t.db
      .update(users)
      .set({ createdAt: localTime('2025-05-05 10:00') })
      .where(eq(users.id, fresh.user.id));
    const order = await placeOrder(t, fresh, [{ id: shelf[0]!.id, price: shelf[0]!.price, quantity: 1 }]);
    // Only orders that are sales count (confirmed, shipped, delivered): a pending one is left out.
    await placeOrder(t, fresh, [{ id: shelf[1]!.id, price: shelf[1]!.price, quantity: 1 }]);
    const move = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}`,
      headers: actors.admin.auth,
      payload: { status: 'confirmed' },
    });
    expect(move.statusCode, move.body).toBe(200);
    const customers = await download('/api/admin/export/customers.csv?from=2025-05-05&to=2025-05-05');
    expect(customers.rows).toEqual([
      ['ID', 'Emri', 'Email', 'Telefoni', 'Email i verifikuar', 'Statusi', 'Regjistruar më', 'Porosi', 'Shpenzuar (€)'],
      [
        String(fresh.user.id),
        "'-Arbër",
        'arber@lista.test',
        '',
        'Jo',
        'Aktiv',
        '05.05.2025, 10:00',
        '1',
        order.total.toFixed(2).replace('.', ','),
      ],
    ]);
    await t.db.insert(newsletterSubscriptions).values([
      { email: 'lajme@lista.test', createdAt: new Date('2025-06-01T10:00:00Z') },
      { email: 'jashte@lista.test', createdAt: new Date('2025-06-03T10:00:00Z') },
    ]);
    const news = await download('/api/admin/export/newsletter.csv?from=2025-06-01&to=2025-06-02');
    expect(news.rows).toEqual([
      ['Email', 'Regjistruar më'],
      ['lajme@lista.test', '01.06.2025, 12:00'],
    ]);
  });

  it('refuses a bad or too long range with an Albanian message', async () => {
    for (const [query, message] of [
      ['', listsMsg.from],
      ['from=2025-01-01', listsMsg.to],
      ['from=2025-02-30&to=2025-03-01', listsMsg.from],
      ['from=2025-03-02&to=2025-03-01', listsMsg.rangeOrder],
      ['from=2024-01-01&to=2025-01-01', listsMsg.rangeTooLong],
      ['from=1%3Dcmd&to=2025-01-01', listsMsg.from],
    ] as const) {
      const res = await get(`/api/admin/export/orders.csv?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ msg: message });
    }
    // 366 days is allowed (a leap year).
    expect((await get('/api/admin/export/newsletter.csv?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
  });
});

describe('issue 24 finding 6: CSV formula guard after every separator (exports read with "," and ";")', () => {
  const attack = "Bes,=cmd|' /C calc'!A0";
  /**
   * A cell a spreadsheet would run: a formula character at its start, or after blanks and quotes.
   * A phone ('+383 44 123 456': only digits, spaces and ( ) . / -) runs nothing and is written as
   * it is (issue 26, decision 035).
   */
  const looksLikeFormula = (cell: string) => (/^[=+\-@\t\r]/.test(cell) || /^[\s"]*[=+\-@]/.test(cell)) && !/^\+[\d ()./-]+$/.test(cell);

  it('exports warranty sheets and customers so no reader finds a formula, whatever its separator', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/warranty',
      headers: actors.admin.auth,
      payload: { ...completeWarrantySheet, status: 'draft', emri: attack, mbiemri: 'Hoxha;+1+1', komente: 'ekrani,\t-2+3; @SUM(A1)' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sheet = res.json() as { id: number; data: string };
    const customer = await createUser(t, { name: attack, email: 'formula@lista.test' });
    await t.db
      .update(users)
      .set({ createdAt: localTime('2025-08-08 10:00') })
      .where(eq(users.id, customer.user.id));

    for (const url of [
      `/api/admin/export/warranty.csv?from=${sheet.data}&to=${sheet.data}`,
      '/api/admin/export/customers.csv?from=2025-08-08&to=2025-08-08',
    ]) {
      const file = await get(url);
      expect(file.statusCode, file.body).toBe(200);
      const text = file.rawPayload.toString('utf8');
      // Every text cell is quoted, the attack's comma is followed by the apostrophe.
      expect(text).toContain(`"Bes,'=cmd|' /C calc'!A0"`);
      for (const delimiter of [',', ';'] as const) {
        const cells = (parseCsvFile(text, { bom: true, delimiter, relax_quotes: true, relax_column_count: true }) as string[][]).flat();
        // Read with ',', the attack splits after 'Bes' and its second half starts with the apostrophe.
        if (delimiter === ',')
          expect(
            cells.some((c) => c.startsWith("'=cmd|")),
            url,
          ).toBe(true);
        for (const cell of cells) expect(looksLikeFormula(cell), `${url} ${delimiter} ${JSON.stringify(cell)}`).toBe(false);
      }
      // Read with the shop's ';', the name comes back whole, with only the apostrophe added.
      const rows = parseCsvFile(text, { bom: true, delimiter: ';' }) as string[][];
      expect(
        rows.some((r) => r[1] === "Bes,'=cmd|' /C calc'!A0"),
        url,
      ).toBe(true);
    }
  });
});

describe('GET /api/admin/stats/range', () => {
  it('matches the database: daily sales, revenue by category, top 10, orders by status and the average order', async () => {
    const customer = await createUser(t);
    // Sales are the orders confirmed, shipped or delivered: the pending one of 2 April is not one.
    const plan: [number, number, string, 'confirmed' | 'cancelled' | 'delivered' | undefined][] = [
      [0, 2, '2023-04-01 00:30', 'confirmed'],
      [1, 1, '2023-04-01 12:00', 'delivered'],
      [2, 3, '2023-04-02 23:59', undefined],
      [0, 1, '2023-04-03 10:00', 'cancelled'],
      [3, 4, '2023-04-05 09:00', 'confirmed'],
      [1, 1, '2023-04-06 00:00', 'confirmed'], // the day after the range
    ];
    for (const [p, quantity, at, status] of plan) {
      const o = await placeOrder(t, customer, [{ id: shelf[p]!.id, price: shelf[p]!.price, quantity }]);
      await t.db
        .update(orders)
        .set({ createdAt: localTime(at) })
        .where(eq(orders.id, o.id));
      if (status) {
        const res = await t.app.inject({
          method: 'PATCH',
          url: `/api/admin/orders/${o.id}`,
          headers: actors.admin.auth,
          payload: { status },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    const s = await ok<StatsRange>('/api/admin/stats/range?from=2023-04-01&to=2023-04-05');
    expect(s.from).toBe('2023-04-01');
    expect(s.daily.map((d) => d.date)).toEqual(['2023-04-01', '2023-04-02', '2023-04-03', '2023-04-04', '2023-04-05']);

    // Expected figures from the rows themselves, in the shop's zone.
    const rows = (
      (await t.db.execute(sql`
        select o.id, o.status, o.total_cents, to_char((o.created_at at time zone ${SHOP_TIME_ZONE})::date, 'YYYY-MM-DD') as day,
               i.product_id, i.name, i.unit_price_cents, i.quantity, p.category
        from orders o join order_items i on i.order_id = o.id left join products p on p.id = i.product_id
        where (o.created_at at time zone ${SHOP_TIME_ZONE})::date between '2023-04-01' and '2023-04-05'`)) as unknown as { rows: unknown[] }
    ).rows as {
      id: number;
      status: OrderStatus;
      total_cents: number;
      day: string;
      product_id: string;
      name: string;
      unit_price_cents: number;
      quantity: number;
      category: string | null;
    }[];
    const sales = rows.filter((r) => ['confirmed', 'shipped', 'delivered'].includes(r.status));
    const orderTotals = new Map(sales.map((r) => [r.id, { cents: Number(r.total_cents), day: r.day }]));
    const totalCents = [...orderTotals.values()].reduce((a, o) => a + o.cents, 0);
    expect(s.orders).toBe(orderTotals.size);
    expect(s.orders).toBe(3);
    expect(s.total).toBe(totalCents / 100);
    expect(s.averageOrderValue).toBe(Math.round(totalCents / orderTotals.size) / 100);
    for (const d of s.daily) {
      const day = [...orderTotals.values()].filter((o) => o.day === d.date);
      expect(d, d.date).toEqual({ date: d.date, orders: day.length, total: day.reduce((a, o) => a + o.cents, 0) / 100 });
    }
    const statuses = Object.fromEntries(
      orderStatuses.map((st) => [st, new Set(rows.filter((r) => r.status === st).map((r) => r.id)).size]),
    );
    expect(s.byStatus).toEqual(statuses);
    expect(s.byStatus.cancelled).toBe(1);
    expect(s.byStatus.pending).toBe(1);
    const perCategory = new Map<string | null, { cents: number; units: number }>();
    const perProduct = new Map<string, { cents: number; units: number; name: string }>();
    for (const r of sales) {
      const c = perCategory.get(r.category) ?? { cents: 0, units: 0 };
      c.cents += r.unit_price_cents * r.quantity;
      c.units += r.quantity;
      perCategory.set(r.category, c);
      const p = perProduct.get(r.product_id) ?? { cents: 0, units: 0, name: r.name };
      p.cents += r.unit_price_cents * r.quantity;
      p.units += r.quantity;
      perProduct.set(r.product_id, p);
    }
    expect([...s.byCategory].sort((a, b) => String(a.category).localeCompare(String(b.category)))).toEqual(
      [...perCategory.entries()]
        .map(([category, v]) => ({ category, total: v.cents / 100, units: v.units }))
        .sort((a, b) => String(a.category).localeCompare(String(b.category))),
    );
    expect(s.topProducts).toEqual(
      [...perProduct.entries()]
        .map(([id, v]) => ({ id, name: v.name, units: v.units, total: v.cents / 100 }))
        .sort((a, b) => b.total - a.total || b.units - a.units || (a.id < b.id ? -1 : 1))
        .slice(0, 10),
    );
  });

  it('takes the last 30 days without a range, and refuses half a range', async () => {
    const s = await ok<StatsRange>('/api/admin/stats/range');
    expect(s.daily).toHaveLength(30);
    expect(s.to).toBe(todayInShop());
    const half = await get('/api/admin/stats/range?from=2024-01-01');
    expect(half.statusCode).toBe(400);
    expect(half.json().msg).toBe(listsMsg.rangeOrder);
  });
});
