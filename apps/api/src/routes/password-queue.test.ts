import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { httpMsg } from '@shop/shared/messages-http';
import { users } from '../db/schema';
import { passwordQueue } from '../lib/password-queue';
import { insertUserToken } from '../repositories/user-tokens';
import { createTestApp, createUser, type TestApp } from '../test/harness';

/**
 * Issue 24 finding 15: a burst of 200 sign-ups kept 116 clients 30 s in the argon2 line. Now
 * the line is bounded (PASSWORD_CONCURRENCY 1 and PASSWORD_QUEUE_MAX 2 here): past it, login,
 * registration, reset and password change answer 503 with Retry-After at once, while the
 * catalogue and orders, which need no argon2, keep answering.
 */
let t: TestApp;
const strong = 'Ylberi-Prishtina-2026!';

beforeAll(async () => {
  t = await createTestApp({ PASSWORD_CONCURRENCY: 1, PASSWORD_QUEUE_MAX: 2 });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

/** A job that holds the password queue's one slot until the test opens its gate (no timers). */
function holdTheSlot() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const held = passwordQueue().run(() => gate);
  return { open, held };
}

describe('issue 24 finding 15: a burst of sign-ups cannot starve the shop (bounded argon2 queue)', () => {
  it('answers 503 with Retry-After at once past the line on login, registration, reset and password change; catalogue and orders answer', async () => {
    expect(passwordQueue().stats()).toMatchObject({ concurrency: 1, maxWaiting: 2 });
    const waiter = await createUser(t, { password: strong });
    const customer = await createUser(t, { password: strong });
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, customer.user.id));
    const resetToken = crypto.randomBytes(32).toString('base64url');
    await insertUserToken(t.db, {
      userId: customer.user.id,
      purpose: 'reset-password',
      tokenHash: crypto.createHash('sha256').update(resetToken).digest('hex'),
      expiresAt: new Date(Date.now() + 30 * 60_000),
    });
    const [product] = (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as { id: string; price: number }[];

    const slot = holdTheSlot();
    const waiting = [
      post('/api/auth/login', { email: waiter.user.email, password: strong }),
      post('/api/auth/login', { email: waiter.user.email, password: strong }),
    ];
    await vi.waitFor(() => expect(passwordQueue().stats()).toMatchObject({ running: 1, waiting: 2 }), { timeout: 30_000, interval: 5 });

    const refused = [
      await post('/api/auth/login', { email: customer.user.email, password: strong }),
      await post('/api/auth/login', { email: 'askush@example.com', password: strong }),
      await post('/api/auth/register', { name: 'Arta Krasniqi', email: `arta-${crypto.randomUUID()}@example.com`, password: strong }),
      await post('/api/auth/reset-password', { token: resetToken, password: 'Drini-Gjakova-2027?' }),
      await post('/api/auth/change-password', { currentPassword: strong, newPassword: 'Drini-Gjakova-2027?' }, customer.auth),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ msg: httpMsg.passwordBusy });
    }

    // Nothing needing argon2 waits: the catalogue, a product and an order answer while logins queue.
    expect((await t.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${product!.id}` })).statusCode).toBe(200);
    const order = await post(
      '/api/orders',
      { items: [{ id: product!.id, quantity: 1, price: product!.price }], total: product!.price },
      { ...customer.auth, 'idempotency-key': `burst-${crypto.randomUUID()}` },
    );
    expect(order.statusCode, order.body).toBe(201);
    expect(passwordQueue().stats()).toMatchObject({ running: 1, waiting: 2 });
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('shop_work_queue_jobs{queue="passwords",state="waiting"} 2');
    expect(metrics).toContain('shop_work_queue_refused_total{queue="passwords"} 5');

    // The line drains: the waiting logins go through, and the refused reset link still works.
    slot.open();
    await slot.held;
    for (const res of await Promise.all(waiting)) expect(res.statusCode, res.body).toBe(200);
    const reset = await post('/api/auth/reset-password', { token: resetToken, password: 'Drini-Gjakova-2027?' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(passwordQueue().stats()).toMatchObject({ running: 0, waiting: 0 });
  }, 60_000);
});
