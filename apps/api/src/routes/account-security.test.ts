import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@shop/shared/schemas/auth';
import { msg } from '@shop/shared/messages';
import { mailOutbox, sessions, users, userTokens } from '../db/schema';
import { countRows, createTestApp, createUser, latestMailLink, type TestApp } from '../test/harness';
import { pruneExpiredSessions } from '../repositories/sessions';
import { pruneUserTokens } from '../repositories/user-tokens';
import { startGoogleKeys } from '../test/google-keys';

/**
 * Issue 13, the accounts part: Google takeover (finding 1), revocable sessions (finding 3), login
 * limits that cannot lock the owner out (finding 4), password rules (finding 5), e-mail
 * verification and password reset end to end through the outbox.
 */

const JWT_SECRET = 'test-secret-for-account-security-0123456789';
const CLIENT_ID = '1234567890-acc.apps.googleusercontent.com';
const PUBLIC_URL = 'https://dyqani.test';

let keys: Awaited<ReturnType<typeof startGoogleKeys>>;
let t: TestApp;

beforeAll(async () => {
  keys = await startGoogleKeys();
  t = await createTestApp({
    JWT_SECRET,
    PUBLIC_URL,
    RATE_LIMIT_AUTH_MAX: 1000,
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_JWKS_URL: `${keys.base}/certs`,
  });
});
afterAll(async () => {
  await t?.close();
  await keys?.close();
});

let subCounter = 0;
function googleToken(email: string, sub = `acc-sub-${++subCounter}`): Promise<string> {
  return new SignJWT({ email, email_verified: true, name: 'Viktima' })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-kid', typ: 'JWT' })
    .setIssuer('https://accounts.google.com')
    .setAudience(CLIENT_ID)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(keys.googleKey);
}

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}, app = t) =>
  app.app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }), headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

/** The token of the newest mail of `kind` to `to`, read from the outbox; the link points at PUBLIC_URL's page. */
async function mailedToken(to: string, kind: 'verify-email' | 'reset-password'): Promise<string> {
  const link = await latestMailLink(t, to, kind);
  expect(link, `a ${kind} mail to ${to}`).toBeDefined();
  const page = kind === 'verify-email' ? 'verifiko-email' : 'rivendos-fjalekalimin';
  expect(link!.url).toBe(`${PUBLIC_URL}/${page}?token=${link!.token}`);
  expect(link!.html).toContain(link!.url);
  return link!.token;
}
const mailsTo = async (to: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))).length;

async function registerUser(email: string, password = 'Kafe-me-qumesht-7', name = 'Arta Krasniqi') {
  const res = await post('/api/auth/register', { name, email, password });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { token: string; user: { id: number } };
}

// --- Finding 1 -------------------------------------------------------------------------------

