/**
 * The API benchmark (`npm run bench -- api`): the built server on PGlite and, with DATABASE_URL,
 * on a fresh PostgreSQL database, measured with autocannon beside a bare Fastify baseline that
 * answers the same bytes from memory: the product reads under /api and the HTML routes (`/`, a
 * product page, the /products/iphone catalogue) as a browser asks for them; then orders, logins,
 * the login rate limit and memory.
 *
 * Knobs: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (reads, 50), BENCH_ORDER_CONNECTIONS
 * (20), BENCH_LOGIN_CONNECTIONS (20), BENCH_STORAGE (pglite,postgres), BENCH_API_BEFORE (another
 * build's server.js whose reads are measured in the same run, for before/after figures),
 * BENCH_API_BEFORE_NODE_FLAGS (Node's flags for that build, space-separated, e.g. empty for a build
 * from before decision 030's `--max-semi-space-size=4`; unset: this checkout's `serverNodeFlags`),
 * BENCH_SERVER_ENV (JSON: extra environment for the shop servers, e.g. {"DB_POOL_SIZE":"20"}).
 */
import path from 'node:path';
import type autocannon from 'autocannon';
import type { BenchContext } from './lib/context';
import { createStorage, repoRoot, startOnFreshStorage, startShopServer, testAdmin, type ShopServer } from '../tools/shop-server';
import { mb, printTable } from './lib/report';
import { envNumber, fmtRps, runLoadInTurns, type LoadFigures } from './lib/load';
import { startBaseline } from './lib/baseline';
import type { BaselineBodies } from './lib/baseline-server';
import { decoded, expectCall, rawGet, type RawAnswer } from './lib/http';
import { registerCustomers, runOrdersLoad, type Customer, type OrderLine, type OrdersFigures } from './lib/orders-load';
import { checkLoginRateLimit, runLoginLoad, type LimitCheck } from './lib/auth-load';
import {
  authLimit,
  BROWSER_ACCEPT_ENCODING,
  HTML_HEADERS,
  type MemoryFigures,
  type ReadFigures,
  type ReadTarget,
  type Settings,
  type StorageFigures,
  type StorageKind,
} from './lib/api-figures';
import { pct, printStorage } from './lib/api-report';

/** Extra environment for every shop server started here (JSON), e.g. to try DB_POOL_SIZE or malloc settings. */
function serverEnv(): Record<string, string> {
  const raw = process.env.BENCH_SERVER_ENV;
  if (!raw) return {};
  const parsed = JSON.parse(raw) as unknown;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('BENCH_SERVER_ENV must be a JSON object');
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
}

function readTargets(list: { id: string }[], homeProductId: string): ReadTarget[] {
  const step = Math.max(1, Math.floor(list.length / 8));
  const ids = list.filter((_, i) => i % step === 0).slice(0, 8);
  // Ids match case-insensitively: some of them go out in another letter case.
  const variants = ids.map((p, i) =>
    i % 3 === 1 ? p.id.toUpperCase() : i % 3 === 2 ? p.id.charAt(0).toUpperCase() + p.id.slice(1) : p.id,
  );
  return [
    { group: 'api', key: 'list', name: 'GET /api/products (list page, search, simple list)', paths: ['/api/products'] },
    {
      group: 'api',
      key: 'listBrowser',
      name: `GET /api/products as a browser asks (Accept-Encoding: ${BROWSER_ACCEPT_ENCODING})`,
      paths: ['/api/products'],
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    },
    {
      group: 'api',
      key: 'detail',
      name: `GET /api/products/{id} (product page; ${variants.length} ids, mixed case)`,
      paths: variants.map((id) => `/api/products/${encodeURIComponent(id)}`),
    },
    {
      group: 'api',
      key: 'catalogue',
      name: 'GET /api/products?collection=iphone (catalogue)',
      paths: ['/api/products?collection=iphone'],
    },
    { group: 'html', key: 'home', name: 'GET / (home page)', paths: ['/'], headers: HTML_HEADERS },
    {
      group: 'html',
      key: 'product',
      name: `GET /products/${homeProductId} (product page, the home page's first product)`,
      paths: [`/products/${encodeURIComponent(homeProductId)}`],
      headers: HTML_HEADERS,
    },
    { group: 'html', key: 'catalogue', name: 'GET /products/iphone (catalogue)', paths: ['/products/iphone'], headers: HTML_HEADERS },
  ];
}

