/**
 * The shop as deploy/ runs it: Debian's nginx (deploy/nginx/shop-locations.conf, started by
 * tools/balanced-shop.ts) in front of one and then two built servers on one PostgreSQL database
 * (DATABASE_URL; REDIS_URL when set, as on a VPS). For each: cached reads (GET /api/products as a
 * browser asks, gzip, and a product's answer) through nginx, in turns with the same reads sent
 * straight to an instance (what nginx costs), and orders per second with BENCH_ORDER_CONNECTIONS
 * customers through nginx, every 201 checked against the database (bench/lib/orders-load.ts).
 * `npm run bench -- balanced` runs only this; it needs DATABASE_URL and /usr/sbin/nginx.
 *
 * Knobs: BENCH_DURATION (10 s per figure), BENCH_CONNECTIONS (20), BENCH_ORDER_CONNECTIONS (20).
 * On a machine with two cores the instances, nginx, PostgreSQL and the load generator share
 * them: a second instance can only help as far as one instance leaves a core idle.
 */
import type { BenchContext } from './run';
import { createStorage, testAdmin } from '../tools/shop-server';
import { nginxAvailable, startBalancedShop } from '../tools/balanced-shop';
import { printTable } from './lib/report';
import { envNumber, fmtRps, runLoadInTurns, type LoadFigures } from './lib/load';
import { expectCall } from './lib/http';
import { registerCustomers, runOrdersLoad, type OrdersFigures } from './lib/orders-load';

interface ReadFigures {
  name: string;
  nginx: LoadFigures;
  /** The same read sent straight to instance 0, in turns with the one through nginx. */
  direct: LoadFigures;
}

interface SetupFigures {
  instances: number;
  reads: ReadFigures[];
  orders: OrdersFigures;
}

const env = {
  RATE_LIMIT_AUTH_MAX: '1000000',
  ORDER_MAX_OPEN: '1000000',
  UNVERIFIED_ORDER_MAX_OPEN: '1000000',
  UNVERIFIED_ORDER_MAX_UNITS: '100000000',
  RATE_LIMIT_ORDERS_MAX: '1000000',
  RATE_LIMIT_ORDERS_IP_MAX: '1000000',
  LOG_LEVEL: 'warn',
};

