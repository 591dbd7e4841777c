import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { users } from '../db/schema';
import { createUser, type TestApp } from './harness';

/** The two-factor tests' helpers: codes by time step, the account's row, and admins with it set up or on. */

export const TOTP_STEP = 30;
export const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The code of the time step `offset` steps from now. */
export const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: nowSeconds() + offset * TOTP_STEP });

/**
 * Waits, when needed, until at least 10 s of the current 30 s step are left, so a test that
 * reasons about "this step, the one before, the one after" does not cross a step boundary.
 */
export async function steadyStep() {
  const left = TOTP_STEP - ((Date.now() / 1000) % TOTP_STEP);
  if (left < 10) await new Promise((r) => setTimeout(r, left * 1000 + 200));
}

type Headers = Record<string, string>;
/** A POST through the app, from `remoteAddress` when given. */
export const post = (app: TestApp, url: string, payload?: unknown, headers: Headers = {}, remoteAddress?: string) =>
  app.app.inject({
    method: 'POST',
    url,
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

export const login = (app: TestApp, email: string, password: string, code?: string, remoteAddress?: string) =>
  post(app, '/api/auth/login', { email, password, ...(code === undefined ? {} : { code }) }, {}, remoteAddress);

export async function userRow(app: TestApp, id: number) {
  const [r] = await app.db.select().from(users).where(eq(users.id, id));
  return r!;
}

/** An admin with a pending setup (its secret). */
export async function adminWithSetup(app: TestApp) {
  const admin = await createUser(app, { role: 'admin' });
  const setup = await post(app, '/api/auth/2fa/setup', undefined, admin.auth);
  expect(setup.statusCode, setup.body).toBe(200);
  return { ...admin, secret: (setup.json() as { secret: string }).secret };
}

/** An admin with two-factor on (set up and enabled through the API); the code enabling it is of the previous step. */
export async function adminWithTwoFactor(app: TestApp) {
  const admin = await adminWithSetup(app);
  const enable = await post(app, '/api/auth/2fa/enable', { password: admin.password, code: await codeAt(admin.secret, -1) }, admin.auth);
  expect(enable.statusCode, enable.body).toBe(200);
  return { ...admin, recoveryCodes: (enable.json() as { recoveryCodes: string[] }).recoveryCodes };
}