const requestsOf = (t: ReadTarget): autocannon.Request[] => t.paths.map((p) => ({ method: 'GET', path: p, headers: t.headers ?? {} }));

interface Measured {
  target: ReadTarget;
  path: string;
  answer: RawAnswer;
}

/** What our server answers for every measured address (must be 200), as sent, for the baseline to serve. */
async function fetchAnswers(base: string, targets: ReadTarget[]): Promise<Measured[]> {
  const out: Measured[] = [];
  for (const target of targets) {
    for (const path of target.paths) {
      const answer = await rawGet(base, path, target.headers);
      if (answer.status !== 200) throw new Error(`GET ${path}: expected 200, got ${answer.status}`);
      out.push({ target, path, answer });
    }
  }
  return out;
}

const baselineBodies = (measured: Measured[]): BaselineBodies => ({
  answers: measured.map((m) => ({
    url: m.path,
    contentType: m.answer.contentType,
    encoding: m.answer.encoding,
    base64: m.answer.bytes.toString('base64'),
  })),
});

/**
 * The addresses where `base` answers other bytes, content type or encoding than `measured` (or,
 * with `decode`, another text once decompressed).
 */
async function differences(base: string, measured: Measured[], decode = false): Promise<string[]> {
  const differ: string[] = [];
  for (const m of measured) {
    const again = await rawGet(base, m.path, m.target.headers);
    const same = decode
      ? decoded(again) === decoded(m.answer)
      : again.status === 200 &&
        again.contentType === m.answer.contentType &&
        again.encoding === m.answer.encoding &&
        again.bytes.equals(m.answer.bytes);
    if (!same) differ.push(`${m.path}${m.target.headers ? ` (${m.target.group === 'html' ? 'as a browser asks' : 'compressed'})` : ''}`);
  }
  return differ;
}

function orderLines(list: { id: string; price: number; category: string }[]): OrderLine[] {
  const priced = list.filter((p) => p.price > 0);
  const accessory = priced.find((p) => p.category === 'accessory' || p.category === 'case') ?? priced[0]!;
  const other = priced.find((p) => p.id !== accessory.id && p.category !== accessory.category) ?? priced[1]!;
  return [
    { id: accessory.id, price: accessory.price, quantity: 2 },
    { id: other.id, price: other.price, quantity: 1 },
  ];
}

/**
 * Each read on our server, the baseline and (when given) the other build, in turns of about two
 * seconds, so background load on a shared machine falls on all of them alike.
 */
async function measureReads(
  ours: ShopServer,
  baseline: { url: string; pid?: number },
  before: ShopServer | undefined,
  measured: Measured[],
  s: Settings,
): Promise<Pick<StorageFigures, 'reads' | 'htmlRoutes'>> {
  const out: Pick<StorageFigures, 'reads' | 'htmlRoutes'> = { reads: {}, htmlRoutes: {} };
  const targets = [...new Set(measured.map((m) => m.target))];
  const servers = [{ url: ours.url, pid: ours.child.pid }, baseline, ...(before ? [{ url: before.url, pid: before.child.pid }] : [])];
  for (const t of targets) {
    const [o, b, old] = await runLoadInTurns(servers, {
      connections: s.connections,
      durationS: s.durationS,
      requests: requestsOf(t),
    });
    console.log(`  ${t.name}: ours ${fmtRps(o!.rps)}/s, baseline ${fmtRps(b!.rps)}/s${old ? `, before-build ${fmtRps(old.rps)}/s` : ''}`);
    const figures: ReadFigures = {
      name: t.name,
      paths: t.paths,
      answers: measured
        .filter((m) => m.target === t)
        .map((m) => ({ path: m.path, contentType: m.answer.contentType, encoding: m.answer.encoding, bytes: m.answer.bytes.length })),
      ours: o!,
      baseline: b!,
      ratio: o!.rps / b!.rps,
      ...(old ? { before: old, beforeRatio: old.rps / b!.rps } : {}),
    };
    if (t.group === 'api') out.reads[t.key] = figures;
    else out.htmlRoutes[t.key] = figures;
  }
  return out;
}

