import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@shop/shared/messages';
import { twoFactorText } from '@shop/shared/messages-two-factor';
import { users } from '../db/schema';
import { createTestApp, createUser, type TestApp } from '../test/harness';
import { startGoogleKeys } from '../test/google-keys';
import { adminWithTwoFactor, codeAt, login, post, steadyStep, userRow } from '../test/two-factor';

const CLIENT_ID = '1234567890-totp.apps.googleusercontent.com';

let t: TestApp;
let keys: Awaited<ReturnType<typeof startGoogleKeys>>;

beforeAll(async () => {
  keys = await startGoogleKeys();
  t = await createTestApp({ RATE_LIMIT_AUTH_MAX: 1000, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `${keys.base}/certs` });
});
afterAll(async () => {
  await t?.close();
  await keys?.close();
});

describe('POST /api/auth/2fa/setup', () => {
  it('gives an admin a new secret as text, otpauth URI and QR PNG, stored but not yet enabled', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await post(t, '/api/auth/2fa/setup', undefined, admin.auth);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { secret: string; otpauthUrl: string; qrDataUrl: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(body.otpauthUrl);
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toBe(`/MobileShop KS:${admin.user.email}`);
    expect(uri.searchParams.get('secret')).toBe(body.secret);
    expect(uri.searchParams.get('issuer')).toBe('MobileShop KS');
    expect(body.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(body.qrDataUrl.split(',')[1]!, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    const r = await userRow(t, admin.user.id);
    expect(r.totpSecret).toBe(body.secret);
    expect(r.totpEnabledAt).toBeNull();
    // Still signs in without a code: nothing is on before a code proves the app holds the secret.
    expect((await login(t, admin.user.email, admin.password)).statusCode).toBe(200);

    // Setting up again replaces the pending secret.
    const again = (await post(t, '/api/auth/2fa/setup', undefined, admin.auth)).json() as { secret: string };
    expect(again.secret).not.toBe(body.secret);
    expect((await userRow(t, admin.user.id)).totpSecret).toBe(again.secret);
  });

  it('refuses a customer (403), no token (401), and an admin who already has it on (409)', async () => {
    const customer = await createUser(t);
    const res = await post(t, '/api/auth/2fa/setup', undefined, customer.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: twoFactorText.adminOnly });
    expect((await userRow(t, customer.user.id)).totpSecret).toBeNull();

    const none = await post(t, '/api/auth/2fa/setup');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ msg: msg.unauthorized });

    const admin = await adminWithTwoFactor(t);
    const on = await post(t, '/api/auth/2fa/setup', undefined, admin.auth);
    expect(on.statusCode).toBe(409);
    expect(on.json()).toEqual({ msg: twoFactorText.alreadyEnabled });
    expect((await userRow(t, admin.user.id)).totpSecret).toBe(admin.secret);
  });
});

describe('POST /api/auth/2fa/enable', () => {
  it('refuses a wrong code (400) and turns it on with the right one, answering 10 recovery codes once', async () => {
    await steadyStep();
    const admin = await createUser(t, { role: 'admin' });
    const noSetup = await post(t, '/api/auth/2fa/enable', { password: admin.password, code: '123456' }, admin.auth);
    expect(noSetup.statusCode).toBe(409);
    expect(noSetup.json()).toEqual({ msg: twoFactorText.noPendingSetup });

    const { secret } = (await post(t, '/api/auth/2fa/setup', undefined, admin.auth)).json() as { secret: string };
    for (const code of [await codeAt(secret, -2), await codeAt(secret, 2), '000000', 'abcde-fghjk']) {
      if (code === (await codeAt(secret))) continue;
      const wrong = await post(t, '/api/auth/2fa/enable', { password: admin.password, code }, admin.auth);
      expect(wrong.statusCode, code).toBe(400);
      expect(wrong.json()).toEqual({ msg: twoFactorText.codeWrong });
    }
    expect((await userRow(t, admin.user.id)).totpEnabledAt).toBeNull();

    const res = await post(t, '/api/auth/2fa/enable', { password: admin.password, code: ` ${await codeAt(secret)} ` }, admin.auth);
    expect(res.statusCode, res.body).toBe(200);
    const { recoveryCodes } = res.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const r = await userRow(t, admin.user.id);
    expect(r.totpEnabledAt).toBeInstanceOf(Date);
    expect(r.recoveryCodeHashes).toHaveLength(10);
    // Only hashes are stored.
    const stored = JSON.stringify(r.recoveryCodeHashes);
    for (const c of recoveryCodes) expect(stored).not.toContain(c.replace('-', ''));
    expect(r.recoveryCodeHashes).toContain(crypto.createHash('sha256').update(recoveryCodes[0]!.replace('-', '')).digest('hex'));

    const twice = await post(t, '/api/auth/2fa/enable', { password: admin.password, code: await codeAt(secret, 1) }, admin.auth);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ msg: twoFactorText.alreadyEnabled });

    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: admin.auth });
    expect(profile.json()).toMatchObject({ twoFactorEnabled: true });
  });

  it('refuses a malformed code with 400 and an Albanian message', async () => {
    const admin = await createUser(t, { role: 'admin' });
    await post(t, '/api/auth/2fa/setup', undefined, admin.auth);
    for (const code of [undefined, '', 123456, '12<34>', 'x'.repeat(41)]) {
      const payload = { password: admin.password, ...(code === undefined ? {} : { code }) };
      const res = await post(t, '/api/auth/2fa/enable', payload, admin.auth);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json() as { msg: string }).msg).toMatch(/[a-zë]/);
    }
    expect((await userRow(t, admin.user.id)).totpEnabledAt).toBeNull();
  });
});

