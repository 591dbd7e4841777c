import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import { auditKinds, auditKindLabels } from '@shop/shared/domain/audit';
import { adminMsg } from '@shop/shared/messages-admin';
import { auditMsg } from '@shop/shared/messages-audit';
import type { AuditPage } from '@shop/shared/schemas/audit';
import { auditLog, users } from '../db/schema';
import { countRows, createTestApp, createUser, type TestApp } from '../test/harness';
import { adminActors, completeWarrantySheet, expectAdminOnly, placeOrder, storefrontProducts } from '../test/admin-helpers';
import { setRole } from '../services/admin-users';

let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await adminActors(t);
});
afterAll(async () => {
  await t?.close();
});

type Entry = typeof auditLog.$inferSelect;

/** The entries written since `sinceId`, oldest first. */
async function entriesSince(sinceId: number): Promise<Entry[]> {
  return t.db.select().from(auditLog).where(gt(auditLog.id, sinceId)).orderBy(asc(auditLog.id));
}
async function lastId(): Promise<number> {
  const rows = await t.db.select({ id: auditLog.id }).from(auditLog);
  return rows.reduce((m, r) => Math.max(m, r.id), 0);
}

/** Runs `act` and answers the entries it wrote, checking each was written between the start and the end. */
async function recorded(act: () => Promise<void>): Promise<Entry[]> {
  const since = await lastId();
  const start = Date.now();
  await act();
  const end = Date.now();
  const entries = await entriesSince(since);
  for (const e of entries) {
    expect(e.createdAt.getTime()).toBeGreaterThanOrEqual(start - 1000);
    expect(e.createdAt.getTime()).toBeLessThanOrEqual(end + 1000);
  }
  return entries;
}

const as = (who: { auth: { authorization: string } }) => who.auth;
const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = actors.admin.auth) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const byAdmin = () => ({ actorId: actors.admin.user.id, actorEmail: actors.admin.user.email });

/** Nothing secret ever lands in an entry. */
function expectNoSecrets(e: Entry) {
  const text = JSON.stringify([e.before, e.after]).toLowerCase();
  for (const word of ['password', 'hash', 'totp', 'secret', 'token', 'recovery', 'argon']) expect(text).not.toContain(word);
}