describe('Google sign-in and unverified password accounts', () => {
  it('finding 1: Google takes over an unverified password account: the attacker’s password and token stop working', async () => {
    // The attacker registers the victim's address first and keeps his token.
    const attacker = await registerUser('viktima@gmail.com', 'Fjalekalimi-i-sulmuesit-1');
    expect((await profile(attacker.token)).statusCode).toBe(200);

    // The victim signs in with Google (email_verified) and gets the account.
    const victim = await post('/api/auth/google', { token: await googleToken('viktima@gmail.com', 'sub-viktima') });
    expect(victim.statusCode, victim.body).toBe(200);
    expect(victim.json().user.id).toBe(attacker.user.id);
    const row = await userRow(attacker.user.id);
    expect(row).toMatchObject({ passwordHash: null, emailVerified: true, googleSub: 'sub-viktima' });

    // The attacker is out: his token is dead and his password no longer works.
    const old = await profile(attacker.token);
    expect(old.statusCode).toBe(401);
    expect(old.json().msg).toBe(msg.invalidToken);
    const login = await post('/api/auth/login', { email: 'viktima@gmail.com', password: 'Fjalekalimi-i-sulmuesit-1' });
    expect(login.statusCode).toBe(401);
    expect(login.json().msg).toBe(authMessages.invalidCredentials);
    // The victim's session works and says the address is verified.
    expect((await profile(victim.json().token)).json()).toMatchObject({ emailVerified: true, hasPassword: false });
  });

  it('finding 1: a verified password account is not linked without its password; sessions are untouched', async () => {
    const owner = await registerUser('pronari@gmail.com');
    await post('/api/auth/verify-email', { token: await mailedToken('pronari@gmail.com', 'verify-email') });
    const res = await post('/api/auth/google', { token: await googleToken('pronari@gmail.com') });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msg: authMessages.googleNeedsPassword });
    expect(await userRow(owner.user.id)).toMatchObject({ googleSub: null, emailVerified: true });
    expect((await userRow(owner.user.id)).passwordHash).not.toBeNull();
    expect((await profile(owner.token)).statusCode).toBe(200);
  });

  it('finding 1: the takeover happens even when the request carries the unverified account’s own session', async () => {
    // A '?token=' link can put the victim's browser in the attacker's account; Google then still wins.
    const attacker = await registerUser('viktima2@gmail.com', 'Fjalekalimi-i-sulmuesit-2');
    const res = await post('/api/auth/google', { token: await googleToken('viktima2@gmail.com') }, bearer(attacker.token));
    expect(res.statusCode).toBe(200);
    expect(await userRow(attacker.user.id)).toMatchObject({ passwordHash: null, emailVerified: true });
    expect((await profile(attacker.token)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: 'viktima2@gmail.com', password: 'Fjalekalimi-i-sulmuesit-2' })).statusCode).toBe(401);
  });

  it('creates a new Google account verified', async () => {
    const res = await post('/api/auth/google', { token: await googleToken('e-re@gmail.com') });
    expect(res.statusCode).toBe(200);
    expect(await userRow(res.json().user.id)).toMatchObject({ emailVerified: true, passwordHash: null });
  });
});

// --- Finding 3: sessions --------------------------------------------------------------------

