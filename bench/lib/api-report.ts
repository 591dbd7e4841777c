/** The API bench's tables (bench/api.ts). */
import { mb, printTable } from './report';
import { fmtRps, type LoadFigures } from './load';
import {
  authLimit,
  MEMORY_AIM,
  RATIO_AIM,
  type AnswerSent,
  type ReadFigures,
  type Settings,
  type StorageFigures,
  type StorageKind,
} from './api-figures';

export const pct = (r: number) => r.toFixed(2);
const cpu = (l: LoadFigures | undefined) => (l?.cpuUsPerRequest === undefined ? '-' : `${l.cpuUsPerRequest.toFixed(0)} µs`);

/** An answer as sent, e.g. "text/html, br, 530 B". */
const sentAs = (a: AnswerSent) => `${(a.contentType ?? '?').split(';')[0]}, ${a.encoding ?? 'identity'}, ${a.bytes} B`;

/**
 * One table of reads: ours beside the baseline (and the before-build, when measured). `aim` marks
 * the ratio against the aim; `showSent` adds what the server answered (type, encoding, size).
 */
function printReads(title: string, reads: ReadFigures[], opts: { aim?: number; showSent?: boolean }): void {
  const hasBefore = reads.some((r) => r.before);
  const ratioHead = opts.aim === undefined ? 'ours/baseline' : `ours/baseline (aim ≥ ${opts.aim})`;
  const ratioCell = (r: number) => (opts.aim === undefined ? pct(r) : `${pct(r)} ${r >= opts.aim ? '(met)' : '(below)'}`);
  printTable(
    title,
    [
      'read',
      ...(opts.showSent ? ['answer as sent'] : []),
      'ours req/s',
      'p50',
      'p99',
      'non-2xx',
      'CPU',
      'baseline req/s',
      'p50',
      'p99',
      'non-2xx',
      'CPU',
      ratioHead,
      ...(hasBefore ? ['before-build req/s', 'p99', 'CPU', 'before/baseline'] : []),
    ],
    reads.map((r) => [
      r.name,
      ...(opts.showSent ? [r.answers.map(sentAs).join('; ')] : []),
      fmtRps(r.ours.rps),
      `${r.ours.p50} ms`,
      `${r.ours.p99} ms`,
      r.ours.non2xx,
      cpu(r.ours),
      fmtRps(r.baseline.rps),
      `${r.baseline.p50} ms`,
      `${r.baseline.p99} ms`,
      r.baseline.non2xx,
      cpu(r.baseline),
      ratioCell(r.ratio),
      ...(hasBefore
        ? [
            r.before ? fmtRps(r.before.rps) : '-',
            r.before ? `${r.before.p99} ms` : '-',
            cpu(r.before),
            r.beforeRatio === undefined ? '-' : pct(r.beforeRatio),
          ]
        : []),
    ]),
  );
}

export function printStorage(kind: StorageKind, f: StorageFigures, s: Settings): void {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const turns = `${s.connections} connections, ${s.durationS} s each, taken in turns of ~2 s with the baseline`;
  printReads(
    `${label}: reads, ${turns} (bare Fastify in its own process, the same bytes from memory); CPU = server CPU time per request`,
    Object.values(f.reads),
    { aim: RATIO_AIM },
  );
  printReads(
    `${label}: HTML routes as a browser asks (Accept: text/html, Accept-Encoding: br, gzip), ${turns} ` +
      '(the same bytes, content type and encoding from memory); CPU = server CPU time per request',
    Object.values(f.htmlRoutes),
    { showSent: true },
  );
  const o = f.orders;
  printTable(
    `${label}: POST /api/orders, ${s.orderConnections} connections for ${s.durationS} s, each connection its own customer, ` +
      'all buying the same two products (the hot-product case: every order takes the same two stock rows) ' +
      '(the order locks its customer’s row: one shared customer would serialise every order), a fresh Idempotency-Key per request',
    [
      'orders/s',
      'p50',
      'p99',
      '201s',
      'non-201',
      '5xx',
      'in flight at stop (replayed / made after)',
      'new orders in the database',
      'check',
    ],
    [
      [
        fmtRps(o.ordersPerS),
        `${o.load.p50} ms`,
        `${o.load.p99} ms`,
        o.created201,
        o.load.non2xx,
        o.load.count5xx,
        `${o.inFlightAtStop} (${o.inFlightReplayed} / ${o.inFlightMadeAfter})`,
        `${o.newOrdersInDatabase} of ${o.expectedOrders} answered`,
        o.ok
          ? `exact: every 201 stored once, totals match, ${o.unitsTaken} units taken from stock = units ordered`
          : `FAILED: ${o.problems.join('; ')}`,
      ],
    ],
  );
  const l = f.logins;
  printTable(
    `${label}: POST /api/auth/login (argon2id), ${s.loginConnections} connections for ${s.durationS} s, limit raised on this server`,
    ['logins/s', 'p50', 'p99', '200s', 'non-200', '5xx'],
    [[fmtRps(l.rps), `${l.p50} ms`, `${l.p99} ms`, l.ok, l.non2xx, l.count5xx]],
  );
  printTable(
    `${label}: login rate limit with the default (${authLimit} per RATE_LIMIT_WINDOW_MS, per address and per account)`,
    ['attempts', 'sent', '200', '401', '429', 'other', 'got through', 'holds', '429 message'],
    f.rateLimit.map((c) => {
      const other = Object.entries(c.byStatus)
        .filter(([k]) => !['200', '401', '429'].includes(k))
        .reduce((sum, [, v]) => sum + v, 0);
      return [
        c.scenario,
        c.sent,
        c.byStatus[200] ?? 0,
        c.byStatus[401] ?? 0,
        c.byStatus[429] ?? 0,
        other,
        `${c.through} (limit ${c.limit})`,
        c.holds ? 'yes' : 'NO',
        c.message,
      ];
    }),
  );
  const m = f.memory;
  printTable(
    `${label}: server's peak resident memory (VmHWM) as the runs went on (aim < ${mb(MEMORY_AIM[kind])})`,
    [
      'after start',
      'after reads',
      'after orders',
      'after logins (peak)',
      'rate-limit server',
      'meets aim',
      ...(m.beforeBuildPeak ? ['before-build'] : []),
    ],
    [
      [
        mb(m.afterStart),
        mb(m.afterReads),
        mb(m.afterOrders),
        mb(m.peak),
        mb(m.limitServerPeak),
        Math.max(m.peak, m.limitServerPeak) < MEMORY_AIM[kind] ? 'yes' : 'no',
        ...(m.beforeBuildPeak ? [mb(m.beforeBuildPeak)] : []),
      ],
    ],
  );
}
