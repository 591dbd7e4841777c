import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@shop/shared/schemas/auth';
import { msg } from '@shop/shared/messages';
import { users } from '../db/schema';
import { countRows, createTestApp, createUser, type TestApp } from '../test/harness';
import { startGoogleKeys } from '../test/google-keys';

const JWT_SECRET = 'test-secret-for-auth-tests-0123456789-abcdef';
const CLIENT_ID = '1234567890-test.apps.googleusercontent.com';
const GOOGLE_ISS = 'https://accounts.google.com';

// --- A local stand-in for Google's key set ----------------------------------------------------

let keys: Awaited<ReturnType<typeof startGoogleKeys>>;
let jwksBase: string;
let googleKey: CryptoKey;
let publicJwk: JWK;
let attackerKey: CryptoKey;

async function startJwksServer() {
  keys = await startGoogleKeys();
  ({ base: jwksBase, googleKey, publicJwk, attackerKey } = keys);
}

interface GoogleClaims {
  sub?: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  iss?: string;
  aud?: string;
  exp?: number | string;
  key?: CryptoKey;
  kid?: string;
}

let subCounter = 0;
function googleToken(c: GoogleClaims = {}): Promise<string> {
  subCounter += 1;
  const { key = googleKey, kid = 'test-kid', iss = GOOGLE_ISS, aud = CLIENT_ID, exp = '1h', sub = `google-sub-${subCounter}` } = c;
  const claims: Record<string, unknown> = {
    email: c.email ?? `g${subCounter}@gmail.com`,
    email_verified: c.email_verified ?? true,
  };
  if (c.name !== undefined) claims.name = c.name;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(iss)
    .setAudience(aud)
    .setSubject(sub)
    .setIssuedAt(typeof exp === 'number' ? exp - 3600 : undefined)
    .setExpirationTime(exp)
    .sign(key);
}

// --- Helpers ----------------------------------------------------------------------------------

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const hsKey = (secret: string) => new TextEncoder().encode(secret);

/** A token signed like the app's, naming the session `sid` (a real one unless a test forges it), with one thing changed. */
async function sessionToken(
  sub: number,
  opts: { sid?: string; secret?: string; iss?: string; iat?: number; exp?: number | string | null; alg?: 'HS256' | 'HS512' } = {},
): Promise<string> {
  const jwt = new SignJWT(opts.sid === undefined ? {} : { sid: opts.sid })
    .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT' })
    .setSubject(String(sub))
    .setIssuer(opts.iss ?? 'mobileshop-ks')
    .setIssuedAt(opts.iat);
  if (opts.exp !== null) jwt.setExpirationTime(opts.exp ?? '1h');
  return jwt.sign(hsKey(opts.secret ?? JWT_SECRET));
}

/** The session id a token names. */
const sidOf = (token: string) => decodeJwt(token).sid as string;

let t: TestApp;
beforeAll(async () => {
  await startJwksServer();
  t = await createTestApp({
    JWT_SECRET,
    RATE_LIMIT_AUTH_MAX: 1000,
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_JWKS_URL: `${jwksBase}/certs`,
  });
});
afterAll(async () => {
  await t?.close();
  await keys?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const profile = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: authorization === undefined ? {} : { authorization } });

/** Sends a request that must fail with `status` and `message`, and checks users did not change. */
async function expectRefused(
  send: () => Promise<{ statusCode: number; json(): unknown }>,
  status: number,
  message: string,
  label?: string,
) {
  const before = await countRows(t, 'users');
  const res = await send();
  expect(res.statusCode, label).toBe(status);
  expect((res.json() as { msg: string }).msg, label).toBe(message);
  expect(await countRows(t, 'users'), label).toBe(before);
  return res;
}

// --- Register ---------------------------------------------------------------------------------