/** A token the app would sign, with claims of the test's choosing. */
const forge = (claims: { sub: string; sid?: string; iat?: number; exp?: number }) => {
  const jwt = new SignJWT(claims.sid === undefined ? {} : { sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer('mobileshop-ks');
  if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
  return jwt.sign(new TextEncoder().encode(JWT_SECRET));
};

describe('sessions', () => {
  it('finding 3: POST /auth/logout ends the session on the server; other sessions stay', async () => {
    const a = await createUser(t);
    const other = await t.app.signToken(a.user);
    const res = await post('/api/auth/logout', undefined, a.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: authMessages.loggedOut });
    expect((await profile(a.token)).statusCode).toBe(401);
    expect((await profile(other)).statusCode).toBe(200);
    // Logging out again is not an error (the web fires it and forgets): the session stays ended.
    const again = await post('/api/auth/logout', undefined, a.auth);
    expect(again.statusCode).toBe(200);
    expect((await profile(other)).statusCode).toBe(200);
  });

  it('finding 3: logout-all ends every session of the user, and only his', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const second = await t.app.signToken(a.user);
    const res = await post('/api/auth/logout-all', undefined, bearer(second));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: authMessages.loggedOutEverywhere });
    expect((await profile(a.token)).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(401);
    expect((await profile(b.token)).statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, a.user.id))).toHaveLength(0);
  });

  it('finding 3: unblocking does not revive old tokens; a role change ends the sessions too', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const u = await createUser(t);
    const setRole = (role: string) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/users_new/${u.user.id}/role`, headers: admin.auth, payload: { role } });
    const block = async (blocked: boolean) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/users_new/${u.user.id}/block`,
        headers: admin.auth,
        payload: { blocked },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await block(true);
    await block(false);
    expect((await profile(u.token)).statusCode).toBe(401);
    // A fresh login works after unblocking.
    const login = await post('/api/auth/login', { email: u.user.email, password: u.password });
    expect(login.statusCode).toBe(200);
    const promoted = await setRole('admin');
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await profile(login.json().token)).statusCode).toBe(401);
  });

  it('finding 3: refuses iat in the future, iat older than the max age, exp a century ahead, no sid, a foreign or unknown sid, an expired session', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const sid = decodeJwt(a.token).sid as string;
    const now = Math.floor(Date.now() / 1000);
    const week = 7 * 24 * 3600;
    expect((await profile(await forge({ sub: String(a.user.id), sid, iat: now, exp: now + 3600 }))).statusCode).toBe(200);
    const bad = {
      futureIat: await forge({ sub: String(a.user.id), sid, iat: now + 3600, exp: now + 7200 }),
      oldIat: await forge({ sub: String(a.user.id), sid, iat: now - week - 60, exp: now + 3600 }),
      century: await forge({ sub: String(a.user.id), sid, iat: now, exp: now + 100 * 365 * 24 * 3600 }),
      noIat: await forge({ sub: String(a.user.id), sid, exp: now + 3600 }),
      noSid: await forge({ sub: String(a.user.id), iat: now, exp: now + 3600 }),
      unknownSid: await forge({ sub: String(a.user.id), sid: 'A'.repeat(43), iat: now, exp: now + 3600 }),
      otherUsersSid: await forge({ sub: String(b.user.id), sid, iat: now, exp: now + 3600 }),
    };
    for (const [label, token] of Object.entries(bad)) {
      const res = await profile(token);
      expect(res.statusCode, label).toBe(401);
      expect(res.json().msg, label).toBe(msg.invalidToken);
    }
    // The session row's own expiry counts, whatever the token says.
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sid));
    expect((await profile(a.token)).statusCode).toBe(401);
  });

  it('pruning removes expired sessions and old used or expired link tokens, and nothing alive', async () => {
    const a = await createUser(t);
    const live = decodeJwt(a.token).sid as string;
    const dead = decodeJwt(await t.app.signToken(a.user)).sid as string;
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, dead));
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    const soon = new Date(Date.now() + 3600 * 1000);
    await t.db.insert(userTokens).values([
      { userId: a.user.id, purpose: 'reset-password', tokenHash: `used-${a.user.id}`, expiresAt: soon, usedAt: dayAgo },
      { userId: a.user.id, purpose: 'verify-email', tokenHash: `expired-${a.user.id}`, expiresAt: dayAgo },
      { userId: a.user.id, purpose: 'verify-email', tokenHash: `fresh-${a.user.id}`, expiresAt: soon },
    ]);
    expect(await pruneExpiredSessions(t.db)).toBeGreaterThanOrEqual(1);
    expect(await pruneUserTokens(t.db)).toBeGreaterThanOrEqual(2);
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, a.user.id))).map((r) => r.id)).toEqual([live]);
    expect((await t.db.select().from(userTokens).where(eq(userTokens.userId, a.user.id))).map((r) => r.tokenHash)).toEqual([
      `fresh-${a.user.id}`,
    ]);
  });

  it('a session lives as long as the token: expires_at is iat + 7 days, and the sid is 32 random bytes', async () => {
    const a = await createUser(t);
    const { sid, iat, exp } = decodeJwt(a.token) as { sid: string; iat: number; exp: number };
    expect(sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row!.userId).toBe(a.user.id);
    expect(Math.round(row!.expiresAt.getTime() / 1000)).toBe(exp);
    expect(exp - iat).toBe(7 * 24 * 3600);
    expect(row!.twoFactorAt).toBeNull();
    // A sign-in that passed the second factor says so in its row.
    const second = decodeJwt(await t.app.signToken(a.user, { twoFactor: true })).sid as string;
    expect((await t.db.select().from(sessions).where(eq(sessions.id, second)))[0]!.twoFactorAt).toBeInstanceOf(Date);
  });
});

// --- Change password ------------------------------------------------------------------------

describe('POST /api/auth/change-password', () => {
  it('finding 3: needs the current password, answers a fresh session and ends every other one', async () => {
    const a = await createUser(t, { password: 'Vjeter-123-abc' });
    const other = await t.app.signToken(a.user);
    const wrong = await post('/api/auth/change-password', { currentPassword: 'gabim-123-abc', newPassword: 'E-re-456-xyz' }, a.auth);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ msg: authMessages.currentPasswordWrong });
    expect((await profile(other)).statusCode).toBe(200);

    const res = await post('/api/auth/change-password', { currentPassword: 'Vjeter-123-abc', newPassword: 'E-re-456-xyz' }, a.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: a.user.id });
    expect((await profile(res.json().token)).statusCode).toBe(200);
    expect((await profile(a.token)).statusCode).toBe(401);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: a.user.email, password: 'Vjeter-123-abc' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: a.user.email, password: 'E-re-456-xyz' })).statusCode).toBe(200);
  });

  it('tells an account without password to use the reset link', async () => {
    const g = await post('/api/auth/google', { token: await googleToken('pa-fjalekalim@gmail.com') });
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: 'çfarëdo-123', newPassword: 'E-re-456-xyz' },
      bearer(g.json().token),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: authMessages.noPasswordYet });
  });

  it('refuses without a session', async () => {
    const res = await post('/api/auth/change-password', { currentPassword: 'x', newPassword: 'E-re-456-xyz' });
    expect(res.statusCode).toBe(401);
  });
});

