import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { percentOffCents } from '@shop/shared/domain/sale-prices';
import { toCents, toEuros } from '@shop/shared/domain/money';
import { salePriceMsg, type SalePriceSchedule } from '@shop/shared/schemas/sale-prices';
import type { Product } from '@shop/shared/schemas/product';
import { auditLog, productFacets, productVariants, salePriceSchedules } from '../db/schema';
import { countRows, createSecondInstance, createTestApp, createUser, type TestApp } from '../test/harness';
import { storefrontProducts } from '../test/admin-helpers';
import { runSalePriceJob } from '../services/sale-prices';
import { setStock } from '../repositories/stock';

/**
 * Scheduled sale prices (issue 29, decision 050). The job runs with an injected clock; the sales are
 * planned a day and more ahead of the real one, so the app's own timer (real time) never moves them.
 * PGlite by default; with DATABASE_URL two instances with their own pools race for the same moves.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Far enough ahead of the real clock that only the injected one reaches it. */
const base = Date.now() + 10 * DAY;
const at = (ms: number) => new Date(base + ms);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { role: 'admin', name: 'Pronari Uljes' });
  staff = await createUser(t, { role: 'staff', name: 'Punonjësi Uljes' });
  customer = await createUser(t, { name: 'Klienti Uljes', emailVerified: true });
});
afterAll(async () => {
  await t?.close();
});

const plan = (body: Record<string, unknown>, headers: Record<string, string> = owner.auth) =>
  t.app.inject({ method: 'POST', url: '/api/admin/sale-prices', headers, payload: body });
const cancel = (id: number, headers: Record<string, string> = owner.auth) =>
  t.app.inject({ method: 'POST', url: `/api/admin/sale-prices/${id}/cancel`, headers });
const productPage = async (id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json() as Product;
};
const listed = async (id: string) =>
  ((await t.app.inject({ method: 'GET', url: '/api/products' })).json() as { id: string; price: number; oldPrice: number | null }[]).find(
    (p) => p.id === id,
  )!;

/** A product of its own with one variant (no options) at `priceCents`. */
let made = 0;
async function simpleProduct(priceCents: number, oldPriceCents: number | null = null) {
  made += 1;
  const id = `ulje-test-${made}`;
  await t.db.execute(
    sql`insert into products (id, name, category, price_cents) values (${id}, ${`Mbrojtëse Uljeje ${made}`}, 'case', ${priceCents})`,
  );
  await t.db.update(productVariants).set({ oldPriceCents }).where(eq(productVariants.productId, id));
  await setStock(t.db, id, 50);
  const [v] = await t.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, id));
  return { id, variantId: v!.id };
}

const span = (from: number, to: number) => ({ startsAt: at(from).toISOString(), endsAt: at(to).toISOString() });