describe('finding 8: every admin action leaves exactly one entry with who, when, what, before and after', () => {
  it('finding 8: deleting a user records the user as he was', async () => {
    const victim = await createUser(t, { name: 'Për Fshirje' });
    const entries = await recorded(async () => {
      expect((await inject('DELETE', `/api/admin/users_new/${victim.user.id}`)).statusCode).toBe(200);
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...byAdmin(),
      kind: 'user.delete',
      targetType: 'user',
      targetId: String(victim.user.id),
      before: { name: 'Për Fshirje', email: victim.user.email, role: 'user', blocked: false },
      after: null,
    });
    expectNoSecrets(entries[0]!);
  });

  it('finding 8: a role change records the role before and after; setting the same role again records nothing', async () => {
    const target = await createUser(t);
    const entries = await recorded(async () => {
      expect((await inject('PUT', `/api/admin/users_new/${target.user.id}/role`, { role: 'admin' })).statusCode).toBe(200);
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...byAdmin(),
      kind: 'user.role',
      targetType: 'user',
      targetId: String(target.user.id),
      before: { email: target.user.email, role: 'user' },
      after: { email: target.user.email, role: 'admin' },
    });
    expectNoSecrets(entries[0]!);
    const again = await recorded(async () => {
      expect((await inject('PUT', `/api/admin/users_new/${target.user.id}/role`, { role: 'admin' })).statusCode).toBe(200);
    });
    expect(again).toEqual([]);
  });

  it('finding 8: blocking and unblocking each record one entry of their own kind', async () => {
    const target = await createUser(t);
    const block = await recorded(async () => {
      expect((await inject('PUT', `/api/admin/users_new/${target.user.id}/block`, { blocked: true })).statusCode).toBe(200);
    });
    expect(block).toHaveLength(1);
    expect(block[0]).toMatchObject({ ...byAdmin(), kind: 'user.block', before: { blocked: false }, after: { blocked: true } });
    const unblock = await recorded(async () => {
      // Without a body the block toggles.
      expect((await inject('PUT', `/api/admin/users_new/${target.user.id}/block`)).statusCode).toBe(200);
    });
    expect(unblock).toHaveLength(1);
    expect(unblock[0]).toMatchObject({
      ...byAdmin(),
      kind: 'user.unblock',
      targetId: String(target.user.id),
      before: { blocked: true },
      after: { blocked: false },
    });
  });

  it('finding 8: creating, editing (the price) and deleting a product record what was set, changed and removed', async () => {
    let id = '';
    const created = await recorded(async () => {
      const res = await inject('POST', '/api/admin/products', { name: 'Telefon Historiku', price: 299, category: 'phone' });
      expect(res.statusCode).toBe(201);
      id = res.json().id;
    });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      ...byAdmin(),
      kind: 'product.create',
      targetType: 'product',
      targetId: id,
      before: null,
      after: { name: 'Telefon Historiku', price: 299, oldPrice: null, category: 'phone' },
    });

    const edited = await recorded(async () => {
      expect((await inject('PUT', `/api/admin/products/${id}`, { name: 'Telefon Historiku', price: 279 })).statusCode).toBe(200);
    });
    expect(edited).toHaveLength(1);
    // Only the changed fields, with the name to say which product.
    expect(edited[0]).toMatchObject({ ...byAdmin(), kind: 'product.update', targetId: id });
    expect(edited[0]!.before).toEqual({ name: 'Telefon Historiku', price: 299 });
    expect(edited[0]!.after).toEqual({ name: 'Telefon Historiku', price: 279 });

    const unchanged = await recorded(async () => {
      expect((await inject('PUT', `/api/admin/products/${id}`, { name: 'Telefon Historiku', price: 279 })).statusCode).toBe(200);
    });
    expect(unchanged).toEqual([]);

    const deleted = await recorded(async () => {
      // Any letter case of the id names the product; the entry keeps the id as stored.
      expect((await inject('DELETE', `/api/admin/products/${id.toUpperCase()}`)).statusCode).toBe(200);
    });
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({
      ...byAdmin(),
      kind: 'product.delete',
      targetId: id,
      before: { name: 'Telefon Historiku', price: 279 },
      after: null,
    });
  });

  it('finding 8: an order status change records the status before and after', async () => {
    const [p] = await storefrontProducts(t);
    const order = await placeOrder(t, actors.customer, [{ id: p!.id, price: p!.price, quantity: 1 }]);
    const entries = await recorded(async () => {
      expect((await inject('PATCH', `/api/admin/orders/${order.id}`, { status: 'delivered' })).statusCode).toBe(200);
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...byAdmin(),
      kind: 'order.status',
      targetType: 'order',
      targetId: String(order.id),
      before: { status: 'pending' },
      after: { status: 'delivered' },
    });
  });

  it('finding 8: deleting a warranty sheet records its main fields, not the customer contact or the IMEI', async () => {
    const res = await inject('POST', '/api/admin/warranty', { ...completeWarrantySheet, status: 'printed' });
    expect(res.statusCode).toBe(201);
    const sheet = res.json() as { id: number; data: string };
    const entries = await recorded(async () => {
      expect((await inject('DELETE', `/api/admin/warranty/${sheet.id}`)).statusCode).toBe(200);
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...byAdmin(),
      kind: 'warranty.delete',
      targetType: 'warranty',
      targetId: String(sheet.id),
      before: {
        emri: 'Arta',
        mbiemri: 'Krasniqi',
        marka: 'Apple',
        modeli: 'iPhone 15 Pro',
        cmimi: 89.5,
        status: 'printed',
        data: sheet.data,
      },
      after: null,
    });
    const text = JSON.stringify(entries[0]!.before);
    expect(text).not.toContain(completeWarrantySheet.imei);
    expect(text).not.toContain(completeWarrantySheet.telefoni);
    expect(text).not.toContain(completeWarrantySheet.email);
  });

  it('issue 26: a sheet made (a draft, then completed and printed from the form) and printed is in Historiku at each step', async () => {
    let id = 0;
    const made = await recorded(async () => {
      const res = await inject('POST', '/api/admin/warranty', { emri: 'Besa', status: 'draft' });
      expect(res.statusCode, res.body).toBe(201);
      id = (res.json() as { id: number }).id;
    });
    expect(made).toMatchObject([
      { ...byAdmin(), kind: 'warranty.create', targetId: String(id), before: null, after: { emri: 'Besa', status: 'draft' } },
    ]);
    // 'Printo' on the reopened draft: the sheet is completed as printed, then its print is recorded.
    const completed = await recorded(async () => {
      const res = await inject('PUT', `/api/admin/warranty/${id}`, { ...completeWarrantySheet, emri: 'Besa', status: 'printed' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await inject('POST', `/api/admin/warranty/${id}/print`)).statusCode).toBe(200);
    });
    expect(completed.map((e) => e.kind)).toEqual(['warranty.update', 'warranty.print']);
    expect(completed[0]).toMatchObject({
      ...byAdmin(),
      targetType: 'warranty',
      targetId: String(id),
      before: { emri: 'Besa', status: 'draft', modeli: '' },
      after: { emri: 'Besa', status: 'printed', modeli: 'iPhone 15 Pro', cmimi: 89.5 },
    });
    expect(JSON.stringify(completed)).not.toContain(completeWarrantySheet.imei);
    // 'Historiku' names it.
    const page = (await inject('GET', '/api/admin/audit?kind=warranty.update')).json() as AuditPage;
    expect(page.items.find((e) => e.targetId === String(id))).toMatchObject({ kindLabel: 'Ndryshim flete garancioni' });
    // A printed sheet is final: the refused edit writes nothing.
    const refused = await recorded(async () => {
      expect((await inject('PUT', `/api/admin/warranty/${id}`, { ...completeWarrantySheet, status: 'printed' })).statusCode).toBe(409);
      expect((await inject('PUT', '/api/admin/warranty/999999', { ...completeWarrantySheet, status: 'draft' })).statusCode).toBe(404);
    });
    expect(refused).toEqual([]);
  });
});

