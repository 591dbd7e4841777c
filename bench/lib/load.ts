/** Load runs with autocannon, reduced to the figures the benchmark prints. */
import fs from 'node:fs';
import autocannon from 'autocannon';

export interface LoadFigures {
  /** Completed requests per second over the whole run. */
  rps: number;
  p50: number;
  p99: number;
  /** Completed requests, by status class. */
  total: number;
  ok: number;
  non2xx: number;
  count5xx: number;
  /** Socket errors and timeouts. */
  errors: number;
  statusCodes: Record<string, number>;
  durationS: number;
  /** The server process's CPU time (user + system) per completed request, when its pid was given. */
  cpuUsPerRequest?: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationS: number;
  requests?: autocannon.Request[];
  setupClient?: (client: autocannon.Client) => void;
  headers?: Record<string, string>;
}

/** The benchmark's knobs: BENCH_DURATION (seconds) and BENCH_CONNECTIONS for quick trials. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, not "${raw}"`);
  return n;
}

const ticksPerSecond = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process has used so far; Linux /proc. */
export function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    // Fields after the command name (which may hold spaces) start at the last ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return 0;
  }
}

interface Slice {
  result: autocannon.Result;
  latencies: number[];
}

function runOnce(opts: LoadOptions): Promise<Slice> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.url,
        connections: opts.connections,
        duration: opts.durationS,
        headers: opts.headers,
        requests: opts.requests,
        setupClient: opts.setupClient,
        timeout: 30,
      },
      (err, result) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve({ result, latencies })),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

function figures(slices: Slice[], cpuS?: number): LoadFigures {
  const statusCodes: Record<string, number> = {};
  let ok = 0;
  let non2xx = 0;
  let count5xx = 0;
  let errors = 0;
  let total = 0;
  let durationS = 0;
  for (const { result } of slices) {
    for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
      statusCodes[code] = (statusCodes[code] ?? 0) + Number(stat?.count ?? 0);
    total += result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
    ok += result['2xx'];
    non2xx += result.non2xx;
    count5xx += result['5xx'];
    errors += result.errors;
    durationS += result.duration;
  }
  const latencies = Float64Array.from(slices.flatMap((s) => s.latencies)).sort();
  return {
    rps: total / durationS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    total,
    ok,
    non2xx,
    count5xx,
    errors,
    statusCodes,
    durationS,
    ...(cpuS === undefined ? {} : { cpuUsPerRequest: total ? (cpuS * 1e6) / total : 0 }),
  };
}

export async function runLoad(opts: LoadOptions): Promise<LoadFigures> {
  return figures([await runOnce(opts)]);
}

/**
 * Several servers measured in turns: each gets `durationS` in all, in slices of about two seconds,
 * taken in turn (ours, baseline, ours, baseline...). On a machine shared with other work, both
 * then see the same background load, so their ratio means something. The servers' pids give
 * each one's CPU time per request, a figure background load hardly moves.
 */
export async function runLoadInTurns(targets: { url: string; pid?: number }[], opts: Omit<LoadOptions, 'url'>): Promise<LoadFigures[]> {
  const slices = Math.max(1, Math.round(opts.durationS / 2));
  const sliceS = opts.durationS / slices;
  const runs = targets.map(() => [] as Slice[]);
  const cpu = targets.map(() => 0);
  for (let i = 0; i < slices; i++) {
    for (const [t, target] of targets.entries()) {
      const before = cpuSeconds(target.pid);
      runs[t]!.push(await runOnce({ ...opts, url: target.url, durationS: sliceS }));
      cpu[t]! += cpuSeconds(target.pid) - before;
    }
  }
  return targets.map((target, t) => figures(runs[t]!, target.pid ? cpu[t] : undefined));
}

export const fmtRps = (n: number) => n.toFixed(n >= 100 ? 0 : 1);
