/** POST /api/auth/login: throughput (argon2-bound) and whether the login rate limit holds. */
import { call, pool } from './http';
import { runLoad, type LoadFigures } from './load';
import type { Customer } from './orders-load';

/** Logins with the right password, each connection starting at a different customer. */
export async function runLoginLoad(opts: {
  base: string;
  customers: Customer[];
  connections: number;
  durationS: number;
}): Promise<LoadFigures> {
  const bodies = opts.customers.map((c) => JSON.stringify({ email: c.email, password: c.password }));
  let next = 0;
  return runLoad({
    url: opts.base,
    connections: opts.connections,
    durationS: opts.durationS,
    setupClient: (client) => {
      const start = next++;
      client.setRequests(
        bodies.map((_, i) => ({
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          body: bodies[(start + i) % bodies.length]!,
        })),
      );
    },
  });
}

export interface LimitCheck {
  scenario: string;
  sent: number;
  byStatus: Record<string, number>;
  /** Attempts that were not refused with 429. */
  through: number;
  limit: number;
  holds: boolean;
  /** The 429's message, to show it is the shop's Albanian text. */
  message: string;
}

async function fire(
  base: string,
  scenario: string,
  limit: number,
  n: number,
  request: (i: number) => { email: string; password: string; ip: string },
): Promise<LimitCheck> {
  const byStatus: Record<string, number> = {};
  let message = '';
  await pool(
    Array.from({ length: n }, (_, i) => i),
    50,
    async (i) => {
      const r = request(i);
      const res = await call<{ msg?: string }>(base, '/api/auth/login', {
        body: { email: r.email, password: r.password },
        headers: { 'x-forwarded-for': r.ip },
      });
      byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
      if (res.status === 429 && !message) message = res.body?.msg ?? '';
    },
  );
  const through = n - (byStatus[429] ?? 0);
  return { scenario, sent: n, byStatus, through, limit, holds: through <= limit && !!message, message };
}

/**
 * Against a server with the default limit (RATE_LIMIT_AUTH_MAX per RATE_LIMIT_WINDOW_MS per
 * account and IP, 3 times that per IP; docs/decisions/012-login-limits.md) that trusts
 * X-Forwarded-For from loopback (TRUST_PROXY=loopback), so one machine can speak as one address
 * or as many.
 */
export async function checkLoginRateLimit(base: string, customer: Customer, limit: number, n = 200): Promise<LimitCheck[]> {
  const perIp = await fire(base, `one address, ${n} different accounts`, limit * 3, n, (i) => ({
    email: `nobody-${i}@example.com`,
    password: 'wrong-password',
    ip: '203.0.113.7',
  }));
  const perAccountAndIp = await fire(base, `one account, one address, ${n} wrong passwords`, limit, n, () => ({
    email: customer.email,
    password: 'wrong-password',
    ip: '203.0.113.8',
  }));
  return [perIp, perAccountAndIp];
}
