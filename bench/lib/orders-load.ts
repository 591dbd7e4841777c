/**
 * POST /api/orders under load: each autocannon connection is its own logged-in customer (the
 * order's transaction locks the customer's row, so one shared customer would make every order
 * wait for the one before), and every request carries a fresh Idempotency-Key.
 *
 * autocannon drops the requests still in flight when its time is up, but the server finishes
 * them. Every key sent is remembered, so afterwards each unanswered key is sent once more: the
 * server answers the stored order (Idempotent-Replayed) or, if the request never reached it,
 * makes it now. Then every key has exactly one answered order, and the database must hold
 * exactly those orders.
 */
import crypto from 'node:crypto';
import { call, expectCall, pool } from './http';
import { runLoad, type LoadFigures } from './load';

export interface Customer {
  email: string;
  password: string;
  token: string;
}

export interface OrderLine {
  id: string;
  price: number;
  quantity: number;
}

export interface OrdersFigures {
  load: LoadFigures;
  ordersPerS: number;
  created201: number;
  /** Keys whose answer autocannon dropped at the stop. */
  inFlightAtStop: number;
  /** Of those, how many the server had already made (answered again from the key). */
  inFlightReplayed: number;
  /** Of those, how many had not reached the server and were made by the second send. */
  inFlightMadeAfter: number;
  expectedOrders: number;
  newOrdersInDatabase: number;
  ordersListedForCustomers: number;
  duplicateIds: number;
  salesMatch: boolean;
  /** Units taken from the shelf by the load, per product of the order, equal the units in the answered orders. */
  stockMatch: boolean;
  unitsTaken: number;
  ok: boolean;
  problems: string[];
}

interface AdminStats {
  totalOrders: number;
  totalSales: number;
}

const cents = (euros: number) => Math.round(euros * 100);

export async function registerCustomers(base: string, n: number, tag: string): Promise<Customer[]> {
  return pool(
    Array.from({ length: n }, (_, i) => i),
    4,
    async (i) => {
      const email = `bench-${tag}-${i}@example.com`;
      const password = `Bench-Lumi-Drini-${i}-${tag}`;
      const res = await expectCall<{ token: string }>(201, base, '/api/auth/register', {
        body: { name: `Klient Bench ${i + 1}`, email, password },
      });
      return { email, password, token: res.body.token };
    },
  );
}

