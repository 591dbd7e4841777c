import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@shop/shared/messages';
import { reviewMessages } from '@shop/shared/messages-reviews';
import { ratingSummary } from '@shop/shared/domain/reviews';
import { createSecondInstance, createTestApp, createUser, countRows, type TestApp } from '../test/harness';
import { adminActors, expectAdminOnly, placeOrder, storefrontProducts, type Actor } from '../test/admin-helpers';

/**
 * Honest ratings (issue 18, decision 023): only a customer who received a product rates it, once
 * (then edits), staff hide and show reviews (audited), and the average and count reach the product
 * answers, the cached ones, another instance and the kept product pages at once.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-reviews-web-'));
let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
let products: { id: string; price: number; name: string }[];

beforeAll(async () => {
  fs.writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html lang="sq"><head><title>Dyqani</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ WEB_DIST: root });
  actors = await adminActors(t);
  products = await storefrontProducts(t);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const review = (who: Actor | null, id: string, body: unknown, method: 'POST' | 'PUT' = 'POST') =>
  t.app.inject({
    method,
    url: method === 'POST' ? `/api/products/${id}/reviews` : `/api/products/${id}/reviews/mine`,
    headers: who?.auth ?? {},
    payload: body as object,
  });

const setStatus = async (orderId: number, status: string) => {
  const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/orders/${orderId}`, headers: actors.admin.auth, payload: { status } });
  expect(res.statusCode, res.body).toBe(200);
};

/** A new customer whose order of `productId` reached `status` (delivered by default). */
async function buyer(productId: string, status: 'delivered' | 'pending' | 'cancelled' | 'shipped' = 'delivered', name = 'Arta Krasniqi') {
  const who = await createUser(t, { name });
  const p = products.find((x) => x.id === productId)!;
  const order = await placeOrder(t, who, [{ id: p.id, price: p.price, quantity: 1 }]);
  if (status === 'shipped') await setStatus(order.id, 'confirmed');
  if (status !== 'pending') await setStatus(order.id, status === 'shipped' ? 'delivered' : status);
  return who;
}

const detail = async (id: string, app = t.app) =>
  (await app.inject({ method: 'GET', url: `/api/products/${id}` })).json<{ rating: number; reviewCount: number }>();
const listed = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/products' }))
    .json<{ id: string; rating: number; reviewCount: number }[]>()
    .find((p) => p.id === id)!;
