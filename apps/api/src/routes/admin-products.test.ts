import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { adminMsg } from '@shop/shared/messages-admin';
import { auditLog, orderItems, products, productVariants } from '../db/schema';
import { countRows, createTestApp, type TestApp } from '../test/harness';
import { adminActors, expectAdminOnly, placeOrder, storefrontProducts } from '../test/admin-helpers';
import { slugify } from '@shop/shared/domain/catalogue';

let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await adminActors(t);
});
afterAll(async () => {
  await t?.close();
});

const productRow = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0];
const create = (payload: unknown, url = '/api/admin/products') =>
  t.app.inject({ method: 'POST', url, headers: actors.admin.auth, payload: payload as object });

describe('admin guard on the product calls', () => {
  it('answers 401 without a token and 403 for a customer or a blocked admin, changing nothing', async () => {
    const [first] = await storefrontProducts(t);
    const before = await countRows(t, 'products');
    const body = { name: 'Produkt i ri', price: 10 };
    await expectAdminOnly(t, actors, { method: 'GET', url: '/api/admin/products' });
    await expectAdminOnly(t, actors, { method: 'POST', url: '/api/admin/products', payload: body });
    await expectAdminOnly(t, actors, { method: 'POST', url: '/api/products', payload: { ...body, category: 'case' } });
    await expectAdminOnly(t, actors, { method: 'PUT', url: `/api/admin/products/${first!.id}`, payload: { name: 'Ndryshuar', price: 1 } });
    await expectAdminOnly(t, actors, { method: 'DELETE', url: `/api/admin/products/${first!.id}` });
    expect(await countRows(t, 'products')).toBe(before);
    expect(await productRow(first!.id)).toMatchObject({ name: first!.name, priceCents: Math.round(first!.price * 100) });
  });
});

describe('GET /api/admin/products', () => {
  it('lists every product with id, name, price, image and description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/products', headers: actors.admin.auth });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Record<string, unknown>[];
    expect(list).toHaveLength(await countRows(t, 'products'));
    for (const p of list.slice(0, 5)) {
      expect(p).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          name: expect.any(String),
          price: expect.any(Number),
          image: expect.any(String),
          description: expect.any(String),
        }),
      );
    }
  });
});

