/**
 * What a shopper does, in API calls, and the order ledger: every order request the tests send and
 * every answer they got, checked afterwards against what the database holds (through the admin
 * API and the customers' own order lists).
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { httpMsg } from '@shop/shared/messages-http';
import { testAdmin } from '../../tools/shop-server';
import { percentile, type Answer, type HttpClient } from './http';

/** Unique per run, so emails, keys and rate-limit namespaces never meet an earlier run's. */
export const runId = `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`;

export interface ListedProduct {
  id: string;
  name: string;
  price: number;
}

export interface OrderBody {
  items: { id: string; quantity: number; price: number }[];
  total: number;
}

export interface StoredOrder {
  id: number;
  userId: number | null;
  user: string;
  total: number;
  status: string;
  products: { id: string; quantity: number; price: number }[];
}

/**
 * An order answer the shopper can expect under load: 201, or 409 because a product ran out of
 * stock (the body names the product and the units left). Anything else is a failure.
 */
export function orderAnswerOk(a: Answer): boolean {
  if (a.status === 201) return true;
  const body = a.body as { productId?: unknown; left?: unknown; msg?: unknown } | undefined;
  return a.status === 409 && typeof body?.productId === 'string' && typeof body.left === 'number' && typeof body.msg === 'string';
}

/** Units on the shelf per product id through the admin API; a product missing from the map is unlimited. */
export async function stockLevels(client: HttpClient, adminTok: string): Promise<Map<string, number>> {
  const res = await client.get('/api/admin/products', { token: adminTok, timeoutMs: 60_000 });
  expect(res.status).toBe(200);
  const out = new Map<string, number>();
  for (const p of res.body as { id: string; stock: number | null }[]) if (p.stock !== null) out.set(p.id, p.stock);
  return out;
}