describe('a scheduled sale', () => {
  it('starts and ends by itself: the product page, the list and the facets follow', async () => {
    const p = await simpleProduct(14_900, 16_900);
    expect((await productPage(p.id)).price).toBe(149);
    const res = await plan({ productId: p.id, variantIds: [p.variantId], price: 99.9, ...span(HOUR, 2 * HOUR) });
    expect(res.statusCode, res.body).toBe(201);
    const [s] = (res.json() as { schedules: SalePriceSchedule[] }).schedules;
    expect(s).toMatchObject({ state: 'planned', price: 99.9, oldPrice: 149, regularPrice: null, createdBy: owner.user.email });

    // Before its start nothing moves.
    expect(await runSalePriceJob(t.db, at(HOUR - 1000))).toBe(0);
    expect((await productPage(p.id)).price).toBe(149);

    expect(await runSalePriceJob(t.db, at(HOUR))).toBe(1);
    // The cached answers go through products_changed, as after an owner's edit.
    await vi.waitFor(async () => expect((await productPage(p.id)).price).toBe(99.9));
    expect((await productPage(p.id)).oldPrice).toBe(149);
    expect(await listed(p.id)).toMatchObject({ price: 99.9, oldPrice: 149 });
    const [facets] = await t.db.select().from(productFacets).where(eq(productFacets.productId, p.id));
    expect(facets!.priceCents).toBe(9990);
    const [row] = await t.db.select().from(salePriceSchedules).where(eq(salePriceSchedules.id, s!.id));
    expect(row).toMatchObject({ state: 'active', regularPriceCents: 14_900, regularOldPriceCents: 16_900 });

    // A second run at the same moment has nothing to do.
    expect(await runSalePriceJob(t.db, at(HOUR + 1000))).toBe(0);

    expect(await runSalePriceJob(t.db, at(2 * HOUR))).toBe(1);
    await vi.waitFor(async () => expect((await productPage(p.id)).price).toBe(149));
    expect((await productPage(p.id)).oldPrice).toBe(169);
    expect(await listed(p.id)).toMatchObject({ price: 149, oldPrice: 169 });
    const [after] = await t.db.select().from(productFacets).where(eq(productFacets.productId, p.id));
    expect(after!.priceCents).toBe(14_900);
    const [ended] = await t.db.select().from(salePriceSchedules).where(eq(salePriceSchedules.id, s!.id));
    expect(ended).toMatchObject({ state: 'ended', outcome: 'restored' });

    const kinds = await t.db
      .select({ kind: auditLog.kind, actor: auditLog.actorEmail })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'product'), eq(auditLog.targetId, p.id)));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['sale-price.create', 'sale-price.end', 'sale-price.start']);
  });

  it('a percentage sale on a product with variants: each variant by the one rounding rule, the others untouched', async () => {
    const phones = (await storefrontProducts(t)).filter((p) => p.category === 'phone');
    let page: Product | undefined;
    for (const ph of phones) {
      const candidate = await productPage(ph.id);
      if ((candidate.variants?.length ?? 0) >= 3) {
        page = candidate;
        break;
      }
    }
    expect(page, 'a seeded phone with variants').toBeDefined();
    const variants = page!.variants!;
    const chosen = variants.slice(0, 2);
    const res = await plan({
      productId: page!.id,
      variantIds: chosen.map((v) => v.id),
      percent: 15,
      oldPrice: null,
      ...span(3 * HOUR, 4 * HOUR),
    });
    expect(res.statusCode, res.body).toBe(201);
    const schedules = (res.json() as { schedules: SalePriceSchedule[] }).schedules;
    expect(schedules.map((s) => s.price)).toEqual(chosen.map((v) => toEuros(percentOffCents(toCents(v.price), 15))));
    expect(schedules.every((s) => s.oldPrice === null)).toBe(true);

    expect(await runSalePriceJob(t.db, at(3 * HOUR))).toBe(2);
    await vi.waitFor(async () => {
      const during = (await productPage(page!.id)).variants!;
      expect(during.map((v) => v.price)).toEqual(
        variants.map((v, i) => (i < 2 ? toEuros(percentOffCents(toCents(v.price), 15)) : v.price)),
      );
    });
    const during = (await productPage(page!.id)).variants!;
    expect(during[0]!.oldPrice).toBeNull();

    // An order with the price seen before the start is refused with the current prices (the contract's 409).
    const first = chosen[0]!;
    await t.db.update(productVariants).set({ stock: 20 }).where(eq(productVariants.id, first.id));
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: { items: [{ id: page!.id, variantId: first.id, quantity: 1, price: first.price }], total: first.price },
    });
    expect(order.statusCode, order.body).toBe(409);
    expect(JSON.stringify(order.json())).toContain(String(during[0]!.price));

    expect(await runSalePriceJob(t.db, at(4 * HOUR))).toBe(2);
    await vi.waitFor(async () =>
      expect((await productPage(page!.id)).variants!.map((v) => [v.price, v.oldPrice])).toEqual(variants.map((v) => [v.price, v.oldPrice])),
    );
  });

  it('keeps a price the owner changed by hand during the sale, and says so', async () => {
    const p = await simpleProduct(5_000);
    const res = await plan({ productId: p.id, variantIds: [p.variantId], price: 40, ...span(5 * HOUR, 6 * HOUR) });
    expect(res.statusCode, res.body).toBe(201);
    expect(await runSalePriceJob(t.db, at(5 * HOUR))).toBe(1);
    await t.db.update(productVariants).set({ priceCents: 3_500 }).where(eq(productVariants.id, p.variantId));
    expect(await runSalePriceJob(t.db, at(6 * HOUR))).toBe(1);
    const [row] = await t.db.select().from(salePriceSchedules).where(eq(salePriceSchedules.variantId, p.variantId));
    expect(row).toMatchObject({ state: 'ended', outcome: 'kept' });
    await vi.waitFor(async () => expect((await productPage(p.id)).price).toBe(35));
  });

  it('applies at once a sale that started while no server ran, and skips one whose whole span passed', async () => {
    const p = await simpleProduct(8_000);
    const q = await simpleProduct(8_000);
    expect((await plan({ productId: p.id, variantIds: [p.variantId], price: 70, ...span(7 * HOUR, 9 * HOUR) })).statusCode).toBe(201);
    expect((await plan({ productId: q.id, variantIds: [q.variantId], price: 70, ...span(7 * HOUR, 8 * HOUR) })).statusCode).toBe(201);
    // The first run after a long stop: 8.5 h, inside p's span and past q's.
    expect(await runSalePriceJob(t.db, at(8.5 * HOUR))).toBe(2);
    await vi.waitFor(async () => expect((await productPage(p.id)).price).toBe(70));
    expect((await productPage(q.id)).price).toBe(80);
    const [skipped] = await t.db.select().from(salePriceSchedules).where(eq(salePriceSchedules.variantId, q.variantId));
    expect(skipped).toMatchObject({ state: 'ended', outcome: 'skipped' });
    expect(await runSalePriceJob(t.db, at(9 * HOUR))).toBe(1);
  });
});