// --- Finding 5: password rules --------------------------------------------------------------

describe('password rules', () => {
  it.each([
    ['12345678', authMessages.passwordCommon],
    ['password', authMessages.passwordCommon],
    ['PassWord', authMessages.passwordCommon],
    ['qwertyuiop', authMessages.passwordCommon],
    ['iliri.berisha@example.com', authMessages.passwordIsEmail],
    ['ILIRI.BERISHA', authMessages.passwordIsEmail],
    ['  Iliri Berisha ', authMessages.passwordIsName],
  ])('finding 5: registration refuses %j with 400 and creates nothing', async (password, message) => {
    const before = await countRows(t, 'users');
    const res = await post('/api/auth/register', { name: 'Iliri Berisha', email: 'iliri.berisha@example.com', password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: message });
    expect(await countRows(t, 'users')).toBe(before);
  });

  it('finding 5: change password and reset apply the same rules', async () => {
    const a = await createUser(t, { password: 'Vjeter-123-abc', email: 'rregullat@example.com', name: 'Rregulla' });
    for (const [newPassword, message] of [
      ['12345678', authMessages.passwordCommon],
      ['rregullat@example.com', authMessages.passwordIsEmail],
      ['rregulla', authMessages.passwordIsName],
    ] as const) {
      const res = await post('/api/auth/change-password', { currentPassword: 'Vjeter-123-abc', newPassword }, a.auth);
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json().msg, newPassword).toBe(message);
    }
    expect((await profile(a.token)).statusCode).toBe(200);

    expect((await post('/api/auth/forgot-password', { email: 'rregullat@example.com' })).statusCode).toBe(202);
    const token = await mailedToken('rregullat@example.com', 'reset-password');
    const weak = await post('/api/auth/reset-password', { token, password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().msg).toBe(authMessages.passwordCommon);
    // A refused password leaves the link usable.
    expect((await post('/api/auth/reset-password', { token, password: 'Shume-e-forte-99' })).statusCode).toBe(200);
  });
});

// --- E-mail verification --------------------------------------------------------------------