/** Sets a product's stock through the admin API (PUT needs its name and price too). */
export async function setStock(client: HttpClient, adminTok: string, product: ListedProduct, stock: number): Promise<void> {
  const res = await client.put(
    `/api/admin/products/${encodeURIComponent(product.id)}`,
    { name: product.name, price: product.price, stock },
    { token: adminTok },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/**
 * Stock is conserved: for every stocked product, the units on the shelf now plus the units in
 * the stored orders that are not cancelled equal the units at the start (no order placed before
 * `initial` was read), and no shelf is below zero. Returns figures for the log.
 */
export function expectStockBalanced(
  initial: Map<string, number>,
  now: Map<string, number>,
  stored: StoredOrder[],
): { products: number; unitsSold: number; soldOut: number } {
  const sold = new Map<string, number>();
  for (const o of stored) {
    if (o.status === 'cancelled') continue;
    for (const p of o.products) sold.set(p.id, (sold.get(p.id) ?? 0) + p.quantity);
  }
  let unitsSold = 0;
  let soldOut = 0;
  for (const [id, start] of initial) {
    const left = now.get(id);
    expect(left, `stock of ${id} is gone`).toBeDefined();
    expect(left!, `stock of ${id} went below zero`).toBeGreaterThanOrEqual(0);
    expect(left! + (sold.get(id) ?? 0), `stock of ${id}: ${left} left + ${sold.get(id) ?? 0} sold ≠ ${start} at the start`).toBe(start);
    unitsSold += sold.get(id) ?? 0;
    if (left === 0) soldOut++;
  }
  return { products: initial.size, unitsSold, soldOut };
}

export interface Customer {
  email: string;
  password: string;
  token: string;
  id: number;
}

let emailSeq = 0;
export function uniqueEmail(tag: string): string {
  return `r${runId}-${tag}-${++emailSeq}@example.com`;
}

export function newIdempotencyKey(): string {
  return `res-${crypto.randomUUID()}`;
}

export async function adminToken(client: HttpClient): Promise<string> {
  const res = await client.post('/api/auth/login', testAdmin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { token: string }).token;
}

/** Registers a new customer; returns undefined (and the answer) when the server did not say 201. */
export async function register(
  client: HttpClient,
  tag: string,
  extra: { headers?: Record<string, string> } = {},
): Promise<{ customer?: Customer; answer: Answer }> {
  const email = uniqueEmail(tag);
  const password = `Kafe-Mali-${crypto.randomBytes(6).toString('hex')}`;
  const answer = await client.post('/api/auth/register', { name: `Blerës ${tag}`, email, password }, extra);
  if (answer.status !== 201) return { answer };
  const body = answer.body as { token: string; user: { id: number } };
  return { customer: { email, password, token: body.token, id: body.user.id }, answer };
}

/**
 * The bounded password queue's refusal (decision 029): 503 at once with a Retry-After in seconds
 * and the Albanian text. The only 5xx a sign-in or sign-up burst may get.
 */
export function isPasswordBusy(a: Answer): boolean {
  const retryAfter = Number(a.headers['retry-after']);
  return a.status === 503 && Number.isInteger(retryAfter) && retryAfter > 0 && (a.body as { msg?: unknown })?.msg === httpMsg.passwordBusy;
}

/**
 * Sends a sign-in or sign-up and, while the server answers that its password queue is full, waits
 * the Retry-After it names (as a well-behaved client does) and sends it again, until `deadline`
 * (performance.now()). Every answer, refusals included, goes to `seen`; the last one is returned.
 */
export async function retryWhenPasswordBusy(send: () => Promise<Answer>, seen: (a: Answer) => void, deadline = Infinity): Promise<Answer> {
  for (;;) {
    const a = await send();
    seen(a);
    if (!isPasswordBusy(a)) return a;
    const waitMs = Number(a.headers['retry-after']) * 1000;
    if (performance.now() + waitMs >= deadline) return a;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

export async function products(client: HttpClient, query = ''): Promise<{ list: ListedProduct[]; answer: Answer }> {
  const answer = await client.get(`/api/products${query}`);
  return { list: answer.status === 200 ? (answer.body as ListedProduct[]) : [], answer };
}

const cents = (euros: number) => Math.round(euros * 100);

/** An order of 1–3 random products (quantities 1–3) at the given, current prices. */
export function randomOrder(list: ListedProduct[], rand: () => number = Math.random): OrderBody {
  const pool = [...list];
  const lines = 1 + Math.floor(rand() * 3);
  const items: OrderBody['items'] = [];
  for (let i = 0; i < lines && pool.length > 0; i++) {
    const [p] = pool.splice(Math.floor(rand() * pool.length), 1);
    items.push({ id: p!.id, quantity: 1 + Math.floor(rand() * 3), price: p!.price });
  }
  const total = items.reduce((s, i) => s + cents(i.price) * i.quantity, 0) / 100;
  return { items, total };
}

interface OrderAttempt {
  key: string;
  email: string;
  body: OrderBody;
  answers: Answer[];
}

/**
 * Every order request sent and what came back. `verify` holds the database's orders against it:
 * each order answered 201 is stored exactly once with the answered total and lines; an order that
 * was never answered 201 may only exist for a key whose requests were cut off or got a 503, at
 * most one per such key.
 */
export class OrderLedger {
  readonly attempts = new Map<string, OrderAttempt>();

  async place(
    client: HttpClient,
    customer: Pick<Customer, 'email' | 'token'>,
    body: OrderBody,
    key = newIdempotencyKey(),
    timeoutMs?: number,
  ): Promise<Answer> {
    let attempt = this.attempts.get(key);
    if (!attempt) {
      attempt = { key, email: customer.email, body, answers: [] };
      this.attempts.set(key, attempt);
    }
    const answer = await client.post('/api/orders', body, { token: customer.token, headers: { 'idempotency-key': key }, timeoutMs });
    attempt.answers.push(answer);
    return answer;
  }

  /**
   * Keys whose outcome the client cannot know: never answered 201, and every request went
   * unanswered (cut off) or got a 503 (the database went away mid-request, possibly after the
   * commit). Their order may or may not exist; a retry with the same key settles it.
   */
  unsettledKeys(): OrderAttempt[] {
    return [...this.attempts.values()].filter((a) => a.answers.every((x) => x.status === 0 || x.status === 503));
  }

  /** The order id of each key answered 201 (replays included), checking that replays agree. */
  confirmed(): Map<string, { id: number; total: number; email: string; items: OrderBody['items'] }> {
    const out = new Map<string, { id: number; total: number; email: string; items: OrderBody['items'] }>();
    for (const a of this.attempts.values()) {
      const ok = a.answers
        .filter((x) => x.status === 201)
        .map((x) => (x.body as { order: { id: number; total: number; items: OrderBody['items'] } }).order);
      if (ok.length === 0) continue;
      const ids = new Set(ok.map((o) => o.id));
      expect([...ids], `idempotency key ${a.key} was answered with different orders`).toHaveLength(1);
      out.set(a.key, { id: ok[0]!.id, total: ok[0]!.total, email: a.email, items: ok[0]!.items });
    }
    return out;
  }

  /** All orders in the database, through the admin API. */
  static async stored(client: HttpClient, adminTok: string): Promise<StoredOrder[]> {
    const res = await client.get('/api/admin/orders', { token: adminTok, timeoutMs: 60_000 });
    expect(res.status).toBe(200);
    return res.body as StoredOrder[];
  }

  /**
   * Checks the stored orders (of the customers in `emails`, or all when omitted) against the
   * ledger. `strict`: no order may exist beyond those answered 201. Returns figures for the log.
   */
  verify(
    stored: StoredOrder[],
    opts: { strict: boolean; emails?: Set<string> },
  ): { confirmed: number; stored: number; orphans: number; sumCents: number } {
    const mine = opts.emails ? stored.filter((o) => opts.emails!.has(o.user)) : stored;
    const byId = new Map<number, StoredOrder>();
    for (const o of mine) {
      expect(byId.has(o.id), `order ${o.id} listed twice`).toBe(false);
      byId.set(o.id, o);
    }
    const confirmed = this.confirmed();
    const confirmedIds = new Set<number>();
    let answeredCents = 0;
    let storedCents = 0;
    for (const [key, c] of confirmed) {
      expect(confirmedIds.has(c.id), `order ${c.id} answered for two different keys`).toBe(false);
      confirmedIds.add(c.id);
      const s = byId.get(c.id);
      expect(s, `order ${c.id} (key ${key}) was answered 201 but is not in the database`).toBeDefined();
      expect(s!.user).toBe(c.email);
      expect(cents(s!.total)).toBe(cents(c.total));
      expect(s!.products.map((p) => [p.id, p.quantity, cents(p.price)])).toEqual(c.items.map((i) => [i.id, i.quantity, cents(i.price)]));
      answeredCents += cents(c.total);
      storedCents += cents(s!.total);
    }
    expect(storedCents).toBe(answeredCents);
    const orphans = mine.filter((o) => !confirmedIds.has(o.id));
    if (opts.strict) {
      expect(
        orphans.map((o) => o.id),
        'orders in the database that no request was answered 201 for',
      ).toEqual([]);
    } else {
      // An order without a 201 can only come from a request that was cut off or got a 503: at
      // most one per such key, for that customer, with that key's lines and total.
      const open = new Map<string, OrderAttempt[]>();
      for (const a of this.unsettledKeys()) {
        if (confirmed.has(a.key)) continue;
        open.set(a.email, [...(open.get(a.email) ?? []), a]);
      }
      for (const o of orphans) {
        const candidates = open.get(o.user) ?? [];
        const i = candidates.findIndex(
          (a) =>
            cents(a.body.total) === cents(o.total) &&
            JSON.stringify(a.body.items.map((x) => [x.id, x.quantity])) === JSON.stringify(o.products.map((p) => [p.id, p.quantity])),
        );
        expect(i, `order ${o.id} of ${o.user} matches no request that was cut off or answered 503`).toBeGreaterThanOrEqual(0);
        candidates.splice(i, 1);
      }
    }
    return { confirmed: confirmed.size, stored: mine.length, orphans: orphans.length, sumCents: storedCents };
  }
}

/** Counts answers by status and keeps latencies, per label. */
export class Tally {
  readonly byStatus = new Map<number, number>();
  readonly latencies: number[] = [];
  readonly byLabel = new Map<string, number[]>();
  readonly failures: { label: string; status: number; error?: string; body: unknown }[] = [];
  requests = 0;

  add(label: string, a: Answer, expected: (status: number) => boolean = (s) => s >= 200 && s < 300): void {
    this.requests++;
    this.byStatus.set(a.status, (this.byStatus.get(a.status) ?? 0) + 1);
    this.latencies.push(a.ms);
    const l = this.byLabel.get(label);
    if (l) l.push(a.ms);
    else this.byLabel.set(label, [a.ms]);
    if (!expected(a.status) && this.failures.length < 50) this.failures.push({ label, status: a.status, error: a.error, body: a.body });
  }

  count(pred: (status: number) => boolean): number {
    let n = 0;
    for (const [s, c] of this.byStatus) if (pred(s)) n += c;
    return n;
  }

  /** "label n p50/p99 ms" for each label. */
  perLabel(): string {
    return [...this.byLabel]
      .map(([label, ms]) => `${label} ${ms.length} × ${percentile(ms, 50).toFixed(0)}/${percentile(ms, 99).toFixed(0)} ms`)
      .join('; ');
  }

  statuses(): string {
    return [...this.byStatus]
      .sort((a, b) => a[0] - b[0])
      .map(([s, c]) => `${s === 0 ? 'no answer' : s}: ${c}`)
      .join(', ');
  }
}
