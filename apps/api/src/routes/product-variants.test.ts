import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { variantMsg } from '@shop/shared/schemas/variants';
import { orderMessages } from '@shop/shared/schemas/order';
import { parse } from 'csv-parse/sync';
import { todayInShop } from '@shop/shared/domain/time';
import type { StatsRange } from '@shop/shared/schemas/admin-lists';
import { auditLog, mailOutbox, products, productVariants } from '../db/schema';
import { countRows, createTestApp, type TestApp } from '../test/harness';
import { adminActors, expectAdminOnly } from '../test/admin-helpers';

/**
 * A product's options and variants (issue 27, decision 039): the staff's read and replace, the
 * product page's added fields, the lists' price range, and orders naming a variant. PGlite by
 * default, PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await adminActors(t);
});
afterAll(async () => {
  await t?.close();
});

const put = (id: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/products/${id}/variants`, headers: actors.admin.auth, payload: payload as object });
const createProduct = async (name: string, extra: object = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: actors.admin.auth,
    payload: { name, price: 100, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; price: number; stock: number | null };
};

/** An EAN-13 with its check digit, different for each prefix. */
const ean = (prefix: string) => {
  const base = String(400638100000 + ([...prefix].reduce((n, c) => n * 31 + c.charCodeAt(0), 7) % 99999)).padStart(12, '0');
  const sum = [...base].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return base + String((10 - (sum % 10)) % 10);
};

const phoneBody = (prefix: string) => ({
  options: [
    { name: 'Ngjyra', values: ['Titanium i zi', 'Titanium i bardhë'] },
    { name: 'Memoria', values: ['256 GB', '512 GB'] },
  ],
  variants: [
    { values: ['Titanium i zi', '256 GB'], sku: `${prefix}-BLK-256`, price: 1149, stock: 4 },
    { values: ['Titanium i zi', '512 GB'], sku: `${prefix}-BLK-512`, price: 1349, oldPrice: 1399, stock: 2, barcode: ean(prefix) },
    { values: ['Titanium i bardhë', '256 GB'], sku: `${prefix}-WHT-256`, price: 1149, stock: 0 },
    { values: ['Titanium i bardhë', '512 GB'], sku: `${prefix}-WHT-512`, price: 1349 },
  ],
});