describe('e-mail verification', () => {
  it('registration mails a single-use link; following it verifies the address', async () => {
    const { token } = await registerUser('verifiko@example.com');
    expect((await profile(token)).json()).toMatchObject({ emailVerified: false, hasPassword: true });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'verifiko@example.com'));
    expect(mail).toMatchObject({ kind: 'verify-email', status: 'pending', subject: 'Verifikoni email-in tuaj' });
    expect(mail!.textBody).toContain('Përshëndetje Arta Krasniqi,');
    expect(mail!.textBody).toContain('48 orë');
    expect(mail!.htmlBody).toContain('MobileShop KS');
    const link = await mailedToken('verifiko@example.com', 'verify-email');
    // Only the hash is stored.
    expect((await t.db.select().from(userTokens)).some((r) => r.tokenHash === link)).toBe(false);

    const res = await post('/api/auth/verify-email', { token: link });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: authMessages.emailVerified });
    expect((await profile(token)).json()).toMatchObject({ emailVerified: true });
    const again = await post('/api/auth/verify-email', { token: link });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ msg: authMessages.verifyTokenInvalid });
  });

  it('a link works once even when followed twice at the same moment', async () => {
    await registerUser('dyfish@example.com');
    const link = await mailedToken('dyfish@example.com', 'verify-email');
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/auth/verify-email', { token: link })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('refuses an expired, an unknown and a malformed link', async () => {
    const { user } = await registerUser('skadoi@example.com');
    const link = await mailedToken('skadoi@example.com', 'verify-email');
    await t.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, user.id));
    for (const token of [link, 'A'.repeat(43), 'shkurt']) {
      const res = await post('/api/auth/verify-email', { token });
      expect(res.statusCode, token).toBe(400);
      expect(res.json().msg).toBe(authMessages.verifyTokenInvalid);
    }
    expect((await userRow(user.id)).emailVerified).toBe(false);
  });

  it('resend-verification mails a new link, the old one stops working; 409 once verified', async () => {
    const { token } = await registerUser('perseri@example.com');
    const first = await mailedToken('perseri@example.com', 'verify-email');
    const res = await post('/api/auth/resend-verification', undefined, bearer(token));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ msg: authMessages.verificationSent });
    const second = await mailedToken('perseri@example.com', 'verify-email');
    expect(second).not.toBe(first);
    expect((await post('/api/auth/verify-email', { token: first })).statusCode).toBe(400);
    expect((await post('/api/auth/verify-email', { token: second })).statusCode).toBe(200);
    const done = await post('/api/auth/resend-verification', undefined, bearer(token));
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({ msg: authMessages.alreadyVerified });
    expect((await post('/api/auth/resend-verification')).statusCode).toBe(401);
  });

  it('the first admin counts as verified', async () => {
    const login = await post('/api/auth/login', { email: 'admin@test.local', password: 'admin-pass-123' });
    expect((await profile(login.json().token)).json()).toMatchObject({ emailVerified: true, role: 'admin' });
  });
});

// --- Password reset -------------------------------------------------------------------------

describe('password reset', () => {
  it('finding 3: forgot-password mails a 30-minute link; the reset sets the password, verifies the address and ends every session', async () => {
    const a = await registerUser('harrova@example.com', 'I-vjetri-123');
    const other = (await post('/api/auth/login', { email: 'harrova@example.com', password: 'I-vjetri-123' })).json().token as string;
    const res = await post('/api/auth/forgot-password', { email: ' Harrova@Example.com ' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ msg: authMessages.resetRequested });
    const link = await mailedToken('harrova@example.com', 'reset-password');
    const [tokenRow] = await t.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, a.user.id), eq(userTokens.purpose, 'reset-password')));
    const minutes = (tokenRow!.expiresAt.getTime() - tokenRow!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30.1);

    const reset = await post('/api/auth/reset-password', { token: link, password: 'I-riu-456-xyz' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ msg: authMessages.passwordReset });
    expect((await profile(a.token)).statusCode).toBe(401);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: 'harrova@example.com', password: 'I-vjetri-123' })).statusCode).toBe(401);
    const login = await post('/api/auth/login', { email: 'harrova@example.com', password: 'I-riu-456-xyz' });
    expect(login.statusCode).toBe(200);
    expect((await profile(login.json().token)).json()).toMatchObject({ emailVerified: true });
    // Single use.
    const again = await post('/api/auth/reset-password', { token: link, password: 'Edhe-nje-789-xyz' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ msg: authMessages.resetTokenInvalid });
  });

  it('answers the same for an unknown address and a blocked account, and mails neither', async () => {
    const blocked = await createUser(t, { blocked: true });
    const known = await createUser(t);
    const answers = await Promise.all(
      ['nuk-ekziston@example.com', blocked.user.email, known.user.email].map((email) => post('/api/auth/forgot-password', { email })),
    );
    for (const a of answers) {
      expect(a.statusCode).toBe(202);
      expect(a.body).toBe(answers[0]!.body);
    }
    expect(await mailsTo('nuk-ekziston@example.com')).toBe(0);
    expect(await mailsTo(blocked.user.email)).toBe(0);
    expect(await mailsTo(known.user.email)).toBe(1);
  });

  it('refuses an expired link and an unknown one, changing nothing', async () => {
    const a = await createUser(t, { password: 'Pa-ndryshim-123' });
    await post('/api/auth/forgot-password', { email: a.user.email });
    const link = await mailedToken(a.user.email, 'reset-password');
    await t.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, a.user.id));
    for (const token of [link, 'B'.repeat(43)]) {
      const res = await post('/api/auth/reset-password', { token, password: 'I-riu-456-xyz' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: authMessages.resetTokenInvalid });
    }
    expect((await profile(a.token)).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: a.user.email, password: 'Pa-ndryshim-123' })).statusCode).toBe(200);
  });

  it('a second request within 5 minutes mails nothing more; a later one adds a link without ending the first (issue 24 finding 4)', async () => {
    const a = await createUser(t);
    await post('/api/auth/forgot-password', { email: a.user.email });
    const first = await mailedToken(a.user.email, 'reset-password');
    expect((await post('/api/auth/forgot-password', { email: a.user.email })).statusCode).toBe(202);
    expect(await mailedToken(a.user.email, 'reset-password')).toBe(first);
    // Six minutes later (the first link is still valid for 24 more): a new link, the first kept.
    await t.db
      .update(userTokens)
      .set({ createdAt: sql`created_at - interval '6 minutes'` })
      .where(eq(userTokens.userId, a.user.id));
    await post('/api/auth/forgot-password', { email: a.user.email });
    const second = await mailedToken(a.user.email, 'reset-password');
    expect(second).not.toBe(first);
    expect((await post('/api/auth/reset-password', { token: first, password: 'I-riu-456-xyz' })).statusCode).toBe(200);
    // The password they were for is gone: every other link ends with the reset.
    expect((await post('/api/auth/reset-password', { token: second, password: 'I-riu-456-xyz' })).statusCode).toBe(400);
  });
});