describe('POST /api/auth/register', () => {
  it('registers a customer, ignoring a smuggled role, and the token opens the profile', async () => {
    const res = await post('/api/auth/register', {
      name: '  Arta Krasniqi ',
      email: '  Arta@Example.com ',
      password: 'Ylberi-Prishtina-2026!',
      phone: '+383 44 123 456',
      role: 'admin',
      isAdmin: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.user).toEqual({ id: expect.any(Number), name: 'Arta Krasniqi', email: 'arta@example.com', role: 'user', isAdmin: false });
    const [row] = await t.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row).toMatchObject({ role: 'user', blocked: false, phone: '+383 44 123 456', email: 'arta@example.com' });
    // argon2id with the OWASP minimum: 19 MiB, 2 iterations, parallelism 1; never returned.
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row!.passwordHash!.split('$')[3]!.split(',').sort()).toEqual(['m=19456', 'p=1', 't=2']);
    expect(res.body).not.toContain('argon2');
    const p = await profile(`Bearer ${body.token}`);
    expect(p.statusCode).toBe(200);
    expect(p.json()).toEqual({
      id: body.user.id,
      name: 'Arta Krasniqi',
      email: 'arta@example.com',
      role: 'user',
      emailVerified: false,
      hasPassword: true,
      twoFactorEnabled: false,
      phone: '+383 44 123 456',
      delivery: null,
    });
  });

  it('issues a token that expires after 7 days', async () => {
    const res = await post('/api/auth/register', { name: 'Drin', email: 'drin@example.com', password: 'Ylberi-Prishtina-2026!' });
    const { exp, iat, sub } = decodeJwt(res.json().token);
    expect(exp! - iat!).toBe(7 * 24 * 3600);
    expect(sub).toBe(String(res.json().user.id));
  });

  it.each([
    ['name', { email: 'a1@example.com', password: 'Ylberi-Prishtina-2026!' }, authMessages.nameRequired],
    ['blank name', { name: '   ', email: 'a2@example.com', password: 'Ylberi-Prishtina-2026!' }, authMessages.nameRequired],
    ['email', { name: 'A', password: 'Ylberi-Prishtina-2026!' }, authMessages.emailRequired],
    ['blank email', { name: 'A', email: '  ', password: 'Ylberi-Prishtina-2026!' }, authMessages.emailRequired],
    ['password', { name: 'A', email: 'a3@example.com' }, authMessages.passwordRequired],
    ['empty password', { name: 'A', email: 'a4@example.com', password: '' }, authMessages.passwordRequired],
  ])('refuses a missing %s with 400', async (_label, payload, message) => {
    await expectRefused(() => post('/api/auth/register', payload), 400, message);
  });

  it.each(['arta', 'arta@', '@example.com', 'arta@example', 'arta example@x.com', 'a@b@c.com'])(
    'refuses the malformed email %j',
    async (email) => {
      await expectRefused(
        () => post('/api/auth/register', { name: 'A', email, password: 'Ylberi-Prishtina-2026!' }),
        400,
        authMessages.emailInvalid,
      );
    },
  );

  it('refuses a password shorter than 8 characters (7 fails, 8 passes)', async () => {
    await expectRefused(
      () => post('/api/auth/register', { name: 'A', email: 'short@example.com', password: '1234567' }),
      400,
      authMessages.passwordShort,
    );
    const ok = await post('/api/auth/register', { name: 'A', email: 'short@example.com', password: 'a7Hq-2pz#Rv' });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a body that is not an object, and a wrong type, naming the problem', async () => {
    const before = await countRows(t, 'users');
    for (const payload of [undefined, [], 'text', 42]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().msg, JSON.stringify(payload)).toMatch(/kërkes/i);
    }
    expect(await countRows(t, 'users')).toBe(before);
    await expectRefused(
      () => post('/api/auth/register', { name: 'A', email: ['x@example.com'], password: 'Ylberi-Prishtina-2026!' }),
      400,
      authMessages.emailInvalid,
    );
  });

  it('refuses a taken email in any case or spacing with 409 and changes nothing', async () => {
    await createUser(t, { email: 'dita@example.com' });
    for (const email of ['dita@example.com', 'DITA@Example.COM', '  dita@example.com  ']) {
      await expectRefused(
        () => post('/api/auth/register', { name: 'Dita', email, password: 'Ylberi-Prishtina-2026!' }),
        409,
        authMessages.emailTaken,
      );
    }
  });

  it('creates one account when the same email registers twice at once', async () => {
    const before = await countRows(t, 'users');
    const payload = { name: 'Njëherë', email: 'race@example.com', password: 'Ylberi-Prishtina-2026!' };
    const results = await Promise.all([post('/api/auth/register', payload), post('/api/auth/register', payload)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await countRows(t, 'users')).toBe(before + 1);
  });
});

