import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { adminMsg } from '@shop/shared/messages-admin';
import { orders, users } from '../db/schema';
import { countRows, createTestApp, createUser, type TestApp } from '../test/harness';
import { adminActors, expectAdminOnly, placeOrder, storefrontProducts, type Actor } from '../test/admin-helpers';
import { deleteUser, setBlocked, setRole } from '../services/admin-users';
import { asHttp } from '../test/as-http';

let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
beforeAll(async () => {
  t = await createTestApp();
  actors = await adminActors(t);
});
afterAll(async () => {
  await t?.close();
});

const as = (who: Actor) => who.auth;
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('admin guard on /api/admin/users_new', () => {
  it('answers 401 without a token and 403 for a customer or a blocked admin, changing nothing', async () => {
    const target = await createUser(t);
    const before = await countRows(t, 'users');
    const base = `/api/admin/users_new/${target.user.id}`;
    await expectAdminOnly(t, actors, { method: 'GET', url: '/api/admin/users_new' });
    await expectAdminOnly(t, actors, { method: 'DELETE', url: base });
    await expectAdminOnly(t, actors, { method: 'PUT', url: `${base}/role`, payload: { role: 'admin' } });
    await expectAdminOnly(t, actors, { method: 'PUT', url: `${base}/block` });
    expect(await countRows(t, 'users')).toBe(before);
    expect(await userRow(target.user.id)).toMatchObject({ role: 'user', blocked: false });
  });

  it('checks the token before the body: a bad body without a token is still 401', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/users_new/1/role`, payload: { role: 'king' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/admin/users_new', () => {
  it('lists every user with id, name, email, role and blocked, never a password hash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/users_new', headers: as(actors.admin) });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Record<string, unknown>[];
    expect(list).toHaveLength(await countRows(t, 'users'));
    expect(list).toContainEqual(
      expect.objectContaining({ id: actors.blockedAdmin.user.id, role: 'admin', isAdmin: true, blocked: true, name: 'Admin i Bllokuar' }),
    );
    expect(list).toContainEqual(expect.objectContaining({ id: actors.customer.user.id, email: actors.customer.user.email, role: 'user' }));
    expect(res.body).not.toMatch(/password|argon2|googleSub/i);
  });
});

describe('PUT /api/admin/users_new/{id}/role', () => {
  it('promotes a customer (a new sign-in then opens the admin area) and demotes them again, each change ending the sessions', async () => {
    const target = await createUser(t);
    const up = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users_new/${target.user.id}/role`,
      headers: as(actors.admin),
      payload: { role: 'admin' },
    });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ id: target.user.id, role: 'admin', isAdmin: true });
    expect((await userRow(target.user.id))?.role).toBe('admin');
    // A role change ends the user's sessions (issue 13): the old token is dead, a new sign-in is an admin's.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users_new', headers: target.auth })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.user.email, password: target.password },
    });
    const adminAuth = { authorization: `Bearer ${login.json().token}` };
    const now = await t.app.inject({ method: 'GET', url: '/api/admin/users_new', headers: adminAuth });
    expect(now.statusCode).toBe(200);

    const down = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users_new/${target.user.id}/role`,
      headers: as(actors.admin),
      payload: { role: 'user' },
    });
    expect(down.statusCode).toBe(200);
    expect((await userRow(target.user.id))?.role).toBe('user');
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/users_new', headers: adminAuth });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a bad role or a missing body with 400 and an Albanian msg, changing nothing', async () => {
    const target = await createUser(t);
    const url = `/api/admin/users_new/${target.user.id}/role`;
    for (const payload of [{ role: 'superadmin' }, { role: '' }, {}, { role: 1 }]) {
      const res = await t.app.inject({ method: 'PUT', url, headers: as(actors.admin), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().msg).toBe(adminMsg.role);
    }
    const noBody = await t.app.inject({ method: 'PUT', url, headers: as(actors.admin) });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().msg).toMatch(/\S/);
    expect((await userRow(target.user.id))?.role).toBe('user');
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/users_new/999999/role',
      headers: as(actors.admin),
      payload: { role: 'admin' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ msg: adminMsg.userNotFound });
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const bad = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/users_new/${id}/role`,
        headers: as(actors.admin),
        payload: { role: 'admin' },
      });
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json().msg).toBe(adminMsg.badId);
    }
  });
});