const publicReviews = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${id}/reviews` })).json<{
    average: number;
    count: number;
    reviews: { id: number; author: string; rating: number; text: string }[];
  }>();

describe('the seeded catalogue', () => {
  it('has no ratings: no product claims stars nobody gave', async () => {
    for (const p of (await t.app.inject({ method: 'GET', url: '/api/products' })).json<{ rating: number; reviewCount: number }[]>()) {
      expect(p).toMatchObject({ rating: 0, reviewCount: 0 });
    }
    expect(await detail(products[0]!.id)).toMatchObject({ rating: 0, reviewCount: 0 });
    expect(await countRows(t, 'product_reviews')).toBe(0);
  });
});

describe('who may rate a product', () => {
  it('refuses a guest (401), a customer without the product, or whose order is not delivered (403), changing nothing', async () => {
    const id = products[0]!.id;
    const none = await review(null, id, { rating: 5 });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ msg: msg.unauthorized });
    const strangers = [
      actors.customer,
      actors.admin,
      await buyer(id, 'pending'),
      await buyer(id, 'cancelled'),
      await buyer(products[1]!.id),
    ];
    for (const who of strangers) {
      const res = await review(who, id, { rating: 5, text: 'Shumë i mirë' });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ msg: reviewMessages.notEligible });
      const mine = await t.app.inject({ method: 'GET', url: `/api/products/${id}/reviews/mine`, headers: who.auth });
      expect(mine.json()).toEqual({ canReview: false, review: null });
    }
    expect(await countRows(t, 'product_reviews')).toBe(0);
    const unknown = await review(actors.customer, 'nuk-ekziston', { rating: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ msg: msg.productNotFound });
  });

  it('refuses bad stars and a text over 1000 characters with the field message', async () => {
    const who = await buyer(products[0]!.id);
    for (const [body, text] of [
      [{ rating: 0 }, reviewMessages.badRating],
      [{ rating: 6 }, reviewMessages.badRating],
      [{ rating: 4.5 }, reviewMessages.badRating],
      [{}, reviewMessages.badRating],
      [{ rating: 4, text: 'x'.repeat(1001) }, reviewMessages.textTooLong],
      [{ rating: 4, text: 12 }, reviewMessages.badText],
    ] as const) {
      const res = await review(who, products[0]!.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ msg: string }>().msg).toBe(text);
    }
    expect(await countRows(t, 'product_reviews')).toBe(0);
  });

  it('lets a customer with a delivered order rate it once (in any letter case of the id), then edit it', async () => {
    const id = products[2]!.id;
    const who = await buyer(id, 'delivered', 'Blerim de Gashi');
    const before = await t.app.inject({ method: 'GET', url: `/api/products/${id}/reviews/mine`, headers: who.auth });
    expect(before.json()).toEqual({ canReview: true, review: null });

    const first = await review(who, id.toUpperCase(), { rating: 5, text: '  Bateria zgjat shumë.  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      msg: reviewMessages.created,
      review: { author: 'Blerim G.', rating: 5, text: 'Bateria zgjat shumë.', hidden: false },
    });

    const again = await review(who, id, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: reviewMessages.alreadyReviewed });

    const edit = await review(who, id, { rating: 3, text: 'Pas një muaji: mirë.' }, 'PUT');
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ msg: reviewMessages.updated, review: { rating: 3, text: 'Pas një muaji: mirë.' } });
    const rows = await t.db.execute(sql`select rating, text from product_reviews where user_id = ${who.user.id}`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ rating: 3, text: 'Pas një muaji: mirë.' }]);

    const noOwn = await review(actors.customer, id, { rating: 3 }, 'PUT');
    expect(noOwn.statusCode).toBe(404);
    expect(noOwn.json()).toEqual({ msg: reviewMessages.noOwnReview });
  });
});

describe("the customer's own order", () => {
  it("names the lines to rate ('Vlerëso produktin') once the order is delivered, until each is rated", async () => {
    const [a, b] = [products[12]!, products[13]!];
    const who = await createUser(t, { name: 'Vesa Hoxha' });
    const order = await placeOrder(t, who, [
      { id: a.id, price: a.price, quantity: 1 },
      { id: b.id, price: b.price, quantity: 2 },
    ]);
    const toReview = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: who.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ toReview: string[] }>().toReview.sort();
    };
    expect(await toReview()).toEqual([]);
    await setStatus(order.id, 'confirmed');
    expect(await toReview()).toEqual([]);
    await setStatus(order.id, 'delivered');
    expect(await toReview()).toEqual([a.id, b.id].sort());
    const rated = await review(who, b.id, { rating: 4 });
    expect(rated.statusCode, rated.body).toBe(201);
    expect(await toReview()).toEqual([a.id]);
    // Another customer's rating of the same product changes nothing here.
    await review(await buyer(a.id), a.id, { rating: 2 });
    expect(await toReview()).toEqual([a.id]);
  });
});

describe('averages, hiding and the caches', () => {
  let other: Awaited<ReturnType<typeof createSecondInstance>>;
  beforeAll(async () => {
    other = await createSecondInstance(t);
  });
  afterAll(async () => {
    await other?.close();
  });

  it('shows the average and count everywhere at once, hides and shows a review again (audited)', async () => {
    const id = products[5]!.id;
    // Everything a shopper reads is in the caches (and the page is kept) before the first review.
    expect(await detail(id)).toMatchObject({ rating: 0, reviewCount: 0 });
    expect(await detail(id, other.app)).toMatchObject({ rating: 0, reviewCount: 0 });
    expect(await listed(id)).toMatchObject({ rating: 0, reviewCount: 0 });
    expect(await publicReviews(id)).toEqual({ average: 0, count: 0, reviews: [] });
    const page = await t.app.inject({ method: 'GET', url: `/products/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('AggregateRating');

    const people = [
      await buyer(id, 'delivered', 'Arta Krasniqi'),
      await buyer(id, 'delivered', 'Dren Berisha'),
      await buyer(id, 'shipped', 'Vesa'),
    ];
    const ids: number[] = [];
    for (const [i, rating] of [5, 4, 4].entries()) {
      const res = await review(people[i]!, id, { rating, text: i === 0 ? 'E shkëlqyer' : '' });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<{ review: { id: number } }>().review.id);
    }
    expect(await detail(id)).toMatchObject({ rating: 4.3, reviewCount: 3 });
    expect(ratingSummary(4.3, 3)).toBe('4,3 (3 vlerësime)');
    expect(await listed(id)).toMatchObject({ rating: 4.3, reviewCount: 3 });
    const shown = await publicReviews(id);
    expect(shown).toMatchObject({ average: 4.3, count: 3 });
    expect(shown.reviews.map((r) => r.author)).toEqual(['Vesa', 'Dren B.', 'Arta K.']);
    // Never the account: no e-mail, no user id.
    expect(JSON.stringify(shown)).not.toMatch(/@|userId|user_id/);
    await expect.poll(async () => (await detail(id, other.app)).reviewCount, { timeout: 5000 }).toBe(3);
    const kept = await t.app.inject({ method: 'GET', url: `/products/${id}` });
    expect(kept.body).toContain('"AggregateRating"');
    expect(kept.body).toContain('"ratingValue":"4.3"');
    expect(kept.body).toContain('"reviewCount":3');

    // Hidden: gone from the page, the average and the count; the author still sees it as hidden.
    await expectAdminOnly(t, actors, { method: 'PATCH', url: `/api/admin/reviews/${ids[0]}`, payload: { hidden: true } });
    const hide = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/reviews/${ids[0]}`,
      headers: actors.admin.auth,
      payload: { hidden: true },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toMatchObject({ msg: reviewMessages.hidden, review: { id: ids[0], hidden: true, customerName: 'Arta Krasniqi' } });
    expect(await detail(id)).toMatchObject({ rating: 4, reviewCount: 2 });
    expect((await publicReviews(id)).reviews.map((r) => r.id)).not.toContain(ids[0]);
    const own = await t.app.inject({ method: 'GET', url: `/api/products/${id}/reviews/mine`, headers: people[0]!.auth });
    expect(own.json()).toMatchObject({ canReview: true, review: { id: ids[0], hidden: true } });
    // The author's edit does not bring it back: staff decided.
    expect((await review(people[0]!, id, { rating: 5, text: 'Prapë' }, 'PUT')).statusCode).toBe(200);
    expect(await detail(id)).toMatchObject({ reviewCount: 2 });

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/reviews?visibility=hidden', headers: actors.admin.auth });
    expect(list.json()).toMatchObject({ total: 1, counts: { hidden: 1 }, items: [{ id: ids[0], productId: id, hidden: true }] });

    const unhide = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/reviews/${ids[0]}`,
      headers: actors.admin.auth,
      payload: { hidden: false },
    });
    expect(unhide.json()).toMatchObject({ msg: reviewMessages.shown, review: { hidden: false } });
    expect(await detail(id)).toMatchObject({ rating: 4.3, reviewCount: 3 });

    const audit = await t.db.execute(
      sql`select kind, target_type, target_id, before, after from audit_log where target_type = 'review' order by id`,
    );
    expect((audit as unknown as { rows: unknown[] }).rows).toEqual([
      expect.objectContaining({
        kind: 'review.hide',
        target_id: String(ids[0]),
        before: expect.objectContaining({ hidden: false }),
        after: expect.objectContaining({ hidden: true }),
      }),
      expect.objectContaining({ kind: 'review.unhide', target_id: String(ids[0]) }),
    ]);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/reviews/999999',
      headers: actors.admin.auth,
      payload: { hidden: true },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ msg: reviewMessages.reviewNotFound });
  });

  it("drops a deleted customer's review from the average", async () => {
    const id = products[6]!.id;
    const who = await buyer(id);
    expect((await review(who, id, { rating: 2 })).statusCode).toBe(201);
    expect(await detail(id)).toMatchObject({ rating: 2, reviewCount: 1 });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/users_new/${who.user.id}`, headers: actors.admin.auth });
    expect(del.statusCode).toBe(200);
    expect(await detail(id)).toMatchObject({ rating: 0, reviewCount: 0 });
    expect(await publicReviews(id)).toEqual({ average: 0, count: 0, reviews: [] });
  });

  it('counts two customers rating at the same moment', async () => {
    const id = products[7]!.id;
    const a = await buyer(id);
    const b = await buyer(id);
    const [ra, rb] = await Promise.all([review(a, id, { rating: 5 }), review(b, id, { rating: 3 })]);
    expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
    expect(await detail(id)).toMatchObject({ rating: 4, reviewCount: 2 });
  });
});

describe('related products and accessories', () => {
  it('offer the same kind and the cases that fit a phone, never the product itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products/IPHONE-16-PRO-MAX/related' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ related: { id: string; category: string }[]; accessories: { id: string; category: string }[] }>();
    expect(body.related.length).toBeGreaterThan(0);
    expect(body.related.every((p) => p.category === 'phone' && p.id !== 'iphone-16-pro-max')).toBe(true);
    expect(body.accessories.map((p) => p.id)).toContain('mbrojtese-silikoni-magsafe-iphone-16-pro-max');
    expect(body.accessories.every((p) => ['case', 'accessory'].includes(p.category))).toBe(true);
    const none = await t.app.inject({ method: 'GET', url: '/api/products/nuk-ekziston/related' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ msg: msg.productNotFound });
  });
});
