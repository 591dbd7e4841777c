/**
 * Faults, SIGKILL: a stream of orders (several in flight at once), the server killed with SIGKILL
 * in the middle of it, then started again on the same data. It must start (a PGlite folder lock
 * left by the killed process must not stop it), keep every order it answered 201, hold none twice,
 * take new orders, and answer a retry of a cut-off request (same Idempotency-Key) with at most one
 * order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, startShopServer, type ShopServer, type ShopStorage } from '../tools/shop-server';
import { HttpClient, sleep } from './lib/http';
import {
  adminToken,
  expectStockBalanced,
  newIdempotencyKey,
  OrderLedger,
  orderAnswerOk,
  products,
  stockLevels,
  randomOrder,
  register,
  Tally,
  type Customer,
  type ListedProduct,
} from './lib/shop';
import { logFileIn, postgresAvailable, postgresServer, serverEnv } from './lib/env';
import { CounterLedger, counterPhone, counterStream, expectCounterIntact } from './lib/counter';

const IN_FLIGHT = 6;
const ORDERS_BEFORE_KILL = 30;

/**
 * Orders from IN_FLIGHT workers until `stop()`, or for each worker until a request goes unanswered
 * (the server is gone); every request and answer goes to the ledger.
 */
function orderStream(client: HttpClient, ledger: OrderLedger, customers: Customer[], list: ListedProduct[], tally: Tally) {
  let running = true;
  const workers = Array.from({ length: IN_FLIGHT }, async (_, w) => {
    const customer = customers[w % customers.length]!;
    while (running) {
      const answer = await ledger.place(client, customer, randomOrder(list), newIdempotencyKey(), 15_000);
      tally.add('order', answer, () => orderAnswerOk(answer));
      if (answer.status === 0) break;
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

async function scenario(storage: ShopStorage, label: string): Promise<void> {
  const env = serverEnv({ RATE_LIMIT_AUTH_MAX: '1000' });
  const logFile = logFileIn(storage);
  let server: ShopServer = await startShopServer({ storage, env, logFile });
  const port = server.port;
  const client = new HttpClient(server.url, { connections: 20, timeoutMs: 15_000 });
  try {
    const list = (await products(client)).list;
    const customers: Customer[] = [];
    for (let i = 0; i < 3; i++) {
      const { customer, answer } = await register(client, `kill${i}`);
      expect(answer.status).toBe(201);
      customers.push(customer!);
    }
    const initialStock = await stockLevels(client, await adminToken(client));
    // Counter sales beside the orders (decision 051): a phone of its own, sold unit by unit at the till.
    const staffTok = await adminToken(client);
    const phone = await counterPhone(client, staffTok, 60);
    const counter = new CounterLedger();
    const tills = counterStream(client, staffTok, phone, counter);
    const ledger = new OrderLedger();
    const before = new Tally();
    const stream = orderStream(client, ledger, customers, list, before);
    while (ledger.confirmed().size < ORDERS_BEFORE_KILL || counter.acknowledged.size < 5) await sleep(20);

    // SIGKILL with orders in flight.
    const inFlight = [...ledger.attempts.values()].filter((a) => a.answers.length === 0).length;
    const answeredAtKill = ledger.confirmed().size;
    await server.stop('SIGKILL');
    // On PGlite the killed process leaves its folder lock behind: the restart has to get past it.
    if (label === 'PGlite') expect(fs.existsSync(path.join(storage.dataDir, '.lock'))).toBe(true);
    await sleep(300);
    const restarting = performance.now();
    server = await startShopServer({ storage, env, logFile, port });
    const upAfterMs = performance.now() - restarting;
    await stream.stop();
    await tills.stop();

    const cutOff = ledger.unsettledKeys();
    const fiveXx = before.count((s) => s >= 500);
    expect(fiveXx, JSON.stringify(before.failures.slice(0, 5))).toBe(0);
    expect(before.failures.filter((f) => f.status !== 0)).toEqual([]);

    // Every order answered 201 is there once; a cut-off one may be there, at most once.
    const admin = await adminToken(client);
    const afterRestart = ledger.verify(await OrderLedger.stored(client, admin), { strict: false });

    // A retry of each cut-off request with its Idempotency-Key gives one order, never two.
    for (const a of cutOff) {
      const customer = customers.find((c) => c.email === a.email)!;
      const retry = await ledger.place(client, customer, a.body, a.key);
      // 409 only when a product ran out of stock meanwhile: then no order, which is also one at most.
      expect(orderAnswerOk(retry), JSON.stringify(retry.body)).toBe(true);
    }
    // The stream goes on.
    const after = new Tally();
    const resumed = orderStream(client, ledger, customers, list, after);
    const target = ledger.confirmed().size + 20;
    while (ledger.confirmed().size < target) await sleep(20);
    await resumed.stop();
    expect(after.failures).toEqual([]);

    const stored = await OrderLedger.stored(client, admin);
    const final = ledger.verify(stored, { strict: true });
    // The killed transactions took no stock: every unit on the shelf or in a stored order.
    const stock = expectStockBalanced(initialStock, await stockLevels(client, admin), stored);
    // The counter: every sale answered 201 is there with its unit sold, none twice, the stock whole.
    const tillsAfter = counterStream(
      client,
      admin,
      { ...phone, imeis: phone.imeis.filter((i) => !counter.acknowledged.has(i) && !counter.cutOff.has(i)).slice(0, 5) },
      counter,
    );
    await tillsAfter.stop();
    const sales = await expectCounterIntact(client, admin, phone, counter);
    console.log(
      `[sigkill ${label}] killed with ${inFlight} orders in flight after ${answeredAtKill} answered 201; ` +
        `restarted in ${(upAfterMs / 1000).toFixed(1)} s; ` +
        `${cutOff.length} requests cut off, ${afterRestart.orphans} of them had been stored; after retries and 20 more: ${final.stored} orders, each once; ` +
        `stock + ${stock.unitsSold} units sold = initial for ${stock.products} products; ` +
        `counter: ${sales.acknowledged} sales answered 201, ${sales.cutOff} cut off, ${sales.sold} phones sold, each once`,
    );
  } finally {
    client.close();
    await server.stop();
  }
}

describe('SIGKILL in the middle of a stream of orders', () => {
  it('on PGlite: restarts on the same folder at once, keeps every answered order, duplicates none', async () => {
    const storage = await createStorage({ prefix: 'res-kill' });
    try {
      await scenario(storage, 'PGlite');
    } finally {
      await storage.dispose();
    }
  });

  describe.runIf(postgresAvailable)('on PostgreSQL', () => {
    let pg: Awaited<ReturnType<typeof postgresServer>>;
    let storage: ShopStorage;
    beforeAll(async () => {
      pg = await postgresServer();
      storage = await createStorage({ databaseUrl: pg.url, prefix: 'res_kill' });
    });
    afterAll(async () => {
      await storage?.dispose();
      await pg?.dispose();
    });

    it('restarts, keeps every answered order, duplicates none', async () => {
      await scenario(storage, 'PostgreSQL');
    });
  });
});