describe('PUT /api/admin/users_new/{id}/block', () => {
  it('toggles the block: a blocked user can neither log in nor use a token, and is let back in when unblocked', async () => {
    const target = await createUser(t, { email: 'bllokim@example.com' });
    const url = `/api/admin/users_new/${target.user.id}/block`;
    const block = await t.app.inject({ method: 'PUT', url, headers: as(actors.admin) });
    expect(block.statusCode).toBe(200);
    expect(block.json()).toMatchObject({ id: target.user.id, blocked: true });
    expect((await userRow(target.user.id))?.blocked).toBe(true);
    const denied = await login('bllokim@example.com', target.password);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe('Llogaria juaj është bllokuar. Kontaktoni dyqanin.');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: target.auth })).statusCode).toBe(401);

    const unblock = await t.app.inject({ method: 'PUT', url, headers: as(actors.admin) });
    expect(unblock.json()).toMatchObject({ blocked: false });
    expect((await userRow(target.user.id))?.blocked).toBe(false);
    expect((await login('bllokim@example.com', target.password)).statusCode).toBe(200);
  });

  it('sets the state when given { blocked }, so a repeated click is harmless', async () => {
    const target = await createUser(t);
    const url = `/api/admin/users_new/${target.user.id}/block`;
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'PUT', url, headers: as(actors.admin), payload: { blocked: true } });
      expect(res.json()).toMatchObject({ blocked: true });
    }
    expect((await userRow(target.user.id))?.blocked).toBe(true);
    const bad = await t.app.inject({ method: 'PUT', url, headers: as(actors.admin), payload: { blocked: 'po' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(adminMsg.blockedFlag);
    expect((await userRow(target.user.id))?.blocked).toBe(true);
  });

  it('also toggles when a client sends a JSON content type with an empty body', async () => {
    const target = await createUser(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users_new/${target.user.id}/block`,
      headers: { ...as(actors.admin), 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect((await userRow(target.user.id))?.blocked).toBe(true);
    const broken = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users_new/${target.user.id}/block`,
      headers: { ...as(actors.admin), 'content-type': 'application/json' },
      payload: '{"blocked":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ msg: 'Trupi i kërkesës nuk është JSON i vlefshëm.' });
    expect((await userRow(target.user.id))?.blocked).toBe(true);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/users_new/888888/block', headers: as(actors.admin) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: adminMsg.userNotFound });
  });
});

describe('DELETE /api/admin/users_new/{id}', () => {
  it("deletes a customer and keeps their orders, which the order list then shows as 'Anonim'", async () => {
    const target = await createUser(t);
    const [product] = await storefrontProducts(t);
    const order = await placeOrder(t, target, [{ id: product!.id, price: product!.price, quantity: 1 }]);
    const before = await countRows(t, 'users');

    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/users_new/${target.user.id}`, headers: as(actors.admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: adminMsg.userDeleted, id: target.user.id });
    expect(await countRows(t, 'users')).toBe(before - 1);
    expect(await userRow(target.user.id)).toBeUndefined();
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ userId: null, status: 'pending' });

    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: as(actors.admin) })).json() as {
      id: number;
      user: string;
      products: unknown[];
    }[];
    expect(list.find((o) => o.id === order.id)).toMatchObject({ user: 'Anonim', products: [expect.objectContaining({ id: product!.id })] });
  });

  it('answers 404 for an unknown user and 400 for a malformed id, deleting nothing', async () => {
    const before = await countRows(t, 'users');
    const unknown = await t.app.inject({ method: 'DELETE', url: '/api/admin/users_new/777777', headers: as(actors.admin) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ msg: adminMsg.userNotFound });
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/admin/users_new/nje', headers: as(actors.admin) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ msg: adminMsg.badId });
    expect(await countRows(t, 'users')).toBe(before);
  });

  it('takes only digits as an id: "0x..", "..e0" or " .." never reach another user', async () => {
    const target = await createUser(t);
    const before = await countRows(t, 'users');
    const id = target.user.id;
    for (const spelled of [`0x${id.toString(16)}`, `${id}e0`, `%20${id}`, `${id}.0`]) {
      const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/users_new/${spelled}`, headers: as(actors.admin) });
      expect(del.statusCode, spelled).toBe(400);
      expect(del.json()).toEqual({ msg: adminMsg.badId });
      const block = await t.app.inject({ method: 'PUT', url: `/api/admin/users_new/${spelled}/block`, headers: as(actors.admin) });
      expect(block.statusCode, spelled).toBe(400);
    }
    expect(await countRows(t, 'users')).toBe(before);
    expect(await userRow(id)).toMatchObject({ role: 'user', blocked: false });
  });
});