// --- Login ------------------------------------------------------------------------------------

describe('POST /api/auth/login', () => {
  it('logs in with the right password, whatever the email case and spacing', async () => {
    const { user, password } = await createUser(t, { email: 'blerim@example.com', name: 'Blerim' });
    const ok = await post('/api/auth/login', { email: '  BLERIM@example.com ', password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toEqual({ id: user.id, name: 'Blerim', email: 'blerim@example.com', role: 'user', isAdmin: false });
    expect((await profile(`Bearer ${ok.json().token}`)).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email with one and the same 401', async () => {
    const { password } = await createUser(t, { email: 'besa@example.com' });
    const wrong = await post('/api/auth/login', { email: 'besa@example.com', password: `${password}x` });
    const unknown = await post('/api/auth/login', { email: 'askush@example.com', password });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ msg: authMessages.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a blocked account with 403 and its own message, but only with the right password', async () => {
    const { password } = await createUser(t, { email: 'bllok@example.com', blocked: true });
    const res = await post('/api/auth/login', { email: 'bllok@example.com', password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: msg.blocked });
    const wrong = await post('/api/auth/login', { email: 'bllok@example.com', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().msg).toBe(authMessages.invalidCredentials);
  });

  it('refuses a password login to an account made with Google (it has no password)', async () => {
    const token = await googleToken({ email: 'vetem.google@gmail.com' });
    expect((await post('/api/auth/google', { token })).statusCode).toBe(200);
    const res = await post('/api/auth/login', { email: 'vetem.google@gmail.com', password: 'any-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(authMessages.invalidCredentials);
  });

  it.each([
    ['email', { password: 'Ylberi-Prishtina-2026!' }, authMessages.emailRequired],
    ['password', { email: 'x@example.com' }, authMessages.passwordRequired],
    ['empty password', { email: 'x@example.com', password: '' }, authMessages.passwordRequired],
    ['malformed email', { email: 'x@', password: 'Ylberi-Prishtina-2026!' }, authMessages.emailInvalid],
  ])('refuses a missing or bad %s with 400', async (_label, payload, message) => {
    await expectRefused(() => post('/api/auth/login', payload), 400, message);
  });

  it('the admin logs in with role admin and isAdmin', async () => {
    const res = await post('/api/auth/login', { email: 'admin@test.local', password: 'admin-pass-123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'admin', isAdmin: true });
  });
});

// --- Profile and tokens -----------------------------------------------------------------------

describe('GET /api/auth/profile', () => {
  it('answers the own name, email and role', async () => {
    const { user, auth } = await createUser(t, { name: 'Genta', email: 'genta@example.com' });
    const res = await profile(auth.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      name: 'Genta',
      email: 'genta@example.com',
      role: 'user',
      emailVerified: false,
      hasPassword: true,
      twoFactorEnabled: false,
      phone: null,
      delivery: null,
    });
  });

  it('answers 401 without a token or with a malformed header', async () => {
    const { token } = await createUser(t);
    for (const header of [undefined, '', 'Bearer', 'Bearer ', `Basic ${token}`, token, 'Bearer not-a-jwt', 'Bearer a.b.c']) {
      const res = await profile(header);
      expect(res.statusCode, String(header)).toBe(401);
      expect(typeof res.json().msg).toBe('string');
    }
    expect((await profile()).json().msg).toBe(msg.unauthorized);
  });

  it('answers 401 for expired, forged, alg:none, tampered, wrong-issuer and exp-less tokens', async () => {
    const { user, token } = await createUser(t);
    const sid = sidOf(token);
    expect((await profile(`Bearer ${await sessionToken(user.id, { sid })}`)).statusCode).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    const bad = {
      expired: await sessionToken(user.id, { sid, exp: now - 60 }),
      wrongKey: await sessionToken(user.id, { sid, secret: 'another-secret-of-enough-length-0123456789' }),
      wrongIssuer: await sessionToken(user.id, { sid, iss: 'someone-else' }),
      hs512: await sessionToken(user.id, { sid, alg: 'HS512' }),
      noExp: await sessionToken(user.id, { sid, exp: null }),
      algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: String(user.id), iss: 'mobileshop-ks', exp: now + 3600 })}.`,
      tampered: await (async () => {
        const [h, , s] = (await sessionToken(user.id, { sid })).split('.');
        return `${h}.${b64({ sub: '1', sid, iss: 'mobileshop-ks', iat: now, exp: now + 3600 })}.${s}`;
      })(),
      // RS256 token signed with a foreign key: the algorithm allow-list refuses it.
      rs256: await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256' })
        .setSubject(String(user.id))
        .setIssuer('mobileshop-ks')
        .setExpirationTime('1h')
        .sign(attackerKey),
    };
    for (const [label, token] of Object.entries(bad)) {
      const res = await profile(`Bearer ${token}`);
      expect(res.statusCode, label).toBe(401);
      expect(res.json().msg, label).toBe(msg.invalidToken);
    }
  });

  it('answers 401 for a deleted user and for a blocked user', async () => {
    const gone = await createUser(t);
    await t.db.delete(users).where(eq(users.id, gone.user.id));
    const res = await profile(gone.auth.authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(msg.invalidToken);

    const blocked = await createUser(t);
    expect((await profile(blocked.auth.authorization)).statusCode).toBe(200);
    await t.db.update(users).set({ blocked: true }).where(eq(users.id, blocked.user.id));
    const after = await profile(blocked.auth.authorization);
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe(msg.blocked);
  });
});

// --- Google sign-in ---------------------------------------------------------------------------

describe('POST /api/auth/google', () => {
  it('creates a customer from a verified Google identity, and finds it again next time', async () => {
    const before = await countRows(t, 'users');
    const token = await googleToken({ sub: 'sub-new-1', email: 'Lira.Berisha@gmail.com', name: 'Lira Berisha' });
    const res = await post('/api/auth/google', { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({
      id: expect.any(Number),
      name: 'Lira Berisha',
      email: 'lira.berisha@gmail.com',
      role: 'user',
      isAdmin: false,
    });
    expect(await countRows(t, 'users')).toBe(before + 1);
    const [row] = await t.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row).toMatchObject({ googleSub: 'sub-new-1', passwordHash: null, role: 'user' });
    expect((await profile(`Bearer ${body.token}`)).json()).toMatchObject({ email: 'lira.berisha@gmail.com' });

    const again = await post('/api/auth/google', { token: await googleToken({ sub: 'sub-new-1', email: 'lira.berisha@gmail.com' }) });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(body.user.id);
    expect(await countRows(t, 'users')).toBe(before + 1);
  });

  it('names a new account after the email when Google gives no name', async () => {
    const res = await post('/api/auth/google', { token: await googleToken({ email: 'pa.emer@gmail.com' }) });
    expect(res.json().user.name).toBe('pa.emer');
  });

  it('links a verified password account only from its own session, and the password keeps working', async () => {
    const { user, password, auth } = await createUser(t, { email: 'fatjon@example.com', name: 'Fatjon' });
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    const before = await countRows(t, 'users');
    const token = () => googleToken({ sub: 'sub-fatjon', email: 'FATJON@example.com' });
    // Without the account's session: not linked, the password must be proved first.
    const refused = await post('/api/auth/google', { token: await token() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ msg: authMessages.googleNeedsPassword });
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.googleSub).toBeNull();
    // From the account's own session: linked.
    const res = await post('/api/auth/google', { token: await token() }, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, name: 'Fatjon' });
    expect(await countRows(t, 'users')).toBe(before);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.googleSub).toBe('sub-fatjon');
    expect((await post('/api/auth/login', { email: 'fatjon@example.com', password })).statusCode).toBe(200);
    // Next time Google alone is enough.
    expect((await post('/api/auth/google', { token: await token() })).json().user.id).toBe(user.id);
  });

  it('keeps the admin an admin when they link Google from their session', async () => {
    const login = await post('/api/auth/login', { email: 'admin@test.local', password: 'admin-pass-123' });
    const res = await post(
      '/api/auth/google',
      { token: await googleToken({ email: 'admin@test.local' }) },
      { authorization: `Bearer ${login.json().token}` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'admin', isAdmin: true });
  });

  it('accepts both spellings of Google’s issuer', async () => {
    const res = await post('/api/auth/google', { token: await googleToken({ iss: 'accounts.google.com' }) });
    expect(res.statusCode).toBe(200);
  });

  it('refuses tokens with a wrong audience, issuer, signature, key id or expiry, with 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const bad = {
      audience: await googleToken({ aud: 'someone-elses-client.apps.googleusercontent.com' }),
      issuer: await googleToken({ iss: 'https://evil.example.com' }),
      signature: await googleToken({ key: attackerKey }),
      unknownKid: await googleToken({ key: attackerKey, kid: 'attacker-kid' }),
      expired: await googleToken({ exp: now - 120 }),
      tampered: await (async () => {
        const [h, , s] = (await googleToken()).split('.');
        return `${h}.${b64({ sub: 'x', email: 'admin@test.local', email_verified: true, iss: GOOGLE_ISS, aud: CLIENT_ID, exp: now + 600, iat: now })}.${s}`;
      })(),
      algNone: `${b64({ alg: 'none' })}.${b64({ sub: 'x', email: 'n@gmail.com', email_verified: true, iss: GOOGLE_ISS, aud: CLIENT_ID, exp: now + 600, iat: now })}.`,
      // HS256 "signed" with the public key: algorithm confusion must not work.
      hsWithPublicKey: await new SignJWT({ email: 'h@gmail.com', email_verified: true })
        .setProtectedHeader({ alg: 'HS256', kid: 'test-kid' })
        .setIssuer(GOOGLE_ISS)
        .setAudience(CLIENT_ID)
        .setSubject('x')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(JSON.stringify(publicJwk))),
      garbage: 'not.a.token',
    };
    for (const [label, token] of Object.entries(bad)) {
      await expectRefused(() => post('/api/auth/google', { token }), 401, authMessages.googleInvalid, label);
    }
  });

  it('refuses an unverified email', async () => {
    for (const email_verified of [false, 'false']) {
      await expectRefused(
        async () => post('/api/auth/google', { token: await googleToken({ email_verified }) }),
        401,
        authMessages.googleEmailUnverified,
      );
    }
  });

  it('refuses a missing or empty token with 400', async () => {
    await expectRefused(() => post('/api/auth/google', {}), 400, authMessages.googleInvalid);
    await expectRefused(() => post('/api/auth/google', { token: '' }), 400, authMessages.googleInvalid);
  });

  it('refuses a blocked account with 403, without linking it', async () => {
    const { user } = await createUser(t, { email: 'bllokuar.google@example.com', blocked: true });
    await expectRefused(
      async () => post('/api/auth/google', { token: await googleToken({ email: 'bllokuar.google@example.com' }) }),
      403,
      msg.blocked,
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.googleSub).toBeNull();
  });

  it('refuses an email already linked to another Google account with 409', async () => {
    expect((await post('/api/auth/google', { token: await googleToken({ sub: 'first-sub', email: 'dy@gmail.com' }) })).statusCode).toBe(
      200,
    );
    await expectRefused(
      async () => post('/api/auth/google', { token: await googleToken({ sub: 'second-sub', email: 'dy@gmail.com' }) }),
      409,
      authMessages.googleAccountConflict,
    );
  });
});

// --- Rate limits and configuration ------------------------------------------------------------

describe('rate limits (max 3 per window) and Google configuration', () => {
  let r: TestApp;
  let noGoogle: TestApp;
  beforeAll(async () => {
    [r, noGoogle] = await Promise.all([
      // Behind one trusted proxy, so X-Forwarded-For stands for different clients.
      createTestApp({
        RATE_LIMIT_AUTH_MAX: 3,
        TRUST_PROXY: 'loopback',
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_JWKS_URL: `${jwksBase}/certs-flaky`,
      }),
      createTestApp({ GOOGLE_CLIENT_ID: undefined }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([r?.close(), noGoogle?.close()]);
  });

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const login = (email: string, ip: string) =>
    r.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password' }, headers: from(ip) });

  it('limits login attempts per IP with 429 and an Albanian msg', async () => {
    // Login allows 3 times the limit per IP (many customers share one address), each account 3 of them.
    for (let i = 0; i < 9; i++) expect((await login(`ip${i}@example.com`, '10.0.0.1')).statusCode).toBe(401);
    const res = await login('ip9@example.com', '10.0.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toBe(msg.tooManyRequests);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('ip9@example.com', '10.0.0.2')).statusCode).toBe(401);
  });

  it('limits login attempts per account and IP, whatever the email case, without limiting other IPs', async () => {
    for (let i = 0; i < 3; i++) expect((await login(i % 2 ? 'Target@Example.com' : 'target@example.com', '10.1.0.1')).statusCode).toBe(401);
    const res = await login(' TARGET@example.com', '10.1.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toBe(authMessages.tooManyAttempts);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another IP may still try the same account.
    expect((await login('target@example.com', '10.1.0.2')).statusCode).toBe(401);
  });

  it('limits registration per IP and per email, creating nothing once limited', async () => {
    const reg = (email: string, ip: string) =>
      r.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'R', email, password: 'Ylberi-Prishtina-2026!' },
        headers: from(ip),
      });
    for (let i = 0; i < 3; i++) expect((await reg(`r${i}@example.com`, '10.2.0.1')).statusCode).toBe(201);
    let before = await countRows(r, 'users');
    let res = await reg('r9@example.com', '10.2.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toBe(msg.tooManyRequests);
    expect(await countRows(r, 'users')).toBe(before);

    for (let i = 0; i < 3; i++) expect((await reg('same@example.com', `10.3.0.${i}`)).statusCode).toBe(i === 0 ? 201 : 409);
    before = await countRows(r, 'users');
    res = await reg('SAME@example.com', '10.3.0.9');
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toBe(authMessages.tooManyForAccount);
    expect(await countRows(r, 'users')).toBe(before);
  });

  it('answers 503 while Google’s key set is out of reach, then verifies once it is back', async () => {
    const google = (token: string, ip: string) =>
      r.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token }, headers: from(ip) });
    keys.flaky.down = true;
    const before = await countRows(r, 'users');
    const down = await google(await googleToken({ email: 'limit@gmail.com', sub: 'limit-sub' }), '10.4.0.1');
    expect(down.statusCode).toBe(503);
    expect(down.json().msg).toBe(authMessages.googleUnavailable);
    expect(await countRows(r, 'users')).toBe(before);

    keys.flaky.down = false;
    // Per email: the same Google account from many IPs.
    for (let i = 0; i < 3; i++) {
      const res = await google(await googleToken({ email: 'limit@gmail.com', sub: 'limit-sub' }), `10.5.0.${i}`);
      expect(res.statusCode).toBe(200);
    }
    const limited = await google(await googleToken({ email: 'limit@gmail.com', sub: 'limit-sub' }), '10.5.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().msg).toBe(authMessages.tooManyForAccount);
    // Per IP: anything from one address.
    for (let i = 0; i < 2; i++) await google('x', '10.4.0.1');
    const res = await google(await googleToken(), '10.4.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toBe(msg.tooManyRequests);
  });

  it('answers 503 with an Albanian msg when Google sign-in is not configured', async () => {
    const before = await countRows(noGoogle, 'users');
    const res = await noGoogle.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token: await googleToken() } });
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toBe(authMessages.googleNotConfigured);
    expect(await countRows(noGoogle, 'users')).toBe(before);
  });
});

describe('accounts made by configuration', () => {
  it('log in even when their email has no dotted domain (admin@localhost, a@b.c)', async () => {
    const local = await createTestApp({ ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'sekret-admin-1' });
    try {
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'A@b.c', password: 'sekret-admin-1' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ email: 'a@b.c', role: 'admin', isAdmin: true });
    } finally {
      await local.close();
    }
  });
});

describe('per-IP limit without a trusted proxy', () => {
  it('cannot be dodged with a forged X-Forwarded-For', async () => {
    const direct = await createTestApp({ RATE_LIMIT_AUTH_MAX: 2 });
    try {
      // Login allows 3 times RATE_LIMIT_AUTH_MAX per IP: 6 here.
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await direct.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `forged${i}@example.com`, password: 'wrong-password' },
          headers: { 'x-forwarded-for': `10.9.9.${i}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 401, 401, 401, 429]);
    } finally {
      await direct.close();
    }
  });
});