async function measure(databaseUrl: string, instances: number): Promise<SetupFigures> {
  const durationS = envNumber('BENCH_DURATION', 10);
  const connections = envNumber('BENCH_CONNECTIONS', 20);
  const orderConnections = envNumber('BENCH_ORDER_CONNECTIONS', 20);
  const storage = await createStorage({ databaseUrl, prefix: 'bench_nginx' });
  try {
    const shop = await startBalancedShop({ storage, instances, env: { ...env, RATE_LIMIT_NAMESPACE: `bench-nginx-${Date.now()}:` } });
    try {
      const base = shop.url;
      const list = (await expectCall<{ id: string; price: number; category: string }[]>(200, base, '/api/products')).body;
      const product = list.find((p) => p.price > 0) ?? list[0]!;
      const reads: ReadFigures[] = [];
      const targets: { name: string; path: string; headers: Record<string, string> }[] = [
        { name: 'GET /api/products (gzip)', path: '/api/products', headers: { 'accept-encoding': 'gzip' } },
        { name: 'GET /api/products/{id}', path: `/api/products/${encodeURIComponent(product.id)}`, headers: {} },
      ];
      for (const r of targets) {
        console.log(`  ${instances} instance(s): ${r.name}`);
        // CPU per request: nginx's worker for the reads through it, the instance for the direct ones.
        const [nginx, direct] = await runLoadInTurns(
          [
            { url: `${base}${r.path}`, pid: shop.workerPids()[0] },
            { url: `${shop.instances[0]!.url}${r.path}`, pid: shop.instances[0]!.child.pid },
          ],
          {
            connections,
            durationS,
            headers: r.headers,
          },
        );
        reads.push({ name: r.name, nginx: nginx!, direct: direct! });
      }

      const admin = await expectCall<{ token: string }>(200, base, '/api/auth/login', { body: testAdmin });
      const customers = await registerCustomers(base, orderConnections, `nginx${instances}-${Date.now().toString(36)}`);
      console.log(`  ${instances} instance(s): POST /api/orders, ${customers.length} customers through nginx`);
      const accessory = list.find((p) => p.price > 0 && (p.category === 'accessory' || p.category === 'case')) ?? product;
      const other = list.find((p) => p.price > 0 && p.id !== accessory.id && p.category !== accessory.category) ?? list[1]!;
      const orders = await runOrdersLoad({
        base,
        adminToken: admin.body.token,
        customers,
        lines: [
          { id: accessory.id, price: accessory.price, quantity: 2 },
          { id: other.id, price: other.price, quantity: 1 },
        ],
        durationS,
      });
      // Which instances answered, from nginx's access log.
      const byInstance = shop.instancePorts.map(
        (p) =>
          shop.accessLog().filter((l) => l.method === 'POST' && l.uri === '/api/orders' && l.upstreams.at(-1) === `127.0.0.1:${p}`).length,
      );
      console.log(`  orders answered per instance: ${byInstance.join(' / ')}`);
      return { instances, reads, orders };
    } finally {
      await shop.stop();
    }
  } finally {
    await storage.dispose();
  }
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
  const setups: SetupFigures[] = [];
  for (const n of [1, 2]) setups.push(await measure(ctx.databaseUrl, n));

  const rps = (f: LoadFigures) => `${fmtRps(f.rps)}/s, p99 ${f.p99} ms`;
  printTable(
    'Through nginx (deploy/nginx), PostgreSQL' + (process.env.REDIS_URL ? ' and Redis' : ''),
    ['figure', ...setups.map((s) => `${s.instances} instance${s.instances > 1 ? 's' : ''}`)],
    [
      ...setups[0]!.reads.map((r, i) => [`${r.name} through nginx`, ...setups.map((s) => rps(s.reads[i]!.nginx))]),
      ...setups[0]!.reads.map((r, i) => [
        `${r.name} straight to one instance, same turns`,
        ...setups.map((s) => `${rps(s.reads[i]!.direct)} (nginx ${(s.reads[i]!.nginx.rps / s.reads[i]!.direct.rps).toFixed(2)}×)`),
      ]),
      ...setups[0]!.reads.map((r, i) => [
        `${r.name}: CPU per request of nginx's worker / of the instance`,
        ...setups.map(
          (s) => `${Math.round(s.reads[i]!.nginx.cpuUsPerRequest ?? 0)} µs / ${Math.round(s.reads[i]!.direct.cpuUsPerRequest ?? 0)} µs`,
        ),
      ]),
      ['orders/s through nginx', ...setups.map((s) => `${s.orders.ordersPerS.toFixed(1)}/s, p99 ${s.orders.load.p99} ms`)],
      ['orders: stored = answered 201', ...setups.map((s) => (s.orders.ok ? 'yes' : `NO: ${s.orders.problems.join('; ')}`))],
    ],
  );
  ctx.record('balanced', {
    note: 'nginx (deploy/nginx/shop-locations.conf, 1 worker) in front of 1 and 2 instances on one PostgreSQL; reads in turns with the same read sent straight to instance 0',
    setups: setups.map((s) => ({
      instances: s.instances,
      reads: s.reads,
      ordersPerS: s.orders.ordersPerS,
      ordersP99: s.orders.load.p99,
      orders: s.orders,
    })),
  });
  const failed = setups.filter((s) => !s.orders.ok || s.reads.some((r) => r.nginx.count5xx || r.nginx.errors));
  if (failed.length) {
    process.exitCode = 1;
    console.error(`balanced: problems with ${failed.map((s) => `${s.instances} instance(s)`).join(', ')}`);
  }
}