async function benchStorage(kind: StorageKind, ctx: BenchContext, s: Settings, failures: string[]): Promise<StorageFigures> {
  const fail = (what: string) => failures.push(`${kind}: ${what}`);
  const storage = await createStorage({ databaseUrl: kind === 'postgres' ? ctx.databaseUrl : undefined, prefix: 'bench_api' });
  try {
    // The auth limit is raised on this server so the bench can register its customers and
    // measure logins; the limit itself is checked on a second server with the default.
    // The order abuse limits are lifted too: each bench customer sends hundreds of orders.
    const server = await startShopServer({ storage, env: { ...serverEnv(), ...orderLimitsLifted } });
    let figures: Omit<StorageFigures, 'rateLimit' | 'memory'> & { memory: Omit<MemoryFigures, 'limitServerPeak'> };
    let customers: Customer[];
    try {
      const afterStart = server.memory().peak;
      const list = (await expectCall<{ id: string; price: number; category: string }[]>(200, server.url, '/api/products')).body;
      const home = (await expectCall<{ id: string }[]>(200, server.url, '/api/products?collection=home')).body;
      if (!home[0]) throw new Error('GET /api/products?collection=home: no product to open as the product page');
      const targets = readTargets(list, home[0].id);
      const measured = await fetchAnswers(server.url, targets);
      const baseline = await startBaseline(baselineBodies(measured));
      let beforeBuild: Awaited<ReturnType<typeof startBeforeBuild>> | undefined;
      let reads: Pick<StorageFigures, 'reads' | 'htmlRoutes'>;
      let beforeBuildPeak: number | undefined;
      try {
        if (process.env.BENCH_API_BEFORE) beforeBuild = await startBeforeBuild(kind, ctx, process.env.BENCH_API_BEFORE);
        const baselineDiffers = await differences(baseline.url, measured);
        if (baselineDiffers.length) fail(`the baseline answers other bytes for ${baselineDiffers.join(', ')}`);
        if (beforeBuild) {
          const beforeDiffers = await differences(beforeBuild.server.url, measured, true);
          if (beforeDiffers.length) console.log(`  (the before-build answers other text for ${beforeDiffers.join(', ')})`);
        }
        reads = await measureReads(server, baseline, beforeBuild?.server, measured, s);
        beforeBuildPeak = beforeBuild?.server.memory().peak;
      } finally {
        await baseline.stop();
        await beforeBuild?.stop();
      }
      const afterReads = server.memory().peak;
      const changed = await differences(server.url, measured);
      if (changed.length) fail(`answers changed during the reads: ${changed.join(', ')}`);
      for (const r of [...Object.values(reads.reads), ...Object.values(reads.htmlRoutes)])
        if (r.ours.count5xx || r.ours.errors) fail(`${r.name}: ${r.ours.count5xx} 5xx, ${r.ours.errors} errors`);

      const admin = await expectCall<{ token: string }>(200, server.url, '/api/auth/login', { body: testAdmin });
      customers = await registerCustomers(server.url, Math.max(s.orderConnections, 1), `${kind}-${Date.now().toString(36)}`);
      console.log(`  POST /api/orders: ${customers.length} customers, one per connection`);
      const orders = await runOrdersLoad({
        base: server.url,
        adminToken: admin.body.token,
        customers,
        lines: orderLines(list),
        durationS: s.durationS,
      });
      for (const p of orders.problems) fail(`orders: ${p}`);
      const afterOrders = server.memory().peak;
      // The same orders on the other build, on its own fresh storage, for before/after orders/s.
      let ordersBefore: OrdersFigures | undefined;
      let loginsBefore: LoadFigures | undefined;
      if (process.env.BENCH_API_BEFORE) {
        const other = await startBeforeBuild(kind, ctx, process.env.BENCH_API_BEFORE, orderLimitsLifted);
        try {
          const otherAdmin = await expectCall<{ token: string }>(200, other.server.url, '/api/auth/login', { body: testAdmin });
          const otherCustomers = await registerCustomers(other.server.url, customers.length, `${kind}-before-${Date.now().toString(36)}`);
          console.log('  POST /api/orders on the before-build');
          ordersBefore = await runOrdersLoad({
            base: other.server.url,
            adminToken: otherAdmin.body.token,
            customers: otherCustomers,
            lines: orderLines(list),
            durationS: s.durationS,
          });
          console.log('  POST /api/auth/login on the before-build');
          loginsBefore = await runLoginLoad({
            base: other.server.url,
            customers: otherCustomers,
            connections: s.loginConnections,
            durationS: s.durationS,
          });
          beforeBuildPeak = Math.max(beforeBuildPeak ?? 0, other.server.memory().peak);
        } finally {
          await other.stop();
        }
      }

      console.log('  POST /api/auth/login');
      const logins = await runLoginLoad({ base: server.url, customers, connections: s.loginConnections, durationS: s.durationS });
      if (logins.count5xx || logins.errors) fail(`logins: ${logins.count5xx} 5xx, ${logins.errors} errors`);
      if (logins.non2xx) fail(`logins: ${logins.non2xx} answers were not 200`);
      figures = {
        ...reads,
        orders,
        ordersBefore,
        logins,
        loginsBefore,
        bodiesMatch: changed.length === 0,
        memory: { afterStart, afterReads, afterOrders, peak: server.memory().peak, beforeBuildPeak },
      };
    } finally {
      await server.stop();
    }

    // The limit as shipped; TRUST_PROXY=loopback lets this one machine speak as one address or many.
    const limited = await startShopServer({ storage, env: { ...serverEnv(), TRUST_PROXY: 'loopback' } });
    let rateLimit: LimitCheck[];
    let limitServerPeak: number;
    try {
      console.log('  login rate limit (default limit)');
      rateLimit = await checkLoginRateLimit(limited.url, customers[0]!, authLimit);
      for (const c of rateLimit) if (!c.holds) fail(`rate limit: ${c.scenario}: ${c.through} of ${c.sent} got through (limit ${c.limit})`);
      limitServerPeak = limited.memory().peak;
    } finally {
      await limited.stop();
    }
    return { ...figures, rateLimit, memory: { ...figures.memory, limitServerPeak } };
  } finally {
    await storage.dispose();
  }
}

