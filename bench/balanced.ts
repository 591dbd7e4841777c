/**
 * The shop as deploy/ runs it: Debian's nginx (deploy/nginx/shop-locations.conf, started by
 * tools/balanced-shop.ts) in front of one and of two built servers on one PostgreSQL database
 * (DATABASE_URL; REDIS_URL when set, as on a VPS). Two instances run, with two nginx: one whose
 * upstream is instance 0 alone, one whose upstream is both. Everything is measured in turns of
 * about two seconds (nginx → 1, nginx → 2, and for reads instance 0 asked straight), so the
 * background load of a shared machine falls on all alike:
 *
 * - cached reads: GET /api/products as a browser asks (gzip) and a product's answer, with the CPU
 *   per request of nginx's worker and of the instance;
 * - orders per second with BENCH_ORDER_CONNECTIONS customers (new ones each turn), every 201
 *   checked against the database (bench/lib/orders-load.ts).
 *
 * `npm run bench -- balanced` runs only this; it needs DATABASE_URL and /usr/sbin/nginx.
 * Knobs: BENCH_DURATION (10 s per figure), BENCH_CONNECTIONS (20), BENCH_ORDER_CONNECTIONS (20),
 * BENCH_SERVER_ENV (JSON, extra environment for the instances, e.g. {"DB_POOL_SIZE":"5"}).
 */
import type { BenchContext } from './lib/context';
import { createStorage, testAdmin } from '../tools/shop-server';
import { nginxAvailable, startBalancedShop, startNginx } from '../tools/balanced-shop';
import { printTable } from './lib/report';
import { envNumber, fmtRps, runLoadInTurns, type LoadFigures } from './lib/load';
import { expectCall } from './lib/http';
import { registerCustomers, runOrdersLoad, type Customer, type OrderLine, type OrdersFigures } from './lib/orders-load';

interface ReadFigures {
  name: string;
  one: LoadFigures;
  two: LoadFigures;
  /** The same read sent straight to instance 0. */
  direct: LoadFigures;
}

interface OrderTurns {
  ordersPerS: number;
  created201: number;
  /** The highest p99 of the turns. */
  worstP99: number;
  turns: OrdersFigures[];
  ok: boolean;
  problems: string[];
}

/** Order turns of each setup. */
const ORDER_TURNS = 3;

const env = {
  RATE_LIMIT_AUTH_MAX: '1000000',
  ORDER_MAX_OPEN: '1000000',
  UNVERIFIED_ORDER_MAX_OPEN: '1000000',
  UNVERIFIED_ORDER_MAX_UNITS: '100000000',
  RATE_LIMIT_ORDERS_MAX: '1000000',
  RATE_LIMIT_ORDERS_IP_MAX: '1000000',
  LOG_LEVEL: 'warn',
};

/** BENCH_SERVER_ENV: extra environment for the instances (JSON object). */
function extraEnv(): Record<string, string> {
  const raw = process.env.BENCH_SERVER_ENV;
  if (!raw) return {};
  const parsed = JSON.parse(raw) as unknown;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('BENCH_SERVER_ENV must be a JSON object');
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
}

function summary(turns: OrdersFigures[]): OrderTurns {
  const created201 = turns.reduce((s, t) => s + t.created201, 0);
  const seconds = turns.reduce((s, t) => s + t.load.durationS, 0);
  const problems = turns.flatMap((t) => t.problems);
  return {
    ordersPerS: created201 / seconds,
    created201,
    worstP99: Math.max(...turns.map((t) => t.load.p99)),
    turns,
    ok: turns.every((t) => t.ok),
    problems,
  };
}

