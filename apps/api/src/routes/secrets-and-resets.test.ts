/**
 * Issue 24 findings 3, 4, 12 and 13 (decision 026): secret links masked to staff and what staff
 * read or take out audited; 'Forgot password' limited per address and IP with one mail per 5
 * minutes; the same work for known and unknown addresses; a Google takeover clears the squatter.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMsg } from '@shop/shared/messages-mail';
import { warrantyMessages } from '@shop/shared/messages-warranty';
import { authMessages } from '@shop/shared/schemas/auth';
import { outboxPageSchema } from '@shop/shared/schemas/outbox';
import { msg } from '@shop/shared/messages';
import { auditLog, mailOutbox, orders, orderStatusHistory, sessions, users, userTokens } from '../db/schema';
import { setStock, stockOf } from '../repositories/stock';
import { createTestApp, createUser, latestMailLink, type TestApp } from '../test/harness';
import { adminActors, completeWarrantySheet, expectAdminOnly } from '../test/admin-helpers';
import { startGoogleKeys } from '../test/google-keys';
import { resetMailQuietMs } from '../services/accounts';

const CLIENT_ID = 'sekretet.apps.googleusercontent.com';
const PUBLIC_URL = 'https://dyqani.test';
const STRONG = 'Ylberi-Prishtina-2026!';

let keys: Awaited<ReturnType<typeof startGoogleKeys>>;
let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;

beforeAll(async () => {
  keys = await startGoogleKeys();
  t = await createTestApp({
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_JWKS_URL: `${keys.base}/certs`,
  });
  actors = await adminActors(t);
});
afterAll(async () => {
  await t?.close();
  await keys?.close();
});

let ipCounter = 0;
/** A new client address per use, so the per-IP limits of one test never reach another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

const post = (url: string, payload?: object, opts: { headers?: Record<string, string>; ip?: string } = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: opts.headers ?? {}, remoteAddress: opts.ip ?? freshIp() });
const forgot = (email: string, ip?: string) => post('/api/auth/forgot-password', { email }, { ip });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const auditOf = (kind: string) => t.db.select().from(auditLog).where(eq(auditLog.kind, kind)).orderBy(asc(auditLog.id));
const resetTokensOf = (userId: number) =>
  t.db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, 'reset-password')))
    .orderBy(asc(userTokens.id));
const mailsTo = (to: string, kind: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.id));

async function registerUser(email: string, name = 'Arta Krasniqi') {
  const res = await post('/api/auth/register', { name, email, password: STRONG });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { token: string; user: { id: number; email: string } };
}

// --- Finding 3 -------------------------------------------------------------------------------

describe('issue 24 finding 3: staff never read a live secret link; reading mails, exports, resets and warranty sheets are audited', () => {
  it('reset and verification mails carry the live link only in the body sent; the outbox shows them masked and records the read', async () => {
    const b = await registerUser('admini-b@example.com', 'Admini B');
    expect((await forgot('admini-b@example.com')).statusCode).toBe(202);

    for (const kind of ['verify-email', 'reset-password'] as const) {
      const link = await latestMailLink(t, 'admini-b@example.com', kind);
      expect(link, kind).toBeDefined();
      const [row] = await mailsTo('admini-b@example.com', kind);
      // What is sent: the live link, in text and HTML.
      expect(row!.textBody).toContain(link!.url);
      expect(row!.htmlBody).toContain(link!.url);
      // What staff see: the same mail with the link masked.
      expect(row!.staffText).toContain(mailMsg.linkHidden);
      expect(row!.staffHtml).toContain(mailMsg.linkHidden);
      expect(row!.staffText).not.toContain(link!.token);
      expect(row!.staffHtml).not.toContain(link!.token);
    }

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: actors.admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/token=/);
    const page = outboxPageSchema.parse(res.json());
    const mine = page.items.filter((m) => m.to === 'admini-b@example.com');
    expect(mine.map((m) => m.kind).sort()).toEqual(['reset-password', 'verify-email']);
    for (const m of mine) expect(m.text).toContain(mailMsg.linkHidden);

    const [read] = (await auditOf('outbox.read')).slice(-1);
    expect(read).toMatchObject({ actorId: actors.admin.user.id, actorEmail: actors.admin.user.email, targetType: 'mail' });
    expect((read!.after as { mails: number[] }).mails).toEqual(page.items.map((m) => m.id));

    // The owner's own link still works.
    const link = await latestMailLink(t, 'admini-b@example.com', 'reset-password');
    expect((await post('/api/auth/reset-password', { token: link!.token, password: STRONG + 'x' })).statusCode).toBe(200);
    expect((await t.db.select().from(users).where(eq(users.id, b.user.id)))[0]!.emailVerified).toBe(true);
  });

  it("'Provo përsëri' answers the masked copy and records the read", async () => {
    const u = await createUser(t, { email: 'ripro@example.com' });
    await forgot(u.user.email);
    const [row] = await mailsTo(u.user.email, 'reset-password');
    await t.db.update(mailOutbox).set({ status: 'failed', lastError: '550 nope' }).where(eq(mailOutbox.id, row!.id));
    const res = await post(`/api/admin/outbox/${row!.id}/retry`, undefined, { headers: actors.admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/token=/);
    expect(res.json().mail.text).toContain(mailMsg.linkHidden);
    const [read] = (await auditOf('outbox.read')).slice(-1);
    expect(read).toMatchObject({ actorId: actors.admin.user.id, targetType: 'mail', targetId: String(row!.id) });
  });

  it('every CSV export is recorded with its file and days', async () => {
    const before = (await auditOf('export.csv')).length;
    for (const kind of ['orders', 'warranty', 'customers', 'newsletter']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/export/${kind}.csv?from=2026-01-01&to=2026-01-31`,
        headers: actors.admin.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const entries = (await auditOf('export.csv')).slice(before);
    expect(entries.map((e) => [e.targetType, e.targetId, e.actorId])).toEqual(
      ['orders', 'warranty', 'customers', 'newsletter'].map((k) => ['export', k, actors.admin.user.id]),
    );
    expect(entries[2]!.after).toMatchObject({ from: '2026-01-01', to: '2026-01-31', file: expect.stringContaining('.csv') });
    // A refused export records nothing.
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/export/orders.csv?from=x&to=y', headers: actors.admin.auth });
    expect(refused.statusCode).toBe(400);
    expect((await auditOf('export.csv')).length).toBe(before + 4);
  });

  it('a reset request and a reset are recorded against the account, with the IP', async () => {
    const u = await createUser(t, { email: 'rivendos-historik@example.com', password: STRONG });
    expect((await forgot(u.user.email, '203.0.113.44')).statusCode).toBe(202);
    const [asked] = (await auditOf('password.reset-request')).filter((e) => e.targetId === String(u.user.id));
    expect(asked).toMatchObject({ targetType: 'user', actorId: u.user.id, after: { ip: '203.0.113.44' } });
    const link = await latestMailLink(t, u.user.email, 'reset-password');
    const res = await post('/api/auth/reset-password', { token: link!.token, password: 'Hëna-mbi-Rugovë-2026!' }, { ip: '203.0.113.45' });
    expect(res.statusCode, res.body).toBe(200);
    const [done] = (await auditOf('password.reset')).filter((e) => e.targetId === String(u.user.id));
    expect(done).toMatchObject({ targetType: 'user', actorId: u.user.id, after: { ip: '203.0.113.45' } });
    // An unknown address leaves no entry.
    const count = (await auditOf('password.reset-request')).length;
    await forgot('askush-ketu@example.com');
    expect((await auditOf('password.reset-request')).length).toBe(count);
  });

  it('saving a warranty sheet and printing it are recorded; only a printed sheet prints', async () => {
    const created = await post('/api/admin/warranty', { ...completeWarrantySheet, status: 'printed' }, { headers: actors.admin.auth });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const [made] = (await auditOf('warranty.create')).filter((e) => e.targetId === String(id));
    expect(made).toMatchObject({ actorId: actors.admin.user.id, targetType: 'warranty', before: null });
    expect(made!.after).toMatchObject({ emri: completeWarrantySheet.emri, status: 'printed' });
    expect(JSON.stringify(made!.after)).not.toContain(completeWarrantySheet.imei);

    const printed = await post(`/api/admin/warranty/${id}/print`, undefined, { headers: actors.admin.auth });
    expect(printed.statusCode, printed.body).toBe(200);
    expect(printed.json()).toEqual({ msg: warrantyMessages.printRecorded });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/warranty/${id}/print`,
      headers: { ...actors.admin.auth, 'content-type': 'application/json' },
    });
    expect(again.statusCode).toBe(200);
    const prints = (await auditOf('warranty.print')).filter((e) => e.targetId === String(id));
    expect(prints).toHaveLength(2);
    expect(prints[0]).toMatchObject({ actorId: actors.admin.user.id, targetType: 'warranty' });

    const draft = await post('/api/admin/warranty', { emri: 'Drilon', status: 'draft' }, { headers: actors.admin.auth });
    expect(draft.statusCode, draft.body).toBe(201);
    const refused = await post(`/api/admin/warranty/${draft.json().id}/print`, undefined, { headers: actors.admin.auth });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ msg: warrantyMessages.printDraft });
    const missing = await post('/api/admin/warranty/999999/print', undefined, { headers: actors.admin.auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ msg: warrantyMessages.notFound });
    const bad = await post('/api/admin/warranty/abc/print', undefined, { headers: actors.admin.auth });
    expect(bad.statusCode).toBe(400);
    await expectAdminOnly(t, actors, { method: 'POST', url: `/api/admin/warranty/${id}/print` });
    expect((await auditOf('warranty.print')).filter((e) => e.targetId === String(id))).toHaveLength(2);
  });
});

// --- Finding 4 -------------------------------------------------------------------------------

describe("issue 24 finding 4: 'Forgot password' cannot lock a victim out or flood the inbox", () => {
  it('ten requests from one IP limit that IP for that address only; the victim asks from home; one mail in 5 minutes', async () => {
    const victim = await createUser(t, { email: 'viktima-harrova@example.com', password: STRONG });
    const attackerIp = '203.0.113.66';
    for (let i = 0; i < 10; i++) expect((await forgot(victim.user.email, attackerIp)).statusCode).toBe(202);
    const limited = await forgot(victim.user.email, attackerIp);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ msg: authMessages.tooManyAttempts });
    // An unknown address is limited the same way from that IP (the answer says nothing).
    for (let i = 0; i < 10; i++) await forgot('nuk-ekziston@example.com', attackerIp);
    expect((await forgot('nuk-ekziston@example.com', attackerIp)).statusCode).toBe(429);

    // The victim's own request from another IP is answered as always...
    expect((await forgot(victim.user.email, '198.18.0.9')).statusCode).toBe(202);
    // ... and eleven requests made one mail and one link.
    expect(await mailsTo(victim.user.email, 'reset-password')).toHaveLength(1);
    expect(await resetTokensOf(victim.user.id)).toHaveLength(1);
  });

  it('a newer request never ends an unused older link early: each lives its own 30 minutes', async () => {
    const u = await createUser(t, { email: 'lidhje-te-vjetra@example.com', password: STRONG });
    await forgot(u.user.email);
    const first = await latestMailLink(t, u.user.email, 'reset-password');
    const [old] = await resetTokensOf(u.user.id);
    // Past the quiet time: a new mail and link, the first untouched.
    await t.db
      .update(userTokens)
      .set({ createdAt: sql`created_at - make_interval(secs => ${resetMailQuietMs / 1000 + 1})` })
      .where(eq(userTokens.id, old!.id));
    await forgot(u.user.email);
    const tokens = await resetTokensOf(u.user.id);
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toMatchObject({ usedAt: null, expiresAt: old!.expiresAt });
    expect(await mailsTo(u.user.email, 'reset-password')).toHaveLength(2);
    expect((await post('/api/auth/reset-password', { token: first!.token, password: 'Hëna-mbi-Rugovë-2026!' })).statusCode).toBe(200);
  });

  it('the per-IP limit still holds across many addresses (3 × N)', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 30; i++) expect((await forgot(`adresa-${i}@example.com`, ip)).statusCode).toBe(202);
    const res = await forgot('adresa-30@example.com', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toBeTruthy();
  });
});

// --- Finding 12 ------------------------------------------------------------------------------

/** Every statement the app sends through Drizzle while `fn` runs (transactions included). */
async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const logger = { logQuery: (query: string) => seen.push(query) };
  const session = (t.db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
  const saved = { logger: session.logger, option: session.options.logger };
  session.logger = logger;
  session.options.logger = logger;
  try {
    await fn();
  } finally {
    session.logger = saved.logger;
    session.options.logger = saved.option;
  }
  return seen;
}