/** The limits lifted on a server whose orders and logins are measured. */
const orderLimitsLifted = {
  RATE_LIMIT_AUTH_MAX: '1000000',
  ORDER_MAX_OPEN: '1000000',
  UNVERIFIED_ORDER_MAX_OPEN: '1000000',
  UNVERIFIED_ORDER_MAX_UNITS: '100000000',
  RATE_LIMIT_ORDERS_MAX: '1000000',
  RATE_LIMIT_ORDERS_IP_MAX: '1000000',
};

/** BENCH_API_BEFORE_NODE_FLAGS, when set (empty: none); otherwise this checkout's. */
function beforeNodeFlags(): string[] | undefined {
  const raw = process.env.BENCH_API_BEFORE_NODE_FLAGS;
  return raw === undefined ? undefined : raw.split(/\s+/).filter(Boolean);
}

/** Another build of the server (BENCH_API_BEFORE) on its own fresh storage, for before/after figures. */
async function startBeforeBuild(
  kind: StorageKind,
  ctx: BenchContext,
  serverJs: string,
  env: Record<string, string> = {},
): Promise<{ server: ShopServer; stop: () => Promise<void> }> {
  return startOnFreshStorage({
    prefix: 'bench_api_before',
    databaseUrl: kind === 'postgres' ? ctx.databaseUrl : undefined,
    serverJs: path.resolve(repoRoot, serverJs),
    env: { ...serverEnv(), ...env },
    nodeFlags: beforeNodeFlags(),
  });
}