// --- Finding 4: login limits ----------------------------------------------------------------

describe('login limits (default: 10 per minute per account and IP, 30 per IP)', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp({ RATE_LIMIT_AUTH_MAX: 10 });
  });
  afterAll(async () => {
    await r?.close();
  });
  const login = (email: string, password: string, remoteAddress: string) =>
    r.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('finding 4: wrong passwords from one IP do not lock the owner out from another IP', async () => {
    const owner = await createUser(r, { email: 'pronari@example.com', password: 'I-sakti-123' });
    for (let i = 0; i < 10; i++) expect((await login('pronari@example.com', `gabim-${i}-xyz`, '203.0.113.7')).statusCode).toBe(401);
    // IP A is limited for this account, even with the right password ...
    const limited = await login('pronari@example.com', owner.password, '203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ msg: authMessages.tooManyAttempts });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect((await login(' PRONARI@example.com', 'gabim-xyz-123', '203.0.113.7')).statusCode).toBe(429);
    // ... while the owner, from IP B, logs in.
    const ok = await login('pronari@example.com', owner.password, '198.51.100.20');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user.id).toBe(owner.user.id);
  });

  it('an IP is limited as a whole after 3 times the limit, whatever the accounts', async () => {
    for (let i = 0; i < 30; i++) expect((await login(`llogari${i}@example.com`, 'gabim-xyz-123', '203.0.113.99')).statusCode).toBe(401);
    const res = await login('tjeter@example.com', 'gabim-xyz-123', '203.0.113.99');
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toBe(msg.tooManyRequests);
  });

  it('resend-verification is limited per user', async () => {
    const res = await r.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Dërguesi', email: 'dergo@example.com', password: 'Kafe-me-qumesht-7' },
    });
    const auth = { authorization: `Bearer ${res.json().token}` };
    for (let i = 0; i < 10; i++)
      expect((await r.app.inject({ method: 'POST', url: '/api/auth/resend-verification', headers: auth })).statusCode).toBe(202);
    const limited = await r.app.inject({ method: 'POST', url: '/api/auth/resend-verification', headers: auth });
    expect(limited.statusCode).toBe(429);
  });

  it('forgot-password is limited per address and IP, never per address alone, with the same 429 whether it exists or not (issue 24 finding 4)', async () => {
    const ask = (email: string, ip: string) =>
      r.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });
    for (let i = 0; i < 10; i++) expect((await ask('shume@example.com', '192.0.2.7')).statusCode).toBe(202);
    const limited = await ask('Shume@example.com', '192.0.2.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ msg: authMessages.tooManyAttempts });
    // The same address from another IP is not limited.
    expect((await ask('shume@example.com', '192.0.2.200')).statusCode).toBe(202);
  });
});
