import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgliteSession } from 'drizzle-orm/pglite';
import { and, eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema';
import { createTestApp, createUser, type TestApp } from '../test/harness';
import { storefrontProducts } from '../test/admin-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

/**
 * The statements one call sends to the database: every statement goes through a drizzle session's
 * prepareQuery. On PostgreSQL BEGIN and COMMIT are statements of drizzle's too; PGlite runs them
 * itself, so they are added here to count the same on both.
 */
async function statementsOf(run: () => Promise<unknown>): Promise<number> {
  const pg = vi.spyOn(NodePgSession.prototype, 'prepareQuery');
  const lite = vi.spyOn(PgliteSession.prototype, 'prepareQuery');
  try {
    await run();
    return pg.mock.calls.length + lite.mock.calls.length + (t.database.kind === 'pglite' ? 2 : 0);
  } finally {
    pg.mockRestore();
    lite.mockRestore();
  }
}

describe('POST /api/orders round trips (decision 030)', () => {
  it('places an order of two products in nine statements: the session, BEGIN, four reads and locks, two writes, COMMIT', async () => {
    const customer = await createUser(t);
    const [a, b] = (await storefrontProducts(t)).filter((p) => p.price > 0);
    const items = [
      { id: a!.id, price: a!.price, quantity: 2 },
      { id: b!.id, price: b!.price, quantity: 1 },
    ];
    const total = items.reduce((s, l) => s + Math.round(l.price * 100) * l.quantity, 0) / 100;
    let res: Awaited<ReturnType<TestApp['app']['inject']>> | undefined;
    const statements = await statementsOf(async () => {
      res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...customer.auth, 'idempotency-key': 'round-trips-1' },
        payload: { items, total },
      });
    });
    expect(res!.statusCode, res!.body).toBe(201);
    // Before decision 030 it took 15: every line's stock, the history, the mail and the kept
    // answer each had a statement of their own, and the open orders were read twice.
    expect(statements).toBe(9);

    // What the one statement wrote is all there: lines in order, history, mail, the kept answer.
    const order = res!.json<{ order: { id: number; items: { id: string; quantity: number }[] } }>().order;
    expect(order.items.map((i) => [i.id, i.quantity])).toEqual([
      [a!.id, 2],
      [b!.id, 1],
    ]);
    const detail = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: customer.auth });
    expect(detail.json<{ history: { status: string; by: string }[] }>().history).toEqual([
      expect.objectContaining({ status: 'pending', by: 'customer' }),
    ]);
    const mails = await t.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'order-placed'), eq(mailOutbox.toAddress, customer.user.email)));
    expect(mails).toEqual([{ subject: `Porosia #${order.id} u pranua` }]);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...customer.auth, 'idempotency-key': 'round-trips-1' },
      payload: { items, total },
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(res!.json());
  });
});
