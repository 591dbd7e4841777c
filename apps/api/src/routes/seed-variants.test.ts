import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Product, ProductListItem } from '@shop/shared/schemas/product';
import { orderMessages } from '@shop/shared/schemas/order';
import { productAliases, productVariants } from '../db/schema';
import { seedProducts } from '../db/seed/products';
import { storefrontPage } from '../services/storefront-pages';
import { createTestApp, type TestApp } from '../test/harness';
import { adminActors } from '../test/admin-helpers';

/**
 * The seed after issue 27: phones that differ only in storage are one product with colours and
 * sizes, the contract's lists keep their sizes and order, and every old id still answers (the
 * product page, its canonical address, an order from a cart saved before). PGlite by default,
 * PostgreSQL with DATABASE_URL.
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

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
};
const variantOf = (p: Product, title: string) => {
  const v = p.variants!.find((x) => x.title === title);
  expect(v, title).toBeDefined();
  return v!;
};
const stockOf = async (variantId: number) =>
  (await t.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock;

/** The old ids and what each became: product, the variant's values, its price. */
const oldIds = [
  { old: 'iphone-16-pro-max-512gb', id: 'iphone-16-pro-max', title: 'Titanium natyral / 512 GB', price: 1249 },
  { old: 'samsung-galaxy-s25-ultra-512gb', id: 'samsung-galaxy-s25-ultra', title: 'Titanium gri / 512 GB', price: 1249 },
  { old: 'iphone-16-pro-128gb', id: 'iphone-16-pro', title: 'Titanium i zi / 128 GB', price: 999 },
  { old: 'iphone-16-pro-256gb', id: 'iphone-16-pro', title: 'Titanium i bardhë / 256 GB', price: 1099 },
];