describe('finding 8: a refused or rolled-back action leaves no entry', () => {
  it('finding 8: refusals (own account, last admin, a final order, an unknown record) write nothing', async () => {
    const before = await countRows(t, 'audit_log');
    const [p] = await storefrontProducts(t);
    const order = await placeOrder(t, actors.customer, [{ id: p!.id, price: p!.price, quantity: 1 }]);
    expect((await inject('PATCH', `/api/admin/orders/${order.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const afterSetup = await countRows(t, 'audit_log');
    expect(afterSetup).toBe(before + 1);

    const refusals: [string, Awaited<ReturnType<typeof inject>>, number][] = [
      ['self delete', await inject('DELETE', `/api/admin/users_new/${actors.admin.user.id}`), 409],
      ['self demote', await inject('PUT', `/api/admin/users_new/${actors.admin.user.id}/role`, { role: 'user' }), 409],
      ['self block', await inject('PUT', `/api/admin/users_new/${actors.admin.user.id}/block`, { blocked: true }), 409],
      ['final order', await inject('PATCH', `/api/admin/orders/${order.id}`, { status: 'delivered' }), 409],
      ['unknown order', await inject('PATCH', '/api/admin/orders/999999', { status: 'delivered' }), 404],
      ['unknown user', await inject('DELETE', '/api/admin/users_new/999999'), 404],
      ['unknown product', await inject('PUT', '/api/admin/products/nuk-ekziston', { name: 'X', price: 1 }), 404],
      ['unknown product delete', await inject('DELETE', '/api/admin/products/nuk-ekziston'), 404],
      ['unknown sheet', await inject('DELETE', '/api/admin/warranty/999999'), 404],
      ['bad price', await inject('PUT', `/api/admin/products/${p!.id}`, { name: 'X', price: -1 }), 400],
    ];
    for (const [why, res, status] of refusals) expect(res.statusCode, why).toBe(status);
    expect(await countRows(t, 'audit_log')).toBe(afterSetup);
  });

  it('finding 8: deleting the last active admin is refused (409) and leaves no entry', async () => {
    // Through the API the asker is always another active admin, so the rule is reached when the
    // asker lost their rights meanwhile: the service called as such an actor.
    const last = await createUser(t, { role: 'admin' });
    const others = await t.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.blocked, false)));
    for (const u of others) if (u.id !== last.user.id) await t.db.update(users).set({ role: 'user' }).where(eq(users.id, u.id));
    try {
      const before = await countRows(t, 'audit_log');
      const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/users_new/${last.user.id}`, headers: last.auth });
      expect(res.statusCode).toBe(409);
      await expect(setRole(t.db, { id: actors.admin.user.id, email: actors.admin.user.email }, last.user.id, 'user')).rejects.toMatchObject(
        {
          message: adminMsg.lastAdmin,
        },
      );
      expect(await countRows(t, 'audit_log')).toBe(before);
    } finally {
      for (const u of others) await t.db.update(users).set({ role: u.role }).where(eq(users.id, u.id));
    }
  });

  it("finding 8: the entry is written in the change's transaction: when it cannot be written, the change is undone", async () => {
    const target = await createUser(t);
    const before = await countRows(t, 'audit_log');
    // An actor whose row does not exist: the entry's foreign key fails, so the whole change rolls back.
    await expect(setRole(t.db, { id: 2_000_000_000, email: 'ghost@test.local' }, target.user.id, 'admin')).rejects.toThrow();
    const [row] = await t.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row!.role).toBe('user');
    expect(await countRows(t, 'audit_log')).toBe(before);
  });
});

