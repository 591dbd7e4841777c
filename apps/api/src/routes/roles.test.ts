import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { msg } from '@shop/shared/messages';
import { adminMsg } from '@shop/shared/messages-admin';
import { twoFactorText } from '@shop/shared/messages-two-factor';
import { mayCallAdminRoute, routeKey, staffRoutes } from '@shop/shared/domain/permissions';
import { auditLog, sessions, users } from '../db/schema';
import { createTestApp, createUser, type TestApp } from '../test/harness';
import { completeRepairIntake, completeWarrantySheet, placeOrder, storefrontProducts } from '../test/admin-helpers';
import { login } from '../test/two-factor';
import { assertAdminSecondFactor } from '../services/two-factor';
import { Forbidden } from '../services/errors';

/**
 * The staff role ('Punonjës', issue 28, decision 041): the admin guard lets staff through only to
 * the routes `domain/permissions.ts` `staffRoutes` names; every other admin route is the owner's.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { role: 'admin', name: 'Pronari Testi' });
  staff = await createUser(t, { role: 'staff', name: 'Punonjësi Testi' });
  customer = await createUser(t, { name: 'Klienti Testi', emailVerified: true });
});
afterAll(async () => {
  await t?.close();
});

/** Admin routes outside /api/admin: the contract's product creation at POST /api/products. */
const adminRoutesOutsideAdmin = new Set(['POST /api/products']);

/** Every registered admin route (HEAD apart: it is its GET), by its pattern. */
function adminRoutes(): { method: string; url: string; key: string }[] {
  return t.app.routeIndex
    .list()
    .filter((r) => r.method !== 'HEAD')
    .map((r) => ({ method: r.method, url: r.url, key: routeKey(r.method, r.url) }))
    .filter((r) => r.url.startsWith('/api/admin/') || adminRoutesOutsideAdmin.has(r.key));
}

/** A concrete address for a pattern: every parameter 1 (no such row: the guard answers first anyway). */
const addressOf = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

const call = (method: string, url: string, headers: Record<string, string>) =>
  t.app.inject({
    method: method as 'GET',
    url: addressOf(url),
    headers,
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });

describe('every admin route is classified: staff get 403 on the owner’s, never on their own', () => {
  it('walks the registered routes: owner-only ones answer 403 ownerOnly to staff, staff ones do not answer 403', async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(40);
    const staffKeys = new Set<string>(staffRoutes);
    let ownerOnly = 0;
    let staffOnes = 0;
    for (const r of routes) {
      const res = await call(r.method, r.url, staff.auth);
      if (staffKeys.has(r.key)) {
        staffOnes += 1;
        expect(res.statusCode, `${r.key} is a staff route`).not.toBe(403);
        expect(res.statusCode, `${r.key} is a staff route`).not.toBe(401);
      } else {
        ownerOnly += 1;
        expect(res.statusCode, `${r.key} is the owner's`).toBe(403);
        expect(res.json(), `${r.key} is the owner's`).toEqual({ msg: msg.ownerOnly });
      }
      // Every admin route has the guard at all: a customer is refused, a guest must sign in.
      const asCustomer = await call(r.method, r.url, customer.auth);
      expect(asCustomer.statusCode, `${r.key} as a customer`).toBe(403);
      expect(asCustomer.json()).toEqual({ msg: msg.forbidden });
      expect((await call(r.method, r.url, {})).statusCode, `${r.key} without a token`).toBe(401);
    }
    expect(staffOnes).toBe(staffRoutes.length);
    expect(ownerOnly).toBeGreaterThan(20);
  });

  it('the staff list names only routes that exist (a renamed route cannot leave a stale grant)', () => {
    const registered = new Set(adminRoutes().map((r) => r.key));
    expect(staffRoutes.filter((k) => !registered.has(k))).toEqual([]);
  });

  it('a HEAD is judged as its GET; the owner passes every route; a customer none', () => {
    expect(mayCallAdminRoute({ role: 'staff' }, 'HEAD', '/api/admin/orders')).toBe(true);
    expect(mayCallAdminRoute({ role: 'staff' }, 'HEAD', '/api/admin/users_new')).toBe(false);
    expect(mayCallAdminRoute({ role: 'admin' }, 'DELETE', '/api/admin/users_new/:id')).toBe(true);
    expect(mayCallAdminRoute({ role: 'user' }, 'GET', '/api/admin/orders')).toBe(false);
  });
});

describe('what the issue names: users, settings, exports, audit log, prices are the owner’s', () => {
  it('staff: 403 on users, exports, Historiku, E-mailet, statistics, products and prices; 200 on orders, warranty, repairs', async () => {
    for (const url of [
      '/api/admin/users_new',
      '/api/admin/users_new/search',
      '/api/admin/export/orders.csv',
      '/api/admin/export/customers.csv',
      '/api/admin/products/export.csv',
      '/api/admin/audit',
      '/api/admin/outbox',
      '/api/admin/stats',
      '/api/admin/products',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: staff.auth });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ msg: msg.ownerOnly });
    }
    for (const url of ['/api/admin/orders', '/api/admin/warranty', '/api/admin/repairs', '/api/admin/orders/search']) {
      const res = await t.app.inject({ method: 'GET', url, headers: staff.auth });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('staff change no price and no role: the rows stay as they were', async () => {
    const [p] = await storefrontProducts(t);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${p!.id}`,
      headers: staff.auth,
      payload: { name: p!.name, price: 1 },
    });
    expect(put.statusCode).toBe(403);
    expect((await storefrontProducts(t)).find((x) => x.id === p!.id)!.price).toBe(p!.price);

    const role = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users_new/${staff.user.id}/role`,
      headers: staff.auth,
      payload: { role: 'admin' },
    });
    expect(role.statusCode).toBe(403);
    expect(role.json()).toEqual({ msg: msg.ownerOnly });
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, staff.user.id));
    expect(row!.role).toBe('staff');
  });
});

