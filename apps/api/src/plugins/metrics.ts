import fp from 'fastify-plugin';
import type { onResponseHookHandler } from 'fastify';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { RequestFigures, type RouteFigures } from '../lib/request-figures';
import type { ResponseCache } from '../lib/response-cache';
import { outboxBacklog } from '../repositories/mail-outbox';
import { passwordQueue } from '../lib/password-queue';
import type { WorkQueue } from '../lib/work-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's Prometheus registry, read by GET /metrics (routes/metrics.ts). */
    metrics: Registry;
  }
}

/** Request durations in seconds: the product reads sit in the first buckets, orders and logins further up. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Label of a request that matched no route (a 404 for an unknown address): one value, whatever the URL. */
const UNMATCHED = 'unmatched';

/**
 * The server's figures in Prometheus' format (decision 020), one registry per app (tests build
 * many apps in one process):
 *
 * - requests by method, route and status, and their durations (a histogram): the route label is
 *   the route's pattern ('/api/products/:id'), never the URL, so the number of series is bounded by
 *   the routes;
 * - Node's own (prom-client's defaults): event-loop delay, heap, GC, handles, CPU;
 * - the database pool, the product and page caches' lookups, and the mail outbox's backlog, all
 *   read when Prometheus scrapes (the backlog with one small query), so nothing is done per request.
 */
export default fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    // Requests by method, route pattern and status, and their durations. Each route's series are
    // resolved when the route is added, so a request only finds its status and adds (decision 030).
    const figures = new RequestFigures(DURATION_BUCKETS);
    figures.register(registry, {
      requests: 'HTTP requests answered, by method, route pattern and status.',
      duration: 'Time from receiving a request to the end of its answer, by method, route pattern and status.',
    });
    const recorder = (route: RouteFigures): onResponseHookHandler =>
      // A callback hook (not async): no promise per request.
      function recordRequest(request, reply, done) {
        route.record(request.method, reply.statusCode, reply.elapsedTime / 1000);
        done();
      };
    // Every route added from here on (all of the app's: this plugin comes before them) counts its
    // own requests, with its pattern as the label, from a hook of its own.
    app.addHook('onRoute', (route) => {
      const hook = recorder(figures.route(route.url));
      route.onResponse = Array.isArray(route.onResponse)
        ? [...route.onResponse, hook]
        : route.onResponse
          ? [route.onResponse, hook]
          : [hook];
    });
    // Requests that matched no route (404s of unknown addresses): one label, whatever the URL.
    const unmatched = figures.route(UNMATCHED);
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) unmatched.record(request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    new Gauge({
      name: 'shop_db_pool_connections',
      help: 'Database connections by state: total open, idle, and queries waiting for one (idle and waiting on PostgreSQL only).',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.reset();
        const stats = app.database.poolStats();
        this.set({ state: 'total' }, stats.total);
        if (stats.idle !== undefined) this.set({ state: 'idle' }, stats.idle);
        if (stats.waiting !== undefined) this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Gauge({
      name: 'shop_db_pool_max',
      help: 'The most database connections this instance opens (DB_POOL_SIZE; 1 on PGlite).',
      labelNames: ['kind'],
      registers: [registry],
      collect() {
        this.reset();
        this.set({ kind: app.database.kind }, app.database.poolStats().max);
      },
    });

    const caches = (): [string, ResponseCache<unknown>][] => [
      ['products', app.productCache as ResponseCache<unknown>],
      ...(app.pageCache ? [['pages', app.pageCache] as [string, ResponseCache<unknown>]] : []),
    ];
    new Counter({
      name: 'shop_cache_lookups_total',
      help: 'Lookups of the kept answers (decision 008): hit (from memory), miss (loaded), off (loaded while change notifications are not received).',
      labelNames: ['cache', 'result'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [cache, c] of caches()) {
          for (const result of ['hit', 'miss', 'off'] as const) this.inc({ cache, result }, c.lookups[result]);
        }
      },
    });
    new Gauge({
      name: 'shop_cache_entries',
      help: 'Answers kept in memory now.',
      labelNames: ['cache'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [cache, c] of caches()) this.set({ cache }, c.size);
      },
    });

    // The bounded work queues (decision 029): the process's argon2 queue and this instance's photos.
    const queues = (): [string, WorkQueue][] => [
      ['passwords', passwordQueue()],
      ['photos', app.photoQueue],
    ];
    new Gauge({
      name: 'shop_work_queue_jobs',
      help: 'Jobs of the bounded work queues (decision 029) now: running, and waiting for a slot.',
      labelNames: ['queue', 'state'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [queue, q] of queues()) {
          const stats = q.stats();
          this.set({ queue, state: 'running' }, stats.running);
          this.set({ queue, state: 'waiting' }, stats.waiting);
        }
      },
    });
    new Counter({
      name: 'shop_work_queue_refused_total',
      help: 'Jobs refused at once with 503 + Retry-After because their queue was full (decision 029).',
      labelNames: ['queue'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [queue, q] of queues()) this.inc({ queue }, q.stats().refused);
      },
    });

    // Read once per scrape for the three gauges below (a scrape collects them one after another).
    let backlog: Promise<Awaited<ReturnType<typeof outboxBacklog>> | undefined> | undefined;
    const readBacklog = () => {
      backlog ??= outboxBacklog(app.db)
        .catch((err: unknown) => {
          app.log.warn({ err }, 'metrics: the mail outbox could not be read');
          return undefined;
        })
        .finally(() => setImmediate(() => (backlog = undefined)));
      return backlog;
    };
    new Gauge({
      name: 'shop_mail_outbox_messages',
      help: 'Mails in the outbox not sent: pending (waiting or being retried) and failed (given up, the admin can retry them). Absent when the database cannot be read.',
      labelNames: ['status'],
      registers: [registry],
      async collect() {
        this.reset();
        const b = await readBacklog();
        if (!b) return;
        this.set({ status: 'pending' }, b.pending);
        this.set({ status: 'failed' }, b.failed);
      },
    });
    new Gauge({
      name: 'shop_mail_outbox_oldest_pending_seconds',
      help: 'Age of the oldest pending mail (0 when none): grows when mail is not going out.',
      registers: [registry],
      async collect() {
        this.reset();
        const b = await readBacklog();
        if (b) this.set(b.oldestPendingSeconds);
      },
    });

    app.decorate('metrics', registry);
  },
  { name: 'metrics', dependencies: ['db', 'product-cache'] },
);