describe("issue 24 finding 12: 'Forgot password' does the same work for known and unknown addresses", () => {
  it('the same statements, in the same order, whether a mail goes out, is not due, or there is no account', async () => {
    const known = await createUser(t, { email: 'njejte-pune@example.com', password: STRONG });
    const blocked = await createUser(t, { email: 'njejte-bllokuar@example.com', blocked: true });
    const send = await statementsOf(async () => expect((await forgot(known.user.email)).statusCode).toBe(202));
    const quiet = await statementsOf(async () => expect((await forgot(known.user.email)).statusCode).toBe(202));
    const unknown = await statementsOf(async () => expect((await forgot('askush-njejte@example.com')).statusCode).toBe(202));
    const isBlocked = await statementsOf(async () => expect((await forgot(blocked.user.email)).statusCode).toBe(202));
    expect(send.length).toBeGreaterThanOrEqual(2);
    expect(quiet).toEqual(send);
    expect(unknown).toEqual(send);
    expect(isBlocked).toEqual(send);
    // And only the first of them mailed.
    expect(await mailsTo(known.user.email, 'reset-password')).toHaveLength(1);
    expect(await mailsTo('askush-njejte@example.com', 'reset-password')).toHaveLength(0);
    expect(await mailsTo(blocked.user.email, 'reset-password')).toHaveLength(0);
  });
});