describe('the owner gives and takes the staff role (users admin)', () => {
  it('user → staff → user: audited, the changed user’s sessions end, the next sign-in carries the role', async () => {
    const person = await createUser(t, { name: 'Arta Punonjëse' });
    const since = (await t.db.select({ id: auditLog.id }).from(auditLog)).reduce((m, r) => Math.max(m, r.id), 0);

    const give = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users_new/${person.user.id}/role`,
      headers: owner.auth,
      payload: { role: 'staff' },
    });
    expect(give.statusCode, give.body).toBe(200);
    expect(give.json()).toMatchObject({ id: person.user.id, role: 'staff', isAdmin: false });
    // The old session ended (as with every role change).
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: person.auth })).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, person.user.id))).toEqual([]);

    const signedIn = await login(t, person.user.email, person.password);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({ role: 'staff', isAdmin: false });
    const auth = { authorization: `Bearer ${signedIn.json().token as string}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users_new', headers: auth })).statusCode).toBe(403);

    const take = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users_new/${person.user.id}/role`,
      headers: owner.auth,
      payload: { role: 'user' },
    });
    expect(take.statusCode).toBe(200);
    expect(take.json()).toMatchObject({ role: 'user' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: auth })).statusCode).toBe(401);

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, since), eq(auditLog.kind, 'user.role')));
    expect(entries.map((e) => [e.actorId, e.targetId, (e.before as { role: string }).role, (e.after as { role: string }).role])).toEqual([
      [owner.user.id, String(person.user.id), 'user', 'staff'],
      [owner.user.id, String(person.user.id), 'staff', 'user'],
    ]);
  });

  it('the owner does not make himself staff (409), and an unknown role is refused in Albanian', async () => {
    const self = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users_new/${owner.user.id}/role`,
      headers: owner.auth,
      payload: { role: 'staff' },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ msg: adminMsg.selfDemote });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users_new/${staff.user.id}/role`,
      headers: owner.auth,
      payload: { role: 'punonjës' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ msg: adminMsg.role });
  });
});

describe('every staff action is in Historiku with the staff member as its actor', () => {
  it('an order’s status, a warranty sheet written and printed, a repair intake, its move and its PIN', async () => {
    const since = (await t.db.select({ id: auditLog.id }).from(auditLog)).reduce((m, r) => Math.max(m, r.id), 0);
    const [p] = await storefrontProducts(t);
    const order = await placeOrder(t, customer, [{ id: p!.id, price: p!.price, quantity: 1 }]);
    const send = (method: 'PATCH' | 'POST' | 'GET', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: staff.auth, ...(payload ? { payload } : {}) });

    expect((await send('PATCH', `/api/admin/orders/${order.id}`, { status: 'confirmed' })).statusCode).toBe(200);
    const sheet = await send('POST', '/api/admin/warranty', { emri: 'Besa', status: 'draft' });
    expect(sheet.statusCode, sheet.body).toBe(201);
    const sheetId = (sheet.json() as { id: number }).id;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/warranty/${sheetId}`,
      headers: staff.auth,
      payload: { ...completeWarrantySheet, status: 'printed' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await send('POST', `/api/admin/warranty/${sheetId}/print`)).statusCode).toBe(200);
    const ticket = await send('POST', '/api/admin/repairs', { ...completeRepairIntake });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const ticketId = (ticket.json() as { id: number }).id;
    expect((await send('POST', `/api/admin/repairs/${ticketId}/status`, { status: 'diagnosing' })).statusCode).toBe(200);
    expect((await send('GET', `/api/admin/repairs/${ticketId}/pin`)).statusCode).toBe(200);

    const entries = await t.db.select().from(auditLog).where(gt(auditLog.id, since));
    const mine = entries.filter((e) => e.actorId === staff.user.id);
    expect(mine.map((e) => e.kind).sort()).toEqual(
      ['order.status', 'repair.create', 'repair.pin-read', 'repair.status', 'warranty.create', 'warranty.print', 'warranty.update'].sort(),
    );
    for (const e of mine) expect(e.actorEmail).toBe(staff.user.email);
    // Staff may not delete the sheet (the owner's), and nothing is recorded for the refusal.
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/warranty/${sheetId}`, headers: staff.auth });
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual({ msg: msg.ownerOnly });
  });
});

describe('two-factor: staff follow the owner’s rules', () => {
  it('with ADMIN_2FA=required staff without it are refused like an admin; a customer is not concerned', () => {
    const refuse = (role: string, twoFactorEnabled: boolean) => {
      try {
        assertAdminSecondFactor({ ADMIN_2FA: 'required' }, { role, twoFactorEnabled });
        return null;
      } catch (err) {
        return err instanceof Forbidden ? err.message : String(err);
      }
    };
    expect(refuse('staff', false)).toBe(twoFactorText.setupRequired);
    expect(refuse('admin', false)).toBe(twoFactorText.setupRequired);
    expect(refuse('staff', true)).toBeNull();
    expect(refuse('user', false)).toBeNull();
  });

  it('staff may turn two-factor on (the setup starts); a customer may not', async () => {
    const s = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: staff.auth });
    expect(s.statusCode, s.body).toBe(200);
    expect(s.json()).toHaveProperty('otpauthUrl');
    const c = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: customer.auth });
    expect(c.statusCode).toBe(403);
    expect(c.json()).toEqual({ msg: twoFactorText.adminOnly });
  });
});