describe('cancelling', () => {
  it('a planned sale never starts; an active one puts the price back at once; a finished one is 409', async () => {
    const p = await simpleProduct(20_000);
    const planned = (await plan({ productId: p.id, variantIds: [p.variantId], price: 150, ...span(10 * HOUR, 11 * HOUR) })).json() as {
      schedules: SalePriceSchedule[];
    };
    const c1 = await cancel(planned.schedules[0]!.id);
    expect(c1.statusCode, c1.body).toBe(200);
    expect(c1.json()).toMatchObject({ msg: salePriceMsg.cancelled, schedule: { state: 'cancelled' } });
    expect(await runSalePriceJob(t.db, at(10.5 * HOUR))).toBe(0);
    expect((await productPage(p.id)).price).toBe(200);

    const active = (await plan({ productId: p.id, variantIds: [p.variantId], price: 150, ...span(12 * HOUR, 13 * HOUR) })).json() as {
      schedules: SalePriceSchedule[];
    };
    expect(await runSalePriceJob(t.db, at(12 * HOUR))).toBe(1);
    await vi.waitFor(async () => expect((await productPage(p.id)).price).toBe(150));
    const c2 = await cancel(active.schedules[0]!.id);
    expect(c2.statusCode, c2.body).toBe(200);
    expect(c2.json()).toMatchObject({ schedule: { state: 'cancelled', outcome: 'restored', regularPrice: 200 } });
    // The route emptied this instance's cache itself: the very next read is the regular price.
    expect((await productPage(p.id)).price).toBe(200);
    expect(await runSalePriceJob(t.db, at(13 * HOUR))).toBe(0);

    const again = await cancel(active.schedules[0]!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: salePriceMsg.notCancellable });
    const missing = await cancel(2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ msg: salePriceMsg.scheduleNotFound });
  });
});