// --- Finding 13 ------------------------------------------------------------------------------

function googleToken(email: string, sub: string, name: string): Promise<string> {
  return new SignJWT({ email, email_verified: true, name })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-kid', typ: 'JWT' })
    .setIssuer('https://accounts.google.com')
    .setAudience(CLIENT_ID)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(keys.googleKey);
}

describe('issue 24 finding 13: a Google takeover removes what the squatter left', () => {
  it('name, phone and delivery details go, sessions end, open orders are cancelled with their stock back, and it is audited', async () => {
    const squatter = await registerUser('pronari-i-vertete@gmail.com', 'Sulmuesi');
    const delivery = { fullName: 'Sulmuesi Zi', phone: '044 999 888', city: 'Prizren', address: 'Rr. e Sulmuesit 1' };
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: bearer(squatter.token),
      payload: { name: 'Sulmuesi', phone: '044 999 888', delivery },
    });
    expect(patched.statusCode, patched.body).toBe(200);

    const products = (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as { id: string; price: number }[];
    const product = products[0]!;
    await setStock(t.db, product.id, 10);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...bearer(squatter.token), 'idempotency-key': 'takeover-order-0001' },
      payload: { items: [{ id: product.id, quantity: 2, price: product.price }], total: Math.round(product.price * 200) / 100 },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as number;
    const stock = async () => (await stockOf(t.db, [product.id])).get(product.id)!;
    expect(await stock()).toBe(8);

    const owner = await post('/api/auth/google', {
      token: await googleToken('pronari-i-vertete@gmail.com', 'sub-pronari', 'Drita Berisha'),
    });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().user).toMatchObject({ id: squatter.user.id, name: 'Drita Berisha' });

    const [row] = await t.db.select().from(users).where(eq(users.id, squatter.user.id));
    expect(row).toMatchObject({ name: 'Drita Berisha', phone: null, delivery: null, passwordHash: null, emailVerified: true });
    // The squatter's session is over; only the owner's new one is left.
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(squatter.token) });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ msg: msg.invalidToken });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, squatter.user.id))).toHaveLength(1);
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(owner.json().token) });
    expect(profile.json()).toMatchObject({ name: 'Drita Berisha', phone: null, delivery: null });

    // The squatter's order: cancelled through the order-status path, stock back, history, mail.
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('cancelled');
    expect(await stock()).toBe(10);
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'pending'],
      ['pending', 'cancelled'],
    ]);
    expect((await mailsTo('pronari-i-vertete@gmail.com', 'order-status')).length).toBe(1);

    const [entry] = (await auditOf('user.google-takeover')).filter((e) => e.targetId === String(squatter.user.id));
    expect(entry).toMatchObject({ targetType: 'user', actorId: squatter.user.id });
    expect(entry!.before).toMatchObject({ name: 'Sulmuesi', phone: '+383 44 999 888', delivery: true });
    expect(entry!.after).toMatchObject({ name: 'Drita Berisha', phone: null, delivery: false, cancelledOrders: [orderId] });
  });

  it('a Google sign-in to an account that is not taken over changes nothing of it', async () => {
    const res = await post('/api/auth/google', { token: await googleToken('i-ri-krejt@gmail.com', 'sub-i-ri', 'Besa Gashi') });
    expect(res.statusCode, res.body).toBe(200);
    const again = await post('/api/auth/google', { token: await googleToken('i-ri-krejt@gmail.com', 'sub-i-ri', 'Emër Tjetër') });
    expect(again.json().user.name).toBe('Besa Gashi');
    expect((await auditOf('user.google-takeover')).filter((e) => e.targetId === String(res.json().user.id))).toHaveLength(0);
  });
});