describe('POST /api/auth/login with two-factor on', () => {
  it('asks for the code (401, twoFactorRequired), refuses a wrong one, accepts the right one', async () => {
    await steadyStep();
    const admin = await adminWithTwoFactor(t);

    const without = await login(t, admin.user.email, admin.password);
    expect(without.statusCode).toBe(401);
    expect(without.json()).toEqual({ msg: twoFactorText.codeRequired, twoFactorRequired: true });

    const wrong = await login(t, admin.user.email, admin.password, '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ msg: twoFactorText.codeWrong, twoFactorRequired: true });

    // A right code with a wrong password is still the plain wrong-credentials answer (no hint of two-factor).
    const badPassword = await login(t, admin.user.email, `${admin.password}x`, await codeAt(admin.secret));
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json()).not.toHaveProperty('twoFactorRequired');

    const ok = await login(t, admin.user.email, admin.password, await codeAt(admin.secret));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ user: { id: admin.user.id, role: 'admin', isAdmin: true } });
  });

  it('refuses a replayed code and any code of an earlier step, accepts the next step', async () => {
    await steadyStep();
    const admin = await adminWithTwoFactor(t);
    // The step that enabled two-factor (the previous one) is used already.
    const enabling = await login(t, admin.user.email, admin.password, await codeAt(admin.secret, -1));
    expect(enabling.statusCode).toBe(401);

    const now = await codeAt(admin.secret);
    expect((await login(t, admin.user.email, admin.password, now)).statusCode).toBe(200);
    const replay = await login(t, admin.user.email, admin.password, now);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ msg: twoFactorText.codeWrong, twoFactorRequired: true });

    expect((await login(t, admin.user.email, admin.password, await codeAt(admin.secret, 1))).statusCode).toBe(200);
    // After the next step's code, this step's is spent too.
    const earlier = await codeAt(admin.secret);
    if (earlier !== (await codeAt(admin.secret, 1))) {
      expect((await login(t, admin.user.email, admin.password, earlier)).statusCode).toBe(401);
    }
  });

  it('accepts the same code only once when two logins race with it', async () => {
    await steadyStep();
    const admin = await adminWithTwoFactor(t);
    const code = await codeAt(admin.secret);
    const answers = await Promise.all([1, 2, 3].map(() => login(t, admin.user.email, admin.password, code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('accepts each recovery code once, in any letter case and with or without the dash', async () => {
    const admin = await adminWithTwoFactor(t);
    const [first, second] = admin.recoveryCodes;
    expect((await login(t, admin.user.email, admin.password, first)).statusCode).toBe(200);
    const again = await login(t, admin.user.email, admin.password, first);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ msg: twoFactorText.codeWrong, twoFactorRequired: true });

    expect((await login(t, admin.user.email, admin.password, ` ${second!.toUpperCase().replace('-', ' ')} `)).statusCode).toBe(200);
    expect((await userRow(t, admin.user.id)).recoveryCodeHashes).toHaveLength(8);
    // Another admin's recovery code does not open this account.
    const other = await adminWithTwoFactor(t);
    expect((await login(t, admin.user.email, admin.password, other.recoveryCodes[0])).statusCode).toBe(401);
  });

  it('counts wrong codes toward the login limit (429)', async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_MAX: 3 });
    try {
      const admin = await adminWithTwoFactor(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await login(limited, admin.user.email, admin.password, '000000')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      // The right code does not get past the limit either.
      expect((await login(limited, admin.user.email, admin.password, await codeAt(admin.secret))).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('a customer without two-factor logs in as before, a code sent along is ignored', async () => {
    const customer = await createUser(t);
    expect((await login(t, customer.user.email, customer.password)).statusCode).toBe(200);
    expect((await login(t, customer.user.email, customer.password, '123456')).statusCode).toBe(200);
  });
});

describe('POST /api/auth/google with two-factor on', () => {
  it('asks for the code, then signs in with it', async () => {
    await steadyStep();
    const admin = await adminWithTwoFactor(t);
    const sub = `google-2fa-${admin.user.id}`;
    await t.db.update(users).set({ googleSub: sub, emailVerified: true }).where(eq(users.id, admin.user.id));
    const token = await new SignJWT({ email: admin.user.email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-kid', typ: 'JWT' })
      .setIssuer('https://accounts.google.com')
      .setAudience(CLIENT_ID)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(keys.googleKey);

    const without = await post(t, '/api/auth/google', { token });
    expect(without.statusCode).toBe(401);
    expect(without.json()).toEqual({ msg: twoFactorText.codeRequired, twoFactorRequired: true });
    const wrong = await post(t, '/api/auth/google', { token, code: '000000' });
    expect(wrong.json()).toEqual({ msg: twoFactorText.codeWrong, twoFactorRequired: true });
    const ok = await post(t, '/api/auth/google', { token, code: await codeAt(admin.secret) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ user: { id: admin.user.id } });
  });
});

describe('POST /api/auth/2fa/disable', () => {
  it('needs both the password and a code; then it is off and the secret and codes are gone', async () => {
    await steadyStep();
    const admin = await adminWithTwoFactor(t);
    const wrongPassword = await post(t, '/api/auth/2fa/disable', { password: 'nope-nope', code: await codeAt(admin.secret) }, admin.auth);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ msg: twoFactorText.passwordWrong });
    const wrongCode = await post(t, '/api/auth/2fa/disable', { password: admin.password, code: '000000' }, admin.auth);
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual({ msg: twoFactorText.codeWrong });
    expect((await userRow(t, admin.user.id)).totpEnabledAt).not.toBeNull();

    const res = await post(t, '/api/auth/2fa/disable', { password: admin.password, code: await codeAt(admin.secret) }, admin.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: twoFactorText.disabled });
    const r = await userRow(t, admin.user.id);
    expect(r).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodeHashes: [] });
    expect((await login(t, admin.user.email, admin.password)).statusCode).toBe(200);

    const again = await post(t, '/api/auth/2fa/disable', { password: admin.password, code: '123456' }, admin.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: twoFactorText.notEnabled });
  });

  it('takes a recovery code instead of the app code', async () => {
    const admin = await adminWithTwoFactor(t);
    const res = await post(t, '/api/auth/2fa/disable', { password: admin.password, code: admin.recoveryCodes[3] }, admin.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(t, admin.user.id)).totpEnabledAt).toBeNull();
  });
});