describe('refused plans store nothing', () => {
  it('overlaps are 409; a sale starting as another ends is fine', async () => {
    const p = await simpleProduct(10_000);
    expect((await plan({ productId: p.id, variantIds: [p.variantId], price: 80, ...span(20 * HOUR, 22 * HOUR) })).statusCode).toBe(201);
    const before = await countRows(t, 'sale_price_schedules');
    for (const [from, to] of [
      [21, 23],
      [19, 21],
      [20.5, 21.5],
      [19, 23],
    ] as const) {
      const res = await plan({ productId: p.id, variantIds: [p.variantId], price: 70, ...span(from * HOUR, to * HOUR) });
      expect(res.statusCode, `${from}-${to}`).toBe(409);
      expect((res.json() as { msg: string }).msg).toMatch(/^“.+” ka tashmë një ulje me afat në këtë kohë\./);
    }
    expect(await countRows(t, 'sale_price_schedules')).toBe(before);
    const next = await plan({ productId: p.id, variantIds: [p.variantId], price: 70, ...span(22 * HOUR, 23 * HOUR) });
    expect(next.statusCode).toBe(201);
    // Cancelled again, so the later tests' runs find only their own.
    for (const s of await t.db.select().from(salePriceSchedules).where(eq(salePriceSchedules.productId, p.id)))
      expect((await cancel(s.id)).statusCode).toBe(200);
  });

  it('bad prices, times, products and variants: a clear Albanian message, nothing stored', async () => {
    const p = await simpleProduct(10_000);
    const other = await simpleProduct(10_000);
    const [{ sku }] = (await t.db
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(eq(productVariants.id, p.variantId))) as [{ sku: string }];
    const good = { productId: p.id, variantIds: [p.variantId], price: 80, ...span(30 * HOUR, 31 * HOUR) };
    const before = await countRows(t, 'sale_price_schedules');
    const auditBefore = await countRows(t, 'audit_log');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...good, price: 100 }, 400, salePriceMsg.notLower(sku, '100,00 €')],
      [{ ...good, price: 120 }, 400, salePriceMsg.notLower(sku, '100,00 €')],
      [{ ...good, price: 0 }, 400, salePriceMsg.price],
      [{ ...good, price: -5 }, 400, salePriceMsg.price],
      [{ ...good, price: 79.999 }, 400, salePriceMsg.price],
      [{ ...good, price: undefined }, 400, salePriceMsg.priceOrPercent],
      [{ ...good, percent: 10 }, 400, salePriceMsg.priceOrPercent],
      [{ ...good, price: undefined, percent: 0 }, 400, salePriceMsg.percent],
      [{ ...good, price: undefined, percent: 12.5 }, 400, salePriceMsg.percent],
      [{ ...good, oldPrice: 80 }, 400, salePriceMsg.oldPriceTooLow(sku)],
      [{ ...good, ...span(31 * HOUR, 30 * HOUR) }, 400, salePriceMsg.endBeforeStart],
      [{ ...good, ...span(30 * HOUR, 30 * HOUR) }, 400, salePriceMsg.endBeforeStart],
      [
        { ...good, startsAt: new Date(Date.now() - 3 * HOUR).toISOString(), endsAt: new Date(Date.now() - HOUR).toISOString() },
        400,
        salePriceMsg.endPast,
      ],
      [{ ...good, startsAt: '2026-12-01T10:00' }, 400, salePriceMsg.startsAt],
      [{ ...good, endsAt: 'nesër' }, 400, salePriceMsg.endsAt],
      [{ ...good, variantIds: [other.variantId] }, 400, salePriceMsg.variantNotFound],
      [{ ...good, variantIds: [2_000_000_000] }, 400, salePriceMsg.variantNotFound],
      [{ ...good, variantIds: [p.variantId, p.variantId] }, 400, salePriceMsg.variantTwice],
      [{ ...good, variantIds: [] }, 400, salePriceMsg.variants],
      [{ ...good, productId: 'nuk-ekziston' }, 404, salePriceMsg.productNotFound],
    ];
    for (const [body, status, message] of cases) {
      const res = await plan(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect((res.json() as { msg: string }).msg, JSON.stringify(body)).toBe(message);
    }
    expect(await countRows(t, 'sale_price_schedules')).toBe(before);
    expect(await countRows(t, 'audit_log')).toBe(auditBefore);
  });

  it('is the owner’s: staff 403, a customer 403, no token 401', async () => {
    const p = await simpleProduct(10_000);
    const body = { productId: p.id, variantIds: [p.variantId], price: 80, ...span(40 * HOUR, 41 * HOUR) };
    for (const who of [staff.auth, customer.auth]) {
      expect((await plan(body, who)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/sale-prices', headers: who })).statusCode).toBe(403);
      expect((await cancel(1, who)).statusCode).toBe(403);
    }
    expect((await plan(body, {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/sale-prices' })).statusCode).toBe(401);
    expect(await t.db.select().from(salePriceSchedules).where(eq(salePriceSchedules.productId, p.id))).toEqual([]);
    const mine = await t.app.inject({ method: 'GET', url: `/api/admin/sale-prices?productId=${p.id.toUpperCase()}`, headers: owner.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([]);
  });
});

describe('two instances on one database', () => {
  it('start and end each sale once', async () => {
    const products = await Promise.all([0, 1, 2].map(() => simpleProduct(30_000)));
    for (const p of products)
      expect((await plan({ productId: p.id, variantIds: [p.variantId], price: 250, ...span(50 * HOUR, 51 * HOUR) })).statusCode).toBe(201);
    const second = await createSecondInstance(t);
    try {
      const started = await Promise.all([
        runSalePriceJob(t.db, at(50 * HOUR)),
        runSalePriceJob(second.app.db, at(50 * HOUR)),
        runSalePriceJob(t.db, at(50 * HOUR)),
        runSalePriceJob(second.app.db, at(50 * HOUR)),
      ]);
      expect(started.reduce((a, b) => a + b, 0)).toBe(3);
      const ended = await Promise.all([
        runSalePriceJob(second.app.db, at(51 * HOUR)),
        runSalePriceJob(t.db, at(51 * HOUR)),
        runSalePriceJob(second.app.db, at(51 * HOUR)),
      ]);
      expect(ended.reduce((a, b) => a + b, 0)).toBe(3);
    } finally {
      await second.close();
    }
    for (const p of products) {
      const rows = await t.db.select().from(salePriceSchedules).where(eq(salePriceSchedules.productId, p.id));
      expect(rows).toMatchObject([{ state: 'ended', outcome: 'restored', regularPriceCents: 30_000 }]);
      const audit = await t.db
        .select({ kind: auditLog.kind })
        .from(auditLog)
        .where(and(eq(auditLog.targetId, p.id), like(auditLog.kind, 'sale-price.%')));
      expect(audit.map((a) => a.kind).sort()).toEqual(['sale-price.create', 'sale-price.end', 'sale-price.start']);
      await vi.waitFor(async () => expect((await productPage(p.id)).price).toBe(300));
    }
  });
});