describe('finding 8: GET /api/admin/audit', () => {
  const list = async (query = '', headers = actors.admin.auth) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuditPage;
  };

  it('finding 8: only admins read it: 401 without a valid token, 403 for a customer or a blocked admin', async () => {
    await expectAdminOnly(t, actors, { method: 'GET', url: '/api/admin/audit' });
  });

  it('finding 8: newest first, 20 a page with the total, filtered by admin and by kind', async () => {
    const second = await createUser(t, { role: 'admin', email: 'zz-second-admin@test.local' });
    const target = await createUser(t);
    // 23 toggles of the block by the first admin, then 2 role changes by the second.
    for (let i = 0; i < 23; i++) expect((await inject('PUT', `/api/admin/users_new/${target.user.id}/block`)).statusCode).toBe(200);
    expect((await inject('PUT', `/api/admin/users_new/${target.user.id}/role`, { role: 'admin' }, as(second))).statusCode).toBe(200);
    expect((await inject('PUT', `/api/admin/users_new/${target.user.id}/role`, { role: 'user' }, as(second))).statusCode).toBe(200);

    const all = await list();
    const total = await countRows(t, 'audit_log');
    expect(all).toMatchObject({ total, page: 1, pageSize: 20 });
    expect(all.items).toHaveLength(20);
    const times = all.items.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all.items[0]).toMatchObject({
      actor: { id: second.user.id, email: second.user.email },
      kind: 'user.role',
      kindLabel: auditKindLabels['user.role'],
      targetType: 'user',
      targetId: String(target.user.id),
      before: { role: 'admin' },
      after: { role: 'user' },
    });
    expect(all.kinds).toEqual(auditKinds.map((kind) => ({ kind, label: auditKindLabels[kind] })));
    expect(all.actors).toEqual(
      expect.arrayContaining([
        { id: actors.admin.user.id, email: actors.admin.user.email },
        { id: second.user.id, email: second.user.email },
      ]),
    );
    expect(all.actors.map((a) => a.email)).toEqual([...all.actors.map((a) => a.email)].sort((a, b) => a.localeCompare(b)));

    // Paging: the pages together are the whole log, each entry once.
    const pages = Math.ceil(total / 20);
    const ids: number[] = [];
    for (let page = 1; page <= pages; page++) ids.push(...(await list(`?page=${page}`)).items.map((e) => e.id));
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    const past = await list(`?page=${pages + 1}`);
    expect(past).toMatchObject({ items: [], total, page: pages + 1 });

    const bySecond = await list(`?actor=${second.user.id}`);
    expect(bySecond.total).toBe(2);
    expect(bySecond.items.map((e) => e.after)).toEqual([
      { email: target.user.email, name: target.user.name, role: 'user' },
      expect.objectContaining({ role: 'admin' }),
    ]);

    const blocks = await list(`?kind=user.block&actor=${actors.admin.user.id}`);
    expect(blocks.items.every((e) => e.kind === 'user.block' && e.actor.id === actors.admin.user.id)).toBe(true);
    const unblocks = await list(`?kind=user.unblock&actor=${actors.admin.user.id}&page=1`);
    expect(blocks.total).toBeGreaterThanOrEqual(12);
    expect(unblocks.total).toBeGreaterThanOrEqual(11);

    const nobody = await list(`?actor=${actors.customer.user.id}`);
    expect(nobody).toMatchObject({ items: [], total: 0 });
  });

  it("finding 8: an entry keeps its admin's e-mail after his account is deleted", async () => {
    const gone = await createUser(t, { role: 'admin', email: 'gone-admin@test.local' });
    const target = await createUser(t);
    expect((await inject('PUT', `/api/admin/users_new/${target.user.id}/block`, { blocked: true }, as(gone))).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/admin/users_new/${gone.user.id}`)).statusCode).toBe(200);
    const page = await list('?kind=user.block');
    const entry = page.items.find((e) => e.targetId === String(target.user.id));
    expect(entry?.actor).toEqual({ id: null, email: 'gone-admin@test.local' });
    expect(page.actors.some((a) => a.email === 'gone-admin@test.local')).toBe(false);
  });

  it('finding 8: a bad page, admin or kind is a 400 with an Albanian message', async () => {
    const cases: [string, string][] = [
      ['?page=0', auditMsg.badPage],
      ['?page=-2', auditMsg.badPage],
      ['?page=abc', auditMsg.badPage],
      ['?page=1.5', auditMsg.badPage],
      ['?actor=x', auditMsg.badActor],
      ['?actor=0', auditMsg.badActor],
      ['?kind=user.password', auditMsg.badKind],
      ['?kind=', auditMsg.badKind],
    ];
    for (const [query, msg] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: actors.admin.auth });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ msg });
    }
  });
});
