/**
 * The shop as deploy/ runs it on a VPS, on this machine: Debian's nginx (/usr/sbin/nginx) on a
 * free port of 127.0.0.1 in front of one or more built servers (apps/api/dist/server.js) that
 * share one database and, with REDIS_URL, one Redis. nginx runs as the current user's child with
 * a prefix of its own in a temporary folder (config, pid, logs, temp files): no root, nothing in
 * /etc or /var. The upstream's settings are those of deploy/nginx/shop.conf and the locations are
 * deploy/nginx/shop-locations.conf itself, copied in unchanged.
 *
 * Used by the resilience test (resilience/balanced.test.ts) and the bench (bench/balanced.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot, startShopServer, type ShopServer, type ShopStorage, type StartOptions } from './shop-server';

export const nginxBin = process.env.NGINX_BIN || '/usr/sbin/nginx';
const deployDir = path.join(repoRoot, 'deploy/nginx');

/** Whether nginx can be started here (the tests that need it are skipped otherwise). */
export function nginxAvailable(): boolean {
  return fs.existsSync(nginxBin) && spawnSync(nginxBin, ['-v'], { stdio: 'ignore' }).status === 0;
}

/** One line per request in nginx's access log: which instance answered, and how. */
export interface AccessLine {
  method: string;
  uri: string;
  status: number;
  /** The instances tried, in order (`127.0.0.1:PORT`; several when nginx moved on). */
  upstreams: string[];
  upstreamStatuses: string[];
  requestTimeS: number;
}

export interface BalancedShop {
  /** nginx's address: http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** The instances, in upstream order; an entry is replaced when `restart` starts it again. */
  instances: ShopServer[];
  /** Each instance's port (fixed for the life of the shop, as in the nginx config). */
  instancePorts: number[];
  nginx: ChildProcess;
  /** nginx's folder: nginx.conf, snippets/, logs. */
  dir: string;
  /** The pids of nginx's worker processes (its master's children), for their CPU time. */
  workerPids(): number[];
  /** nginx's error log so far. */
  errorLog(): string;
  /** nginx's access log so far, parsed. */
  accessLog(): AccessLine[];
  /** Stops instance `i` (SIGTERM: gracefully; SIGKILL: as a crash); nginx keeps running. */
  stopInstance(i: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts instance `i` again on its port. */
  restartInstance(i: number): Promise<ShopServer>;
  /** Stops nginx and every instance still running. */
  stop(): Promise<void>;
}

export interface BalancedOptions {
  storage: Pick<ShopStorage, 'dataDir' | 'databaseUrl'>;
  /** How many instances (default 2). PGlite's folder takes one process: use 1 without DATABASE_URL. */
  instances?: number;
  /** Environment of every instance (TRUST_PROXY=loopback is added, as the README says). */
  env?: Record<string, string>;
  /** Where each instance's output goes (default: temporary files). */
  logFile?: (i: number) => string;
  serverJs?: StartOptions['serverJs'];
  /** nginx worker processes (default 1: the machine's cores are the instances'). */
  workers?: number;
}

const LOG_FORMAT = '$request_method $request_uri $status $request_time "$upstream_addr" "$upstream_status"';

/** The nginx.conf of a balanced shop: the deployed upstream and locations, with a private prefix. */
export function nginxConfig(opts: { dir: string; port: number; instancePorts: number[]; workers: number }): string {
  const d = (name: string) => path.join(opts.dir, name);
  // As root nginx would switch its workers to "nobody", who cannot write the temp folders here.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}worker_processes ${opts.workers};
pid ${d('nginx.pid')};
error_log ${d('error.log')} warn;
events {
    worker_connections 4096;
}
http {
    log_format balanced '${LOG_FORMAT}';
    access_log ${d('access.log')} balanced;
    client_body_temp_path ${d('tmp/body')};
    proxy_temp_path ${d('tmp/proxy')};
    fastcgi_temp_path ${d('tmp/fastcgi')};
    uwsgi_temp_path ${d('tmp/uwsgi')};
    scgi_temp_path ${d('tmp/scgi')};
    default_type application/octet-stream;
    server_tokens off;

    # As deploy/nginx/shop.conf, on these ports.
    upstream shop {
        least_conn;
${opts.instancePorts.map((p) => `        server 127.0.0.1:${p} max_fails=2 fail_timeout=10s;`).join('\n')}
        keepalive 32;
        keepalive_timeout 60s;
    }

    server {
        listen 127.0.0.1:${opts.port};
        server_name _;
        include snippets/shop-locations.conf;
    }
}
`;
}

function parseAccessLine(line: string): AccessLine | undefined {
  const m = /^(\S+) (\S+) (\d+) ([\d.]+) "([^"]*)" "([^"]*)"$/.exec(line);
  if (!m) return undefined;
  // "127.0.0.1:3001, 127.0.0.1:3002" when nginx moved on ("-" when no instance was asked).
  const split = (s: string) => s.split(/\s*[,:]\s+/).filter((x) => x && x !== '-');
  return {
    method: m[1]!,
    uri: m[2]!,
    status: Number(m[3]),
    requestTimeS: Number(m[4]),
    upstreams: split(m[5]!),
    upstreamStatuses: split(m[6]!),
  };
}

/** Processes whose parent is `pid`; Linux /proc. */
function childrenOf(pid: number | undefined): number[] {
  if (!pid) return [];
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The parent's pid is the second field after the command name (which may hold spaces).
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, failure: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what}:\n${failure()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** nginx in front of instances on given ports (theirs to start and stop). */
export interface Nginx {
  url: string;
  port: number;
  process: ChildProcess;
  /** nginx's folder: nginx.conf, snippets/, logs. */
  dir: string;
  /** The pids of its worker processes (its master's children), for their CPU time. */
  workerPids(): number[];
  /** Its error log so far. */
  errorLog(): string;
  /** Its access log so far, parsed. */
  accessLog(): AccessLine[];
  /** Graceful stop (SIGQUIT: the requests in flight finish); resolves when it has exited and its folder is gone. */
  stop(): Promise<void>;
}

/**
 * Starts nginx with deploy/nginx/shop-locations.conf on a free port in front of `instancePorts`,
 * and waits until a request through it reaches an instance (GET /api/health).
 */
export async function startNginx(opts: { instancePorts: number[]; workers?: number }): Promise<Nginx> {
  if (!nginxAvailable()) throw new Error(`No nginx at ${nginxBin} (apt-get install nginx)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-nginx-'));
  fs.mkdirSync(path.join(dir, 'snippets'));
  fs.mkdirSync(path.join(dir, 'tmp'));
  fs.copyFileSync(path.join(deployDir, 'shop-locations.conf'), path.join(dir, 'snippets', 'shop-locations.conf'));
  let port = await freePort();
  while (opts.instancePorts.includes(port)) port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ dir, port, instancePorts: opts.instancePorts, workers: opts.workers ?? 1 }));
  const errorLogFile = path.join(dir, 'error.log');
  const accessLogFile = path.join(dir, 'access.log');
  const out = fs.openSync(path.join(dir, 'nginx.out'), 'a');
  // In the foreground (daemon off), so it is our child and goes when we stop it; -e: the startup
  // messages go to our folder too, not to the build's default (stderr or /var/log/nginx).
  const child = spawn(nginxBin, ['-p', dir, '-c', conf, '-e', errorLogFile, '-g', 'daemon off;'], { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const errorLog = () =>
    [path.join(dir, 'nginx.out'), errorLogFile]
      .filter((f) => fs.existsSync(f))
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('');
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      'nginx did not start',
      async () => {
        if (exited(child)) throw new Error(`nginx exited:\n${errorLog()}`);
        try {
          return (await fetch(`${url}/api/health`)).ok;
        } catch {
          return false;
        }
      },
      30_000,
      errorLog,
    );
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url,
    port,
    process: child,
    dir,
    workerPids: () => childrenOf(child.pid),
    errorLog,
    accessLog: () =>
      fs.existsSync(accessLogFile)
        ? fs
            .readFileSync(accessLogFile, 'utf8')
            .split('\n')
            .map(parseAccessLine)
            .filter((l): l is AccessLine => l !== undefined)
        : [],
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited(child)) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGQUIT');
      }),
  };
}