describe('creating products', () => {
  it('makes a slug id from the name (ë->e, ç->c), stores cents and shows it on the storefront', async () => {
    const res = await create({
      name: 'Mbrojtëse Çelësi Ëndrra',
      price: 19.99,
      description: 'Mbrojtëse silikoni',
      image: '/images/products/case.webp',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      id: 'mbrojtese-celesi-endrra',
      name: 'Mbrojtëse Çelësi Ëndrra',
      price: 19.99,
      oldPrice: null,
      image: '/images/products/case.webp',
      category: 'phone',
      collection: null,
    });
    expect(await productRow('mbrojtese-celesi-endrra')).toMatchObject({ priceCents: 1999, images: ['/images/products/case.webp'] });
    expect((await storefrontProducts(t)).map((p) => p.id)).toContain('mbrojtese-celesi-endrra');
    const detail = await t.app.inject({ method: 'GET', url: '/api/products/MBROJTESE-celesi-endrra' });
    expect(detail.json()).toMatchObject({ name: 'Mbrojtëse Çelësi Ëndrra', price: 19.99 });
  });

  it('keeps ids unique with -2, -3, and avoids the catalogue route names', async () => {
    const a = await create({ name: 'Kufje Pro', price: 49 });
    const b = await create({ name: 'kufje pro', price: 49 });
    const c = await create({ name: 'KUFJE  PRO!', price: 49 });
    expect([a, b, c].map((r) => r.json().id)).toEqual(['kufje-pro', 'kufje-pro-2', 'kufje-pro-3']);
    const iphone = await create({ name: 'iPhone', price: 999 });
    expect(iphone.json().id).toBe('iphone-2');
    const symbols = await create({ name: '★★★', price: 5 });
    expect(symbols.json().id).toMatch(/^produkt(-\d+)?$/);
  });

  it('gives distinct ids to simultaneous products with the same name', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => create({ name: 'Karikues i shpejtë', price: 25 })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(5).fill(201));
    expect(new Set(results.map((r) => r.json().id)).size).toBe(5);
  });

  it('POST /api/products (the standalone form) takes a category and an optional image URL', async () => {
    const res = await create(
      { name: 'Galaxy Buds Test', price: 129.5, description: '', category: 'case', image: 'https://example.com/buds.webp' },
      '/api/products',
    );
    expect(res.statusCode).toBe(201);
    expect(await productRow(res.json().id)).toMatchObject({
      category: 'case',
      priceCents: 12950,
      images: ['https://example.com/buds.webp'],
    });
    const noImage = await create({ name: 'Pa foto', price: 3, image: '' }, '/api/products');
    expect(noImage.json()).toMatchObject({ image: '/default-product.jpg', images: [] });
  });

  it('refuses bad bodies with 400 and an Albanian msg, creating nothing', async () => {
    const before = await countRows(t, 'products');
    const cases: [unknown, string][] = [
      [{ price: 10 }, adminMsg.productName],
      [{ name: '   ', price: 10 }, adminMsg.productName],
      [{ name: 'x'.repeat(201), price: 10 }, adminMsg.productNameLong],
      [{ name: 'Telefon' }, adminMsg.price],
      [{ name: 'Telefon', price: 'dhjetë' }, adminMsg.price],
      [{ name: 'Telefon', price: 0 }, adminMsg.price],
      [{ name: 'Telefon', price: -5 }, adminMsg.price],
      [{ name: 'Telefon', price: 12.345 }, adminMsg.priceDecimals],
      [{ name: 'Telefon', price: 2_000_000 }, adminMsg.priceMax],
      [{ name: 'Telefon', price: 10, image: 'javascript:alert(1)' }, adminMsg.image],
      [{ name: 'Telefon', price: 10, image: 'http://example.com/a.jpg' }, adminMsg.image],
      [{ name: 'Telefon', price: 10, image: '//evil.example/a.jpg' }, adminMsg.image],
      [{ name: 'Telefon', price: 10, image: 'foto.jpg' }, adminMsg.image],
      [{ name: 'Telefon', price: 10, category: 'makina' }, adminMsg.category],
      [{ name: 'Telefon', price: 10, description: 'x'.repeat(5001) }, adminMsg.descriptionLong],
      [{ name: 'Telefon', price: 10, oldPrice: -1 }, adminMsg.oldPrice],
    ];
    for (const [payload, expected] of cases) {
      for (const url of ['/api/admin/products', '/api/products']) {
        const res = await create(payload, url);
        expect(res.statusCode, `${url} ${JSON.stringify(payload).slice(0, 80)}`).toBe(400);
        expect(res.json().msg).toBe(expected);
      }
    }
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { ...actors.admin.auth, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ msg: 'Trupi i kërkesës nuk është JSON i vlefshëm.' });
    expect(await countRows(t, 'products')).toBe(before);
  });
});