export async function runOrdersLoad(opts: {
  base: string;
  adminToken: string;
  customers: Customer[];
  lines: OrderLine[];
  durationS: number;
}): Promise<OrdersFigures> {
  const { base, adminToken, customers, lines } = opts;
  const body = JSON.stringify({
    items: lines.map((l) => ({ id: l.id, quantity: l.quantity, price: l.price })),
    total: lines.reduce((s, l) => s + cents(l.price) * l.quantity, 0) / 100,
  });
  const orderCents = lines.reduce((s, l) => s + cents(l.price) * l.quantity, 0);
  const stats = async () => (await expectCall<AdminStats>(200, base, '/api/admin/stats', { token: adminToken })).body;
  // A shelf deep enough for the whole run, so every order can be served; the units taken are
  // checked afterwards against the orders answered.
  const shelf = async () => {
    const list = (await expectCall<{ id: string; stock: number | null }[]>(200, base, '/api/admin/products', { token: adminToken })).body;
    return new Map(list.map((p) => [p.id, p.stock]));
  };
  const products = (await expectCall<{ id: string; name: string; price: number }[]>(200, base, '/api/products')).body;
  for (const l of lines) {
    const p = products.find((x) => x.id === l.id)!;
    await expectCall(200, base, `/api/admin/products/${encodeURIComponent(l.id)}`, {
      method: 'PUT',
      token: adminToken,
      body: { name: p.name, price: p.price, stock: 1_000_000 },
    });
  }
  const stockBefore = await shelf();
  const before = await stats();

  /** Per connection: the keys sent, in order, and the order id each answered 201 with. */
  const conns = customers.map((customer) => ({ customer, sent: [] as string[], answered: new Map<string, number>(), statuses: 0 }));
  let nextConn = 0;
  const problems: string[] = [];
  const examples: string[] = [];

  const load = await runLoad({
    url: base,
    connections: customers.length,
    durationS: opts.durationS,
    setupClient: (client) => {
      const conn = conns[nextConn++ % conns.length]!;
      client.setRequests([
        {
          method: 'POST',
          path: '/api/orders',
          setupRequest: (req) => {
            const key = `bench-${crypto.randomUUID()}`;
            conn.sent.push(key);
            return {
              ...req,
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${conn.customer.token}`,
                'idempotency-key': key,
              },
              body,
            };
          },
          onResponse: (status, resBody) => {
            // Requests on one connection go one at a time: the answer is for the last key sent.
            const key = conn.sent[conn.sent.length - 1]!;
            if (status === 201) conn.answered.set(key, (JSON.parse(resBody) as { order: { id: number } }).order.id);
            else if (examples.length < 3) examples.push(`${status} ${resBody.slice(0, 200)}`);
          },
        },
      ]);
    },
  });

  // Send every unanswered key once more, with its customer and the same body.
  let replayed = 0;
  let madeAfter = 0;
  const pending = conns.flatMap((c) => c.sent.filter((k) => !c.answered.has(k)).map((key) => ({ c, key })));
  await pool(pending, 4, async ({ c, key }) => {
    const res = await call<{ order: { id: number } }>(base, '/api/orders', {
      body: JSON.parse(body) as unknown,
      token: c.customer.token,
      headers: { 'idempotency-key': key },
    });
    if (res.status !== 201) {
      problems.push(`second send of an unanswered key: ${res.status} ${res.text.slice(0, 200)}`);
      return;
    }
    if (res.headers.get('idempotent-replayed') === 'true') replayed++;
    else madeAfter++;
    c.answered.set(key, res.body.order.id);
  });

  const after = await stats();
  const answeredIds = conns.flatMap((c) => [...c.answered.values()]);
  const uniqueIds = new Set(answeredIds);
  // Each customer's own list must hold exactly the orders answered on their connection.
  let listed = 0;
  let storedCents = 0;
  for (const c of conns) {
    const mine = await expectCall<{ id: number; total: number }[]>(200, base, '/api/orders/mine', { token: c.customer.token });
    listed += mine.body.length;
    storedCents += mine.body.reduce((sum, o) => sum + cents(o.total), 0);
    const ids = new Set(mine.body.map((o) => o.id));
    const answered = new Set(c.answered.values());
    if (ids.size !== answered.size || [...answered].some((id) => !ids.has(id)))
      problems.push(`${c.customer.email}: ${answered.size} orders answered, ${ids.size} listed`);
  }
  const expected = uniqueIds.size;
  const stockAfter = await shelf();
  let unitsTaken = 0;
  let stockMatch = true;
  for (const l of lines) {
    const taken = (stockBefore.get(l.id) ?? 0) - (stockAfter.get(l.id) ?? 0);
    unitsTaken += taken;
    if (taken !== expected * l.quantity) {
      stockMatch = false;
      problems.push(`${l.id}: ${taken} units taken from the shelf, ${expected * l.quantity} in the answered orders`);
    }
  }
  const newOrders = after.totalOrders - before.totalOrders;
  // The stored totals, read back from each customer's list, add up to the answered ones; and none of
  // the new orders is a sale yet (sales are confirmed, shipped or delivered orders: decision 035).
  const salesMatch = storedCents === expected * orderCents && cents(after.totalSales) === cents(before.totalSales);
  if (newOrders !== expected) problems.push(`the database holds ${newOrders} new orders, ${expected} were answered 201`);
  if (uniqueIds.size !== answeredIds.length) problems.push(`${answeredIds.length - uniqueIds.size} order ids answered twice`);
  if (!salesMatch)
    problems.push(
      `the stored totals (${storedCents / 100} €) or the sales (${before.totalSales} -> ${after.totalSales} €) differ from the answered orders (${(expected * orderCents) / 100} €, none a sale yet)`,
    );
  if (load.non2xx > 0) problems.push(`${load.non2xx} answers were not 201 (${load.count5xx} of them 5xx), e.g. ${examples.join(' | ')}`);
  if (load.errors > 0) problems.push(`${load.errors} connection errors or timeouts`);
  return {
    load,
    ordersPerS: load.ok / load.durationS,
    created201: load.ok,
    inFlightAtStop: pending.length,
    inFlightReplayed: replayed,
    inFlightMadeAfter: madeAfter,
    expectedOrders: expected,
    newOrdersInDatabase: newOrders,
    ordersListedForCustomers: listed,
    duplicateIds: answeredIds.length - uniqueIds.size,
    salesMatch,
    stockMatch,
    unitsTaken,
    ok: problems.length === 0,
    problems,
  };
}