describe('self-protection', () => {
  it('an admin cannot delete, block or demote their own account (409), but may re-affirm their role', async () => {
    const me = actors.admin.user.id;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/users_new/${me}`, headers: as(actors.admin) });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ msg: adminMsg.selfDelete });
    const block = await t.app.inject({ method: 'PUT', url: `/api/admin/users_new/${me}/block`, headers: as(actors.admin) });
    expect(block.statusCode).toBe(409);
    expect(block.json()).toEqual({ msg: adminMsg.selfBlock });
    const demote = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users_new/${me}/role`,
      headers: as(actors.admin),
      payload: { role: 'user' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ msg: adminMsg.selfDemote });
    const stay = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users_new/${me}/role`,
      headers: as(actors.admin),
      payload: { role: 'admin' },
    });
    expect(stay.statusCode).toBe(200);
    expect(await userRow(me)).toMatchObject({ role: 'admin', blocked: false });
  });

  it('an admin may act on another admin while another active admin remains', async () => {
    const other = await createUser(t, { role: 'admin' });
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/users_new/${other.user.id}/block`, headers: as(actors.admin) });
    expect(res.statusCode).toBe(200);
    expect((await userRow(other.user.id))?.blocked).toBe(true);
  });
});

describe('the last active admin stays', () => {
  /** Leaves exactly the given accounts as the active admins. */
  async function onlyActiveAdmins(...keep: number[]) {
    const rows = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.blocked, false)));
    for (const r of rows) if (!keep.includes(r.id)) await t.db.update(users).set({ role: 'user' }).where(eq(users.id, r.id));
    for (const id of keep) await t.db.update(users).set({ role: 'admin', blocked: false }).where(eq(users.id, id));
  }

  it('refuses to demote, block or delete the only active admin, whoever asks', async () => {
    const last = await createUser(t, { role: 'admin' });
    await onlyActiveAdmins(last.user.id);
    // Through the API the asking admin is always another active admin, so the rule is reached
    // when the asker lost their rights meanwhile: call the service as such an actor (id 0).
    const gone = { id: 0, email: 'gone@test.local' };
    await expect(asHttp(setRole(t.db, gone, last.user.id, 'user'))).rejects.toMatchObject({ statusCode: 409, message: adminMsg.lastAdmin });
    await expect(asHttp(setBlocked(t.db, gone, last.user.id))).rejects.toMatchObject({ statusCode: 409, message: adminMsg.lastAdmin });
    await expect(asHttp(deleteUser(t.db, gone, last.user.id))).rejects.toMatchObject({ statusCode: 409, message: adminMsg.lastAdmin });
    expect(await userRow(last.user.id)).toMatchObject({ role: 'admin', blocked: false });
    // Promoting someone else is fine, and so is acting on a non-admin.
    await expect(setRole(t.db, last.user, actors.customer.user.id, 'admin')).resolves.toMatchObject({ role: 'admin' });
    await expect(setRole(t.db, last.user, actors.customer.user.id, 'user')).resolves.toMatchObject({ role: 'user' });
  });

  it('two admins demoting each other at the same moment: exactly one wins, one admin remains', async () => {
    const a = await createUser(t, { role: 'admin' });
    const b = await createUser(t, { role: 'admin' });
    await onlyActiveAdmins(a.user.id, b.user.id);
    const [ab, ba] = await Promise.all([
      t.app.inject({ method: 'PUT', url: `/api/admin/users_new/${b.user.id}/role`, headers: a.auth, payload: { role: 'user' } }),
      t.app.inject({ method: 'PUT', url: `/api/admin/users_new/${a.user.id}/role`, headers: b.auth, payload: { role: 'user' } }),
    ]);
    const codes = [ab.statusCode, ba.statusCode];
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    // The loser either saw the rule (409), had already lost the admin role (403), or had already
    // lost his session with it (401: a role change ends the user's sessions).
    expect(codes.filter((c) => c === 409 || c === 403 || c === 401)).toHaveLength(1);
    const active = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.blocked, false), ne(users.id, 0)));
    expect(active).toHaveLength(1);
  });
});