describe('ADMIN_2FA=required', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ ADMIN_2FA: 'required', RATE_LIMIT_AUTH_MAX: 1000 });
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('refuses the admin routes to an admin without two-factor (403, twoFactorSetupRequired), not his profile or the setup', async () => {
    await steadyStep();
    const admin = await createUser(strict, { role: 'admin' });
    for (const url of ['/api/admin/users_new', '/api/admin/orders', '/api/admin/warranty']) {
      const res = await strict.app.inject({ method: 'GET', url, headers: admin.auth });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ msg: twoFactorText.setupRequired, twoFactorSetupRequired: true });
    }
    const create = await post(strict, '/api/products', { name: 'Telefon', price: 10 }, admin.auth);
    expect(create.statusCode).toBe(403);
    expect(create.json()).toMatchObject({ twoFactorSetupRequired: true });

    // He can still sign in, read his profile and turn it on.
    expect((await login(strict, admin.user.email, admin.password)).statusCode).toBe(200);
    const profile = await strict.app.inject({ method: 'GET', url: '/api/auth/profile', headers: admin.auth });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ role: 'admin', twoFactorEnabled: false });
    const setup = await post(strict, '/api/auth/2fa/setup', undefined, admin.auth);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const enabled = await post(strict, '/api/auth/2fa/enable', { password: admin.password, code: await codeAt(secret, -1) }, admin.auth);
    expect(enabled.statusCode).toBe(200);

    const after = await strict.app.inject({ method: 'GET', url: '/api/admin/users_new', headers: admin.auth });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('leaves customers alone (their routes work; admin routes stay a plain 403)', async () => {
    const customer = await createUser(strict);
    expect((await strict.app.inject({ method: 'GET', url: '/api/orders/mine', headers: customer.auth })).statusCode).toBe(200);
    const admin = await strict.app.inject({ method: 'GET', url: '/api/admin/users_new', headers: customer.auth });
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ msg: msg.forbidden });
  });

  it('with ADMIN_2FA=optional (the default) an admin without two-factor keeps the admin routes', async () => {
    const admin = await createUser(t, { role: 'admin' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users_new', headers: admin.auth })).statusCode).toBe(200);
  });
});