describe('PUT /api/admin/products/{id}', () => {
  it('changes name, price, description and the main image, keeping the rest of the gallery', async () => {
    const [seeded] = await t.db
      .select()
      .from(products)
      .where(sql`jsonb_array_length(${products.images}) > 1`)
      .limit(1);
    expect(seeded).toBeDefined();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${seeded!.id.toUpperCase()}`,
      headers: actors.admin.auth,
      payload: { name: 'Emër i ri', price: 333.33, description: 'Përshkrim i ri', image: '/images/new-main.webp' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: seeded!.id, name: 'Emër i ri', price: 333.33, image: '/images/new-main.webp' });
    const row = await productRow(seeded!.id);
    expect(row).toMatchObject({
      name: 'Emër i ri',
      priceCents: 33333,
      description: 'Përshkrim i ri',
      category: seeded!.category,
      oldPriceCents: seeded!.oldPriceCents,
      images: ['/images/new-main.webp', ...seeded!.images.slice(1)],
    });
    const storefront = (await storefrontProducts(t)).find((p) => p.id === seeded!.id);
    expect(storefront).toMatchObject({ name: 'Emër i ri', price: 333.33 });
  });

  it('answers 404 for an unknown product and 400 for a bad body, changing nothing', async () => {
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/products/nuk-ekziston',
      headers: actors.admin.auth,
      payload: { name: 'X', price: 1 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ msg: 'Produkt jo i gjetur' });
    const [p] = await storefrontProducts(t);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${p!.id}`,
      headers: actors.admin.auth,
      payload: { name: '', price: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(adminMsg.productName);
    expect(await productRow(p!.id)).toMatchObject({ name: p!.name });
  });
});

describe('stock of a product', () => {
  const put = (id: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/products/${id}`, headers: actors.admin.auth, payload });
  const stockRow = async (id: string) =>
    (
      await t.db
        .select()
        .from(productVariants)
        .where(and(eq(productVariants.productId, id), eq(productVariants.isDefault, true)))
    )[0];

  it('is not tracked (always sellable) unless given (decision 039), is kept when left out, changes and becomes unlimited, each change audited', async () => {
    const phone = (await create({ name: 'Telefon me stok', price: 100 })).json() as { id: string; stock: number | null };
    expect(phone.stock).toBeNull();
    expect(await stockRow(phone.id)).toMatchObject({ stock: null });
    const storefrontPhone = (await t.app.inject({ method: 'GET', url: `/api/products/${phone.id}` })).json();
    expect(storefrontPhone.stock).toEqual({ status: 'in-stock', left: null });
    const card = (await create({ name: 'Kartë dhuratë stok', price: 25, category: 'giftcard' }, '/api/products')).json() as {
      id: string;
      stock: number | null;
    };
    expect(card.stock).toBeNull();
    expect(await stockRow(card.id)).toMatchObject({ stock: null });
    const stocked = (await create({ name: 'Mbrojtëse me stok', price: 15, stock: 7 })).json() as { id: string; stock: number };
    expect(stocked.stock).toBe(7);

    const kept = await put(stocked.id, { name: 'Mbrojtëse me stok', price: 16 });
    expect(kept.json()).toMatchObject({ price: 16, stock: 7 });
    const changed = await put(stocked.id.toUpperCase(), { name: 'Mbrojtëse me stok', price: 16, stock: 3 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: stocked.id, stock: 3 });
    expect(await stockRow(stocked.id)).toMatchObject({ stock: 3 });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/products', headers: actors.admin.auth })).json() as {
      id: string;
      stock: number | null;
    }[];
    expect(listed.find((p) => p.id === stocked.id)?.stock).toBe(3);
    expect(listed.find((p) => p.id === card.id)?.stock).toBeNull();
    const storefront = (await t.app.inject({ method: 'GET', url: `/api/products/${stocked.id}` })).json();
    expect(storefront.stock).toEqual({ status: 'low', left: 3 });

    expect((await put(stocked.id, { name: 'Mbrojtëse me stok', price: 16, stock: null })).json().stock).toBeNull();
    expect(await stockRow(stocked.id)).toMatchObject({ stock: null });

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetId} = ${stocked.id} and ${auditLog.kind} = 'product.update'`)
      .orderBy(auditLog.id);
    const stockOfEntry = (v: unknown) => (v as Record<string, unknown> | null)?.stock;
    expect(entries.map((e) => [stockOfEntry(e.before), stockOfEntry(e.after)])).toEqual([
      [undefined, undefined],
      [7, 3],
      [3, null],
    ]);
    expect(entries[1]).toMatchObject({ before: { name: 'Mbrojtëse me stok', stock: 7 }, after: { stock: 3 } });
  });

  it('refuses a negative, fractional or text stock with 400 naming it, changing nothing', async () => {
    const before = await countRows(t, 'products');
    for (const stock of [-1, 1.5, '4', 1_000_001]) {
      const res = await create({ name: 'Stok i gabuar', price: 5, stock });
      expect(res.statusCode, String(stock)).toBe(400);
      expect(res.json().msg).toBe(adminMsg.stock);
    }
    expect(await countRows(t, 'products')).toBe(before);
  });
});

describe('DELETE /api/admin/products/{id}', () => {
  it('removes the product from the shop while the orders that hold it stay intact', async () => {
    const created = (await create({ name: 'Produkt për fshirje', price: 12.5, stock: 5 })).json() as { id: string; price: number };
    const order = await placeOrder(t, actors.customer, [{ id: created.id, price: created.price, quantity: 2 }]);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/products/${created.id}`, headers: actors.admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: adminMsg.productDeleted, id: created.id });
    expect(await productRow(created.id)).toBeUndefined();
    expect((await storefrontProducts(t)).map((p) => p.id)).not.toContain(created.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${created.id}` })).statusCode).toBe(404);

    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines).toEqual([
      expect.objectContaining({ productId: created.id, name: 'Produkt për fshirje', unitPriceCents: 1250, quantity: 2 }),
    ]);
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: actors.admin.auth })).json() as {
      id: number;
      totalAmount: number;
      products: unknown[];
    }[];
    expect(list.find((o) => o.id === order.id)).toMatchObject({
      totalAmount: 25,
      products: [{ id: created.id, name: 'Produkt për fshirje', quantity: 2, price: 12.5 }],
    });
  });

  it('answers 404 for an unknown product, deleting nothing', async () => {
    const before = await countRows(t, 'products');
    const res = await t.app.inject({ method: 'DELETE', url: '/api/admin/products/nuk-ekziston', headers: actors.admin.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: 'Produkt jo i gjetur' });
    expect(await countRows(t, 'products')).toBe(before);
  });
});