describe('the seeded catalogue with variants', () => {
  it('keeps the contract’s lists: 24 on the home list in SKU order, 12 iPhones, 11 Samsungs, 8 accessories, no old id', async () => {
    const home = (await get<ProductListItem[]>('/api/products')).slice(0, 24);
    expect(home.map((p) => p.id).slice(0, 2)).toEqual(['iphone-16-pro-max', 'samsung-galaxy-s25-ultra']);
    const skus = await Promise.all(home.map(async (p) => (await get<Product>(`/api/products/${p.id}`)).sku));
    expect(skus).toEqual(Array.from({ length: 24 }, (_, i) => String(100001 + i)));
    const sizes = { iphone: 12, samsung: 11, accessories: 8 };
    const listed = new Set<string>();
    for (const [collection, size] of Object.entries(sizes)) {
      const list = await get<ProductListItem[]>(`/api/products?collection=${collection}`);
      expect(list, collection).toHaveLength(size);
      for (const p of list) listed.add(p.id);
    }
    for (const p of await get<ProductListItem[]>('/api/products')) listed.add(p.id);
    for (const { old } of oldIds) expect(listed.has(old), old).toBe(false);
    expect(listed.has('iphone-16-pro')).toBe(true);
    expect(listed.has('iphone-17-pro-max-256gb') && listed.has('iphone-air-256gb') && listed.has('samsung-galaxy-s26-ultra')).toBe(true);
  });

  it('groups the iPhone 16 Pro Max: four titanium colours × 256 GB, 512 GB, 1 TB, the default as the old product', async () => {
    const p = await get<Product>('/api/products/iphone-16-pro-max');
    expect(p.name).toBe('iPhone 16 Pro Max');
    expect(p.options!.map((o) => [o.name, o.values.map((v) => v.value)])).toEqual([
      ['Ngjyra', ['Titanium i zi', 'Titanium i bardhë', 'Titanium natyral', 'Titanium i shkretëtirës']],
      ['Memoria', ['256 GB', '512 GB', '1 TB']],
    ]);
    expect(p.variants).toHaveLength(12);
    const def = p.variants!.find((v) => v.isDefault)!;
    expect(def).toMatchObject({ title: 'Titanium i shkretëtirës / 256 GB', sku: '100001', price: 1149, oldPrice: 1249 });
    expect(p.price).toBe(1149);
    expect(p.selectedVariantId).toBeUndefined();
    expect(variantOf(p, 'Titanium i zi / 512 GB')).toMatchObject({ sku: '100001-TZ-512', price: 1249, stock: { status: 'in-stock' } });
    expect(variantOf(p, 'Titanium i bardhë / 1 TB').stock.status).toBe('out-of-stock');
    expect(p.variants!.some((v) => v.stock.status === 'low')).toBe(true);
    expect(p.priceFrom).toBe(1149);
    expect(p.priceTo).toBe(1449);
  });

  it('gives every seeded product with variants a default whose price is the product’s, and only images that exist', async () => {
    const publicDir = path.resolve(import.meta.dirname, '../../../web/public');
    for (const s of seedProducts) {
      for (const image of s.images) expect(fs.existsSync(path.join(publicDir, image)), image).toBe(true);
      if (!s.variants) continue;
      const p = await get<Product>(`/api/products/${s.id}`);
      const def = p.variants!.find((v) => v.isDefault)!;
      expect([def.price, def.oldPrice, def.sku], s.id).toEqual([s.price, s.oldPrice ?? null, s.sku]);
      expect(p.variants!.length, s.id).toBe(s.variants.variants.length);
      expect(new Set(p.options!.map((o) => o.name)).size).toBe(p.options!.length);
      for (const o of p.options!) expect(['Ngjyra', 'Memoria']).toContain(o.name);
    }
  });

  it('opens an old id (any letter case) as its product with the variant it meant', async () => {
    for (const { old, id, title, price } of oldIds) {
      const p = await get<Product>(`/api/products/${old.toUpperCase()}`);
      expect(p.id, old).toBe(id);
      const v = variantOf(p, title);
      expect(p.selectedVariantId, old).toBe(v.id);
      expect(v.price).toBe(price);
      expect((await get<{ related: unknown[] }>(`/api/products/${old}/related`)).related.length).toBeGreaterThan(0);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/products/iphone-16-pro-max-2tb' })).statusCode).toBe(404);
  });

  it('gives an old id’s page status 200 and the canonical address of its product with the variant', async () => {
    const base = 'https://dyqani.example';
    const p = await get<Product>('/api/products/iphone-16-pro-max');
    const natural512 = variantOf(p, 'Titanium natyral / 512 GB');
    const old = await storefrontPage(t.db, base, '/products/iphone-16-pro-max-512gb');
    expect(old.status).toBe(200);
    expect(old.head?.canonical).toBe(`${base}/products/iphone-16-pro-max?variant=${natural512.id}`);
    expect(old.head?.title).toContain('iPhone 16 Pro Max');
    // The address's own choice wins.
    const black512 = variantOf(p, 'Titanium i zi / 512 GB');
    const chosen = await storefrontPage(
      t.db,
      base,
      '/products/iphone-16-pro-max-512gb',
      new URLSearchParams({ variant: String(black512.id) }),
    );
    expect(chosen.head?.canonical).toBe(`${base}/products/iphone-16-pro-max?variant=${black512.id}`);
    // The product's own address is unchanged, with or without a variant.
    expect((await storefrontPage(t.db, base, '/products/iphone-16-pro-max')).head?.canonical).toBe(`${base}/products/iphone-16-pro-max`);
    const own = await storefrontPage(t.db, base, '/products/iphone-16-pro-max', new URLSearchParams({ variant: String(black512.id) }));
    expect(own.head?.canonical).toBe(`${base}/products/iphone-16-pro-max`);
    expect((await storefrontPage(t.db, base, '/products/nuk-ekziston-512gb')).status).toBe(404);
  });

  it('lists only current products in the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('/products/iphone-16-pro-max<');
    expect(res.body).toContain('/products/iphone-16-pro<');
    for (const { old } of oldIds) expect(res.body).not.toContain(`/products/${old}<`);
  });

  it('takes an order naming an old id as that variant: its price is checked, its stock (and no other) taken', async () => {
    const p = await get<Product>('/api/products/iphone-16-pro-max');
    const natural512 = variantOf(p, 'Titanium natyral / 512 GB');
    const before = new Map(await Promise.all(p.variants!.map(async (v) => [v.id, await stockOf(v.id)] as const)));
    const order = (items: object[], total: number, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...actors.customer.auth, 'idempotency-key': key },
        payload: { items, total },
      });

    // A price from before (the old product's was the same: here a stale one) is a 409 naming the line as asked.
    const stale = await order([{ id: 'iphone-16-pro-max-512gb', quantity: 1, price: 1199 }], 1199, 'old-id-1');
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({
      msg: orderMessages.pricesChanged,
      prices: [{ id: 'iphone-16-pro-max-512gb', name: 'iPhone 16 Pro Max', price: 1249 }],
      total: 1249,
    });
    expect(stale.json().prices[0].variantId).toBeUndefined();

    const placed = await order(
      [
        { id: 'IPHONE-16-PRO-MAX-512GB', quantity: 2, price: 1249 },
        { id: 'iphone-16-pro-128gb', quantity: 1, price: 999 },
      ],
      1249 * 2 + 999,
      'old-id-2',
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order.items).toEqual([
      expect.objectContaining({
        id: 'iphone-16-pro-max',
        name: 'iPhone 16 Pro Max',
        price: 1249,
        quantity: 2,
        variantId: natural512.id,
        variant: 'Titanium natyral / 512 GB',
        sku: '100001-TN-512',
      }),
      expect.objectContaining({ id: 'iphone-16-pro', price: 999, quantity: 1, variant: 'Titanium i zi / 128 GB', sku: '200002' }),
    ]);
    for (const v of p.variants!) {
      expect(await stockOf(v.id), v.title).toBe(v.id === natural512.id ? before.get(v.id)! - 2 : before.get(v.id));
    }

    // The old id and its product's variant named again in one order are the same line twice.
    const twice = await order(
      [
        { id: 'iphone-16-pro-max-512gb', quantity: 1, price: 1249 },
        { id: 'iphone-16-pro-max', variantId: natural512.id, quantity: 1, price: 1249 },
      ],
      2498,
      'old-id-3',
    );
    expect(twice.statusCode, twice.body).toBe(400);
    expect(twice.json().msg).toBe(orderMessages.duplicateLine);
  });

  it('keeps an old id answering after staff remove the variant it meant: the product, its default chosen', async () => {
    const [alias] = await t.db.select().from(productAliases).where(eq(productAliases.id, 'samsung-galaxy-s25-ultra-512gb'));
    expect(alias).toMatchObject({ productId: 'samsung-galaxy-s25-ultra', variantId: expect.any(Number) });
    await t.db.delete(productVariants).where(eq(productVariants.id, alias!.variantId!));
    const p = await get<Product>('/api/products/samsung-galaxy-s25-ultra-512gb');
    expect(p.id).toBe('samsung-galaxy-s25-ultra');
    expect(p.selectedVariantId).toBeUndefined();
  });
});