describe('variants of a product', () => {
  it('a product without options has one default variant carrying its price and stock', async () => {
    const p = await createProduct('Telefon pa opsione', { stock: 3, oldPrice: 120 });
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/products/${p.id}/variants`, headers: actors.admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      productId: p.id,
      options: [],
      variants: [
        { values: [], title: '', sku: p.id.toUpperCase(), price: 100, oldPrice: 120, stock: 3, isDefault: true, barcode: null, images: [] },
      ],
    });
    const page = (await t.app.inject({ method: 'GET', url: `/api/products/${p.id}` })).json();
    expect(page).toMatchObject({ price: 100, priceFrom: 100, priceTo: 100, options: [], stock: { status: 'low', left: 3 } });
    expect(page.variants).toHaveLength(1);
  });

  it('staff replace options and variants: the page, the lists and the audit log follow; SKUs keep their ids', async () => {
    const p = await createProduct('iPhone Variantet');
    const res = await put(p.id.toUpperCase(), phoneBody('IPV'));
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as {
      options: { name: string }[];
      variants: { id: number; sku: string; isDefault: boolean; stock: number | null }[];
    };
    expect(saved.options.map((o) => o.name)).toEqual(['Ngjyra', 'Memoria']);
    expect(saved.variants.map((v) => [v.sku, v.isDefault, v.stock])).toEqual([
      ['IPV-BLK-256', true, 4],
      ['IPV-BLK-512', false, 2],
      ['IPV-WHT-256', false, 0],
      // No stock given: not tracked, always sellable (decision 039).
      ['IPV-WHT-512', false, null],
    ]);
    // The products row mirrors the default variant's price.
    expect((await t.db.select().from(products).where(eq(products.id, p.id)))[0]).toMatchObject({ priceCents: 114900, oldPriceCents: null });

    const page = (await t.app.inject({ method: 'GET', url: `/api/products/${p.id}` })).json();
    expect(page).toMatchObject({ price: 1149, priceFrom: 1149, priceTo: 1349, stock: { status: 'in-stock', left: null } });
    expect(page.variants.map((v: { title: string; stock: { status: string } }) => [v.title, v.stock.status])).toEqual([
      ['Titanium i zi / 256 GB', 'low'],
      ['Titanium i zi / 512 GB', 'low'],
      ['Titanium i bardhë / 256 GB', 'out-of-stock'],
      ['Titanium i bardhë / 512 GB', 'in-stock'],
    ]);
    const listed = (
      (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as {
        id: string;
        price: number;
        priceFrom: number;
        priceTo: number;
      }[]
    ).find((x) => x.id === p.id);
    expect(listed).toMatchObject({ price: 1149, priceFrom: 1149, priceTo: 1349 });

    // Again with the 512 GB black as default and one variant dropped: kept SKUs keep their ids.
    const body = phoneBody('IPV');
    body.variants = body.variants.slice(0, 3);
    (body.variants[1] as { isDefault?: boolean }).isDefault = true;
    const again = (await put(p.id, body)).json() as { variants: { id: number; sku: string; isDefault: boolean }[] };
    const idOf = (list: { id: number; sku: string }[], sku: string) => list.find((v) => v.sku === sku)!.id;
    expect(idOf(again.variants, 'IPV-BLK-256')).toBe(idOf(saved.variants, 'IPV-BLK-256'));
    expect(again.variants[0]).toMatchObject({ sku: 'IPV-BLK-512', isDefault: true });
    expect(again.variants).toHaveLength(3);
    expect((await t.db.select().from(products).where(eq(products.id, p.id)))[0]).toMatchObject({
      priceCents: 134900,
      oldPriceCents: 139900,
    });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, p.id), eq(auditLog.kind, 'product.update')));
    expect(entries).toHaveLength(2);
  });

  it('refuses bad input with 400 naming the row or field, and a SKU or barcode of another product with 409, storing nothing', async () => {
    const p = await createProduct('Telefon i gabuar');
    const other = await createProduct('Telefon tjetër');
    expect((await put(other.id, phoneBody('OTH'))).statusCode).toBe(200);
    const before = await t.db.select().from(productVariants).where(eq(productVariants.productId, p.id));
    const audits = await countRows(t, 'audit_log');
    const cases: [string, (b: ReturnType<typeof phoneBody>) => unknown, number, string][] = [
      [
        'combination twice',
        (b) => ({ ...b, variants: [b.variants[0], { ...b.variants[1], values: ['Titanium i zi', '256 GB'] }] }),
        400,
        variantMsg.combinationTwice(2, 1),
      ],
      ['no price', (b) => ({ ...b, variants: [{ ...b.variants[0], price: undefined }] }), 400, variantMsg.price],
      ['SKU twice', (b) => ({ ...b, variants: [b.variants[0], { ...b.variants[1], sku: 'x-blk-256' }] }), 400, variantMsg.skuTwice(2, 1)],
      [
        'barcode twice',
        (b) => ({ ...b, variants: [{ ...b.variants[0], barcode: ean('X') }, b.variants[1]] }),
        400,
        variantMsg.barcodeTwice(2, 1),
      ],
      ['negative stock', (b) => ({ ...b, variants: [{ ...b.variants[0], stock: -1 }] }), 400, variantMsg.stock],
      ['fractional stock', (b) => ({ ...b, variants: [{ ...b.variants[0], stock: 1.5 }] }), 400, variantMsg.stock],
      [
        'bad check digit',
        (b) => ({ ...b, variants: [{ ...b.variants[0], barcode: ean('X').slice(0, 12) + String((Number(ean('X')[12]) + 1) % 10) }] }),
        400,
        variantMsg.barcode,
      ],
      [
        'unknown value',
        (b) => ({ ...b, variants: [{ ...b.variants[0], values: ['Blu', '256 GB'] }] }),
        400,
        variantMsg.unknownValue(1, 'Ngjyra', 'Blu'),
      ],
      [
        'missing value',
        (b) => ({ ...b, variants: [{ ...b.variants[0], values: ['Titanium i zi'] }] }),
        400,
        variantMsg.variantValues(1, 2),
      ],
      [
        'option twice',
        (b) => ({ ...b, options: [b.options[0], { ...b.options[1], name: 'ngjyra' }] }),
        400,
        variantMsg.optionTwice('ngjyra'),
      ],
      [
        'two without options',
        (b) => ({
          options: [],
          variants: [
            { ...b.variants[0], values: [] },
            { ...b.variants[1], values: [] },
          ],
        }),
        400,
        variantMsg.oneWithoutOptions,
      ],
      [
        'SKU of another product',
        (b) => ({ ...b, variants: [{ ...b.variants[0], sku: 'oth-blk-256' }] }),
        409,
        variantMsg.skuTaken('oth-blk-256'),
      ],
      [
        'barcode of another product',
        (b) => ({ ...b, variants: [{ ...b.variants[0], barcode: ean('OTH') }] }),
        409,
        variantMsg.barcodeTaken(ean('OTH')),
      ],
      ['a photo of no product', (b) => ({ ...b, variants: [{ ...b.variants[0], images: [999999] }] }), 400, variantMsg.images],
    ];
    for (const [name, make, status, message] of cases) {
      const res = await put(p.id, make(phoneBody('X')));
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().msg, name).toBe(message);
    }
    expect(await t.db.select().from(productVariants).where(eq(productVariants.productId, p.id))).toEqual(before);
    expect(await countRows(t, 'audit_log')).toBe(audits);
    expect((await put('no-such-product', phoneBody('NSP'))).statusCode).toBe(404);
  });

  it('is staff-only', async () => {
    const p = await createProduct('Telefon i mbrojtur');
    await expectAdminOnly(t, actors, { method: 'GET', url: `/api/admin/products/${p.id}/variants` });
    await expectAdminOnly(t, actors, { method: 'PUT', url: `/api/admin/products/${p.id}/variants`, payload: phoneBody('SEC') });
  });
});

describe('orders of a variant', () => {
  it('an item may name its variant: its price and stock are used, the line keeps name, values and SKU; the contract body means the default', async () => {
    const p = await createProduct('Telefon për porosi');
    const saved = (await put(p.id, phoneBody('ORD'))).json() as { variants: { id: number; sku: string; price: number }[] };
    const blk512 = saved.variants.find((v) => v.sku === 'ORD-BLK-512')!;
    const wht256 = saved.variants.find((v) => v.sku === 'ORD-WHT-256')!;
    const customer = actors.customer;
    const order = (items: object[], total: number, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...customer.auth, 'idempotency-key': key },
        payload: { items, total },
      });

    const placed = await order(
      [
        { id: p.id, variantId: blk512.id, quantity: 2, price: 1349 },
        { id: p.id, quantity: 1, price: 1149 },
      ],
      1349 * 2 + 1149,
      'variant-order-1',
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order.items).toEqual([
      {
        id: p.id,
        name: 'Telefon për porosi',
        price: 1349,
        quantity: 2,
        variantId: blk512.id,
        variant: 'Titanium i zi / 512 GB',
        sku: 'ORD-BLK-512',
      },
      {
        id: p.id,
        name: 'Telefon për porosi',
        price: 1149,
        quantity: 1,
        variantId: expect.any(Number),
        variant: 'Titanium i zi / 256 GB',
        sku: 'ORD-BLK-256',
      },
    ]);
    // The confirmation mail names the variant of each line (issue 27).
    const orderId = placed.json().order.id as number;
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order-placed')).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail!.textBody).toContain('2 × Telefon për porosi — Titanium i zi / 512 GB: 2.698,00 €');
    expect(mail!.textBody).toContain('1 × Telefon për porosi — Titanium i zi / 256 GB: 1.149,00 €');
    expect(mail!.htmlBody).toContain('Telefon për porosi — Titanium i zi / 512 GB');
    // The orders' export carries 'Varianti' and 'SKU' after the older columns.
    const day = todayInShop();
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/export/orders.csv?from=${day}&to=${day}`,
      headers: actors.admin.auth,
    });
    const rows = parse(file.rawPayload.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    // (Issue 29 adds the discount and its code after them.)
    expect(rows[0]!.slice(-6)).toEqual([
      'Çmimi për njësi (€)',
      'Shuma e rreshtit (€)',
      'Varianti',
      'SKU',
      'Zbritja (€)',
      'Kodi i zbritjes',
    ]);
    const mine = rows.filter((r) => r[0] === String(orderId));
    expect(mine.map((r) => [r[16], r[20], r[21]])).toEqual([
      ['Telefon për porosi', 'Titanium i zi / 512 GB', 'ORD-BLK-512'],
      ['Telefon për porosi', 'Titanium i zi / 256 GB', 'ORD-BLK-256'],
    ]);
    // Confirmed, it is a sale: the best-sellers by variant name the variant, the products' list stays per product.
    const confirm = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}`,
      headers: actors.admin.auth,
      payload: { status: 'confirmed' },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const range = (
      await t.app.inject({ method: 'GET', url: `/api/admin/stats/range?from=${day}&to=${day}`, headers: actors.admin.auth })
    ).json() as StatsRange;
    expect(range.topProducts.find((r) => r.id === p.id)).toEqual({ id: p.id, name: 'Telefon për porosi', units: 3, total: 3847 });
    expect(range.topVariants.filter((r) => r.productId === p.id)).toEqual([
      { productId: p.id, name: 'Telefon për porosi', variant: 'Titanium i zi / 512 GB', sku: 'ORD-BLK-512', units: 2, total: 2698 },
      { productId: p.id, name: 'Telefon për porosi', variant: 'Titanium i zi / 256 GB', sku: 'ORD-BLK-256', units: 1, total: 1149 },
    ]);
    // Staff see the variant on the order (the list's and the detail's lines).
    const staffOrder = (
      await t.app.inject({ method: 'GET', url: `/api/admin/orders/${placed.json().order.id}`, headers: actors.admin.auth })
    ).json() as { products: unknown[] };
    expect(staffOrder.products[0]).toMatchObject({ id: p.id, variantId: blk512.id, variant: 'Titanium i zi / 512 GB', sku: 'ORD-BLK-512' });
    const stock = async () =>
      Object.fromEntries(
        (await t.db.select().from(productVariants).where(eq(productVariants.productId, p.id))).map((v) => [v.sku, v.stock]),
      );
    expect(await stock()).toEqual({ 'ORD-BLK-256': 3, 'ORD-BLK-512': 0, 'ORD-WHT-256': 0, 'ORD-WHT-512': null });

    const out = await order([{ id: p.id, variantId: wht256.id, quantity: 1, price: 1149 }], 1149, 'variant-order-2');
    expect(out.statusCode).toBe(409);
    expect(out.json()).toMatchObject({
      msg: orderMessages.outOfStock('Telefon për porosi (Titanium i bardhë / 256 GB)', 0),
      left: 0,
      variantId: wht256.id,
    });

    const foreign = await order([{ id: 'iphone-16-pro-max', variantId: blk512.id, quantity: 1, price: 1349 }], 1349, 'variant-order-3');
    expect(foreign.statusCode).toBe(400);
    const same = await order(
      [
        { id: p.id, variantId: saved.variants[0]!.id, quantity: 1, price: 1149 },
        { id: p.id, quantity: 1, price: 1149 },
      ],
      2298,
      'variant-order-4',
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().msg).toBe(orderMessages.duplicateLine);
    // Not tracked: always sellable.
    const unlimited = saved.variants.find((v) => v.sku === 'ORD-WHT-512')!;
    expect((await order([{ id: p.id, variantId: unlimited.id, quantity: 7, price: 1349 }], 1349 * 7, 'variant-order-5')).statusCode).toBe(
      201,
    );
    expect(await stock()).toEqual({ 'ORD-BLK-256': 3, 'ORD-BLK-512': 0, 'ORD-WHT-256': 0, 'ORD-WHT-512': null });
  });
});