export default async function balanced(ctx: BenchContext): Promise<void> {
  if (!ctx.databaseUrl) {
    console.log('  skipped: two instances share one PostgreSQL database (set DATABASE_URL)');
    return;
  }
  if (!nginxAvailable()) {
    console.log('  skipped: no nginx at /usr/sbin/nginx (apt-get install nginx)');
    return;
  }
  const durationS = envNumber('BENCH_DURATION', 10);
  const connections = envNumber('BENCH_CONNECTIONS', 20);
  const orderConnections = envNumber('BENCH_ORDER_CONNECTIONS', 20);
  const storage = await createStorage({ databaseUrl: ctx.databaseUrl, prefix: 'bench_nginx' });
  let reads: ReadFigures[];
  let orders: { one: OrderTurns; two: OrderTurns };
  try {
    const shop = await startBalancedShop({
      storage,
      instances: 2,
      env: { ...env, RATE_LIMIT_NAMESPACE: `bench-nginx-${Date.now()}:`, ...extraEnv() },
    });
    try {
      const one = await startNginx({ instancePorts: [shop.instancePorts[0]!] });
      try {
        const setups = [
          { name: 'one', url: one.url, workerPid: one.workerPids()[0] },
          { name: 'two', url: shop.url, workerPid: shop.workerPids()[0] },
        ];
        const list = (await expectCall<{ id: string; price: number; category: string }[]>(200, shop.url, '/api/products')).body;
        const product = list.find((p) => p.price > 0) ?? list[0]!;

        reads = [];
        const targets: { name: string; path: string; headers: Record<string, string> }[] = [
          { name: 'GET /api/products (gzip)', path: '/api/products', headers: { 'accept-encoding': 'gzip' } },
          { name: 'GET /api/products/{id}', path: `/api/products/${encodeURIComponent(product.id)}`, headers: {} },
        ];
        for (const r of targets) {
          console.log(`  ${r.name}: nginx → 1 instance, nginx → 2 instances, instance 0 straight, in turns`);
          // CPU per request: nginx's worker for the reads through it, the instance for the direct ones.
          const [viaOne, viaTwo, direct] = await runLoadInTurns(
            [
              ...setups.map((s) => ({ url: `${s.url}${r.path}`, pid: s.workerPid })),
              { url: `${shop.instances[0]!.url}${r.path}`, pid: shop.instances[0]!.child.pid },
            ],
            { connections, durationS, headers: r.headers },
          );
          reads.push({ name: r.name, one: viaOne!, two: viaTwo!, direct: direct! });
        }

        const admin = (await expectCall<{ token: string }>(200, shop.url, '/api/auth/login', { body: testAdmin })).body.token;
        const accessory = list.find((p) => p.price > 0 && (p.category === 'accessory' || p.category === 'case')) ?? product;
        const other = list.find((p) => p.price > 0 && p.id !== accessory.id && p.category !== accessory.category) ?? list[1]!;
        const lines: OrderLine[] = [
          { id: accessory.id, price: accessory.price, quantity: 2 },
          { id: other.id, price: other.price, quantity: 1 },
        ];
        // Each turn gets customers of its own: the check compares each customer's whole list with
        // the orders answered in that turn.
        console.log(`  POST /api/orders: registering ${2 * ORDER_TURNS} × ${orderConnections} customers`);
        const batches: Customer[][] = [];
        for (let i = 0; i < 2 * ORDER_TURNS; i++)
          batches.push(await registerCustomers(shop.url, orderConnections, `nginx-${i}-${Date.now().toString(36)}`));
        const turns: Record<string, OrdersFigures[]> = { one: [], two: [] };
        for (let t = 0; t < ORDER_TURNS; t++) {
          for (const [k, s] of setups.entries()) {
            console.log(`  POST /api/orders through nginx → ${k + 1} instance(s), turn ${t + 1} of ${ORDER_TURNS}`);
            turns[s.name]!.push(
              await runOrdersLoad({
                base: s.url,
                adminToken: admin,
                customers: batches[t * 2 + k]!,
                lines,
                durationS: durationS / ORDER_TURNS,
              }),
            );
          }
        }
        orders = { one: summary(turns.one!), two: summary(turns.two!) };
        const byInstance = shop.instancePorts.map(
          (p) =>
            shop.accessLog().filter((l) => l.method === 'POST' && l.uri === '/api/orders' && l.upstreams.at(-1) === `127.0.0.1:${p}`)
              .length,
        );
        console.log(`  orders through nginx → 2 instances, answered per instance: ${byInstance.join(' / ')}`);
      } finally {
        await one.stop();
      }
    } finally {
      await shop.stop();
    }
  } finally {
    await storage.dispose();
  }

  const rps = (f: LoadFigures) => `${fmtRps(f.rps)}/s, p99 ${f.p99} ms`;
  const cpu = (f: LoadFigures) => `${Math.round(f.cpuUsPerRequest ?? 0)} µs`;
  printTable(
    `Through nginx (deploy/nginx, 1 worker), PostgreSQL${process.env.REDIS_URL ? ' and Redis' : ''}, in turns`,
    ['figure', 'nginx → 1 instance', 'nginx → 2 instances', 'instance 0 straight'],
    [
      ...reads.map((r) => [
        r.name,
        `${rps(r.one)} (${(r.one.rps / r.direct.rps).toFixed(2)}×)`,
        `${rps(r.two)} (${(r.two.rps / r.direct.rps).toFixed(2)}×)`,
        rps(r.direct),
      ]),
      ...reads.map((r) => [`${r.name}: CPU per request (nginx's worker / the instance)`, cpu(r.one), cpu(r.two), cpu(r.direct)]),
      [
        `orders/s, ${orderConnections} customers (p99: worst of ${ORDER_TURNS} turns)`,
        `${orders.one.ordersPerS.toFixed(1)}/s, p99 ${orders.one.worstP99} ms`,
        `${orders.two.ordersPerS.toFixed(1)}/s, p99 ${orders.two.worstP99} ms`,
        '',
      ],
      [
        'orders stored = answered 201',
        orders.one.ok ? 'yes' : `NO: ${orders.one.problems.join('; ')}`,
        orders.two.ok ? 'yes' : `NO: ${orders.two.problems.join('; ')}`,
        '',
      ],
    ],
  );
  ctx.record('balanced', {
    note:
      'nginx (deploy/nginx/shop-locations.conf, 1 worker) with instance 0 alone and with instances 0 and 1 as upstream, one PostgreSQL; ' +
      'reads and orders in turns; read ratios are to instance 0 asked straight',
    reads,
    orders,
  });
  const failed =
    !orders.one.ok || !orders.two.ok || reads.some((r) => [r.one, r.two, r.direct].some((f) => f.count5xx || f.errors || f.non2xx));
  if (failed) {
    process.exitCode = 1;
    console.error('balanced: an order count differs, or a read was not answered 200');
  }
}