export default async function apiBench(ctx: BenchContext): Promise<void> {
  const s: Settings = {
    durationS: envNumber('BENCH_DURATION', 10),
    connections: envNumber('BENCH_CONNECTIONS', 50),
    orderConnections: envNumber('BENCH_ORDER_CONNECTIONS', 20),
    loginConnections: envNumber('BENCH_LOGIN_CONNECTIONS', 20),
  };
  const wanted = (process.env.BENCH_STORAGE ?? 'pglite,postgres').split(',').map((x) => x.trim());
  const kinds = (['pglite', 'postgres'] as const).filter((k) => wanted.includes(k) && (k === 'pglite' || ctx.databaseUrl));
  if (wanted.includes('postgres') && !ctx.databaseUrl) console.log('  (DATABASE_URL is not set: PostgreSQL is skipped)');
  const failures: string[] = [];
  const results: Partial<Record<StorageKind, StorageFigures>> = {};
  for (const kind of kinds) {
    console.log(`\n-- ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`);
    results[kind] = await benchStorage(kind, ctx, s, failures);
    printStorage(kind, results[kind]!, s);
  }

  if (kinds.length) {
    const heads = kinds.map((k) => (k === 'pglite' ? 'PGlite' : 'PostgreSQL'));
    const row = (label: string, get: (f: StorageFigures) => string) => [label, ...kinds.map((k) => get(results[k]!))];
    printTable(
      'API summary',
      ['figure', ...heads],
      [
        row('GET /api/products: req/s (ours/baseline)', (f) => `${fmtRps(f.reads.list!.ours.rps)} (${pct(f.reads.list!.ratio)})`),
        row(
          'GET /api/products as a browser asks: req/s (ours/baseline)',
          (f) => `${fmtRps(f.reads.listBrowser!.ours.rps)} (${pct(f.reads.listBrowser!.ratio)})`,
        ),
        row('GET /api/products/{id}: req/s (ours/baseline)', (f) => `${fmtRps(f.reads.detail!.ours.rps)} (${pct(f.reads.detail!.ratio)})`),
        row(
          'GET /api/products?collection=iphone: req/s (ours/baseline)',
          (f) => `${fmtRps(f.reads.catalogue!.ours.rps)} (${pct(f.reads.catalogue!.ratio)})`,
        ),
        row('GET / (HTML): req/s (ours/baseline)', (f) => `${fmtRps(f.htmlRoutes.home!.ours.rps)} (${pct(f.htmlRoutes.home!.ratio)})`),
        row(
          'GET /products/{id} (HTML): req/s (ours/baseline)',
          (f) => `${fmtRps(f.htmlRoutes.product!.ours.rps)} (${pct(f.htmlRoutes.product!.ratio)})`,
        ),
        row(
          'GET /products/iphone (HTML): req/s (ours/baseline)',
          (f) => `${fmtRps(f.htmlRoutes.catalogue!.ours.rps)} (${pct(f.htmlRoutes.catalogue!.ratio)})`,
        ),
        row('POST /api/orders (same two products): orders/s, p99', (f) => `${fmtRps(f.orders.ordersPerS)}, ${f.orders.load.p99} ms`),
        ...(kinds.some((k) => results[k]!.ordersBefore)
          ? [
              row('  the same on the before-build', (f) =>
                f.ordersBefore ? `${fmtRps(f.ordersBefore.ordersPerS)}, ${f.ordersBefore.load.p99} ms` : '-',
              ),
            ]
          : []),
        row('POST /api/auth/login: logins/s, p99', (f) => `${fmtRps(f.logins.rps)}, ${f.logins.p99} ms`),
        ...(kinds.some((k) => results[k]!.loginsBefore)
          ? [
              row('  the same on the before-build', (f) =>
                f.loginsBefore ? `${fmtRps(f.loginsBefore.rps)}, ${f.loginsBefore.p99} ms` : '-',
              ),
            ]
          : []),
        row('login rate limit holds', (f) => (f.rateLimit.every((c) => c.holds) ? 'yes' : 'NO')),
        row('peak resident memory', (f) => mb(Math.max(f.memory.peak, f.memory.limitServerPeak))),
        ...(kinds.some((k) => results[k]!.memory.beforeBuildPeak)
          ? [row('  the before-build’s peak', (f) => (f.memory.beforeBuildPeak ? mb(f.memory.beforeBuildPeak) : '-'))]
          : []),
      ],
    );
  }
  ctx.record('api', { settings: s, ...results, failures });
  if (failures.length) {
    console.error(`\nAPI benchmark FAILED:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}
