/**
 * Starts the built shop server (apps/api/dist/server.js) as a child process, for the browser
 * tests, the benchmarks and the resilience tests. One place knows how to pick a free port, make
 * a fresh database (a new PGlite folder, or a new database on the PostgreSQL of DATABASE_URL),
 * wait for /api/health, read the process's memory and stop it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const repoRoot = path.resolve(import.meta.dirname, '..');
export const serverJs = path.join(repoRoot, 'apps/api/dist/server.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** A new, empty database on the server of `baseUrl`; `drop()` removes it (closing its sessions). */
export async function createPgDatabase(
  baseUrl: string,
  prefix = 'shop_tool',
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    name,
    drop: async () => {
      const d = new pg.Client({ connectionString: baseUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

export interface ShopStorage {
  /** Where PGlite keeps its data (unused on PostgreSQL). */
  dataDir: string;
  /** Empty for PGlite. */
  databaseUrl: string;
  kind: 'pglite' | 'postgres';
  /** Removes the folder and, on PostgreSQL, the database. */
  dispose: () => Promise<void>;
}

/** Fresh storage for one server (or several sharing it): PostgreSQL when `databaseUrl` is given. */
export async function createStorage(opts: { databaseUrl?: string; prefix?: string } = {}): Promise<ShopStorage> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${opts.prefix ?? 'shop'}-`));
  const db = opts.databaseUrl ? await createPgDatabase(opts.databaseUrl, (opts.prefix ?? 'shop').replace(/\W/g, '_')) : undefined;
  return {
    dataDir: path.join(dir, 'db'),
    databaseUrl: db?.url ?? '',
    kind: db ? 'postgres' : 'pglite',
    dispose: async () => {
      fs.rmSync(dir, { recursive: true, force: true });
      await db?.drop();
    },
  };
}

export interface ShopServer {
  url: string;
  port: number;
  child: ChildProcess;
  logFile: string;
  log: () => string;
  /** Resident memory now and the process's peak (VmHWM), in bytes; Linux /proc. */
  memory: () => { rss: number; peak: number };
  /** SIGTERM (graceful) or SIGKILL; resolves when the process has exited. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * Node's flags for the server, as `npm run serve` and deploy/'s unit give them (decision 030,
 * memory): the old generation collected once it has grown 30% past what was live (V8 lets it grow
 * up to four times first). A smaller young generation (`--max-semi-space-size=4`) saves about
 * 25 MB more but costs the small reads CPU per request, so it is left to the operator.
 */
export const serverNodeFlags: readonly string[] = ['--heap-growing-percent=30'];

export interface StartOptions {
  storage: Pick<ShopStorage, 'dataDir' | 'databaseUrl'>;
  /** Node's flags (default `serverNodeFlags`); another build may be started as its own checkout starts it. */
  nodeFlags?: readonly string[];
  port?: number;
  env?: Record<string, string>;
  /** Another build of the server to start (default: this checkout's apps/api/dist/server.js). */
  serverJs?: string;
  /** Where the server's output goes (default: a temporary file). */
  logFile?: string;
  startTimeoutMs?: number;
}

export const testAdmin = { email: 'admin@e2e.local', password: 'admin-e2e-pass' };

function readProcStatus(pid: number | undefined): { rss: number; peak: number } {
  if (!pid) return { rss: 0, peak: 0 };
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

export async function startShopServer(opts: StartOptions): Promise<ShopServer> {
  const script = opts.serverJs ?? serverJs;
  if (!fs.existsSync(script)) throw new Error(opts.serverJs ? `No server at ${script}` : 'Build first: npm run build');
  const port = opts.port ?? (await freePort());
  const logFile = opts.logFile ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-log-')), 'server.log');
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...(opts.nodeFlags ?? serverNodeFlags), script], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.storage.dataDir,
      DATABASE_URL: opts.storage.databaseUrl,
      ADMIN_EMAIL: testAdmin.email,
      ADMIN_PASSWORD: testAdmin.password,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // As `npm run serve` and deploy/'s unit start it (decision 030, memory).
      MALLOC_MMAP_THRESHOLD_: '4194304',
      ...opts.env,
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const log = () => fs.readFileSync(logFile, 'utf8');
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.startTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Server exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server did not start:\n${log()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  let peakSeen = 0;
  return {
    url,
    port,
    child,
    logFile,
    log,
    memory: () => {
      const m = readProcStatus(child.pid);
      peakSeen = Math.max(peakSeen, m.peak);
      return { rss: m.rss, peak: peakSeen };
    },
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
        }, 20_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill(signal);
      }),
  };
}

/**
 * A built server (this checkout's, or `serverJs`) on fresh storage of its own: a new PGlite folder,
 * or a new database of `databaseUrl`. `stop` ends the server, then drops its storage.
 */
export async function startOnFreshStorage(opts: {
  prefix: string;
  databaseUrl?: string;
  serverJs?: string;
  env?: Record<string, string>;
  nodeFlags?: readonly string[];
}): Promise<{ server: ShopServer; stop: () => Promise<void> }> {
  const storage = await createStorage({ databaseUrl: opts.databaseUrl, prefix: opts.prefix });
  try {
    const server = await startShopServer({ storage, serverJs: opts.serverJs, env: opts.env, nodeFlags: opts.nodeFlags });
    return {
      server,
      stop: async () => {
        await server.stop();
        await storage.dispose();
      },
    };
  } catch (err) {
    await storage.dispose();
    throw err;
  }
}