describe('slugify', () => {
  it('lowercases, folds Albanian letters and other accents, and joins words with dashes', () => {
    expect(slugify('Çanta Ëmbël për Telefon')).toBe('canta-embel-per-telefon');
    expect(slugify('  Samsung Galaxy S24+ (256GB) ')).toBe('samsung-galaxy-s24-256gb');
    expect(slugify('Café Señor')).toBe('cafe-senor');
    expect(slugify('!!!')).toBe('produkt');
    expect(slugify('a'.repeat(120))).toHaveLength(80);
  });
});

describe('brand, SKU, specs and old price (issue 17)', () => {
  it('stores what staff type and shows it on the product page', async () => {
    const res = await create({
      name: 'Telefon i Stafit',
      price: 349,
      oldPrice: 399,
      brand: 'Samsung',
      sku: 'SM-A366B/128',
      stock: 4,
      specs: [
        { label: 'Ekrani', value: '6,7" AMOLED' },
        { label: 'Garancia', value: '12 muaj' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ brand: 'Samsung', sku: 'SM-A366B/128', oldPrice: 399, stock: 4 });
    expect(body.specs).toEqual({ Ekrani: '6,7" AMOLED', Garancia: '12 muaj' });
    const page = (await t.app.inject({ method: 'GET', url: `/api/products/${body.id}` })).json();
    expect(page).toMatchObject({
      brand: 'Samsung',
      sku: 'SM-A366B/128',
      oldPrice: 399,
      specs: { Ekrani: '6,7" AMOLED', Garancia: '12 muaj' },
    });

    // Left out: kept; '' / null / []: cleared.
    const kept = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${body.id}`,
      headers: actors.admin.auth,
      payload: { name: 'Telefon i Stafit', price: 349 },
    });
    expect(kept.json()).toMatchObject({ brand: 'Samsung', sku: 'SM-A366B/128', specs: { Garancia: '12 muaj' } });
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${body.id}`,
      headers: actors.admin.auth,
      payload: { name: 'Telefon i Stafit', price: 349, brand: '', sku: '', specs: [] },
    });
    expect(cleared.json()).toMatchObject({ brand: '', sku: null, specs: {} });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, body.id))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry).toMatchObject({
      kind: 'product.update',
      before: { brand: 'Samsung', sku: 'SM-A366B/128' },
      after: { brand: '', sku: null },
    });
  });

  it('refuses malformed brand, SKU and specs with Albanian messages, changing nothing', async () => {
    const before = await countRows(t, 'products');
    const cases: [unknown, string][] = [
      [{ brand: 'x'.repeat(61) }, adminMsg.brand],
      [{ sku: 'ABC 123' }, adminMsg.sku],
      [{ sku: 'x'.repeat(41) }, adminMsg.sku],
      [{ specs: { Ekrani: '6"' } }, adminMsg.specs],
      [{ specs: [{ label: '', value: 'x' }] }, adminMsg.specLabel],
      [{ specs: [{ label: 'Ekrani', value: ' ' }] }, adminMsg.specValue],
      [
        {
          specs: [
            { label: 'RAM', value: '8 GB' },
            { label: 'ram', value: '12 GB' },
          ],
        },
        adminMsg.specDuplicate,
      ],
      [{ specs: Array.from({ length: 31 }, (_, i) => ({ label: `L${i}`, value: 'v' })) }, adminMsg.specsTooMany],
    ];
    for (const [extra, message] of cases) {
      const res = await create({ name: 'Produkt i Keq', price: 10, ...(extra as object) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().msg, JSON.stringify(extra)).toBe(message);
    }
    expect(await countRows(t, 'products')).toBe(before);
  });
});