/** Starts the instances (together: migrations and the seed run once) and nginx in front of them. */
export async function startBalancedShop(opts: BalancedOptions): Promise<BalancedShop> {
  if (!nginxAvailable()) throw new Error(`No nginx at ${nginxBin} (apt-get install nginx)`);
  const count = opts.instances ?? 2;
  const env = { TRUST_PROXY: 'loopback', ...opts.env };
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-instances-'));
  const logFile = (i: number) => opts.logFile?.(i) ?? path.join(logDir, `instance-${i}.log`);

  const instancePorts: number[] = [];
  for (let i = 0; i < count; i++) {
    let p = await freePort();
    while (instancePorts.includes(p)) p = await freePort();
    instancePorts.push(p);
  }
  const start = (i: number) =>
    startShopServer({ storage: opts.storage, env, port: instancePorts[i], logFile: logFile(i), serverJs: opts.serverJs });
  const instances = await Promise.all(instancePorts.map((_, i) => start(i)));
  let nginx: Nginx;
  try {
    nginx = await startNginx({ instancePorts, workers: opts.workers });
  } catch (err) {
    await Promise.all(instances.map((s) => s.stop()));
    throw err;
  }

  const shop: BalancedShop = {
    url: nginx.url,
    port: nginx.port,
    instances,
    instancePorts,
    nginx: nginx.process,
    dir: nginx.dir,
    workerPids: () => nginx.workerPids(),
    errorLog: () => nginx.errorLog(),
    accessLog: () => nginx.accessLog(),
    stopInstance: (i, signal = 'SIGTERM') => shop.instances[i]!.stop(signal),
    restartInstance: async (i) => {
      const s = await start(i);
      shop.instances[i] = s;
      return s;
    },
    // nginx first (gracefully), then the instances.
    stop: async () => {
      await nginx.stop();
      await Promise.all(shop.instances.map((s) => s.stop()));
      fs.rmSync(logDir, { recursive: true, force: true });
    },
  };
  return shop;
}
