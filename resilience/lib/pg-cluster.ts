/**
 * A private PostgreSQL cluster for one test: initdb and pg_ctl in a temporary folder, on a free
 * port of 127.0.0.1, so a test can stop and start "the database" without touching the machine's
 * PostgreSQL service that others use. As root the cluster runs as the postgres user (PostgreSQL
 * refuses to run as root); the folder and the socket directory belong to that user.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../tools/shop-server';

/** The newest installed PostgreSQL's bin folder that has initdb and pg_ctl, if any. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  dir: string;
  start(): Promise<void>;
  /** fast: disconnect clients and shut down cleanly; immediate: like a crash (recovery at next start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  running(): boolean;
  /** Stops the cluster if it runs and removes its folder. */
  dispose(): Promise<void>;
  log(): string;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('No PostgreSQL binaries under /usr/lib/postgresql');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    fs.chownSync(dir, uid, gid);
  }
  const command = (cmd: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
  /** Runs a PostgreSQL program (as the postgres user when we are root), without blocking the event loop. */
  const run = async (cmd: string, args: string[]): Promise<string> => {
    const [file, argv] = command(cmd, args);
    try {
      return (await promisify(execFile)(file, argv, { timeout: 60_000 })).stdout;
    } catch (err) {
      const e = err as { stderr?: string; stdout?: string; message: string };
      throw new Error(`${cmd} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
    }
  };
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  const port = await freePort();
  const options = [`-p ${port}`, `-k ${dir}`, `-c listen_addresses=127.0.0.1`, '-c fsync=off', '-c max_connections=60'].join(' ');
  const pg: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    start: async () => void (await run('pg_ctl', ['-D', data, '-o', options, '-l', logFile, '-w', '-t', '60', 'start'])),
    stop: async (mode = 'fast') => void (await run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop'])),
    running: () => {
      try {
        const [file, argv] = command('pg_ctl', ['-D', data, 'status']);
        execFileSync(file, argv, { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    },
    dispose: async () => {
      if (pg.running()) await pg.stop('immediate');
      fs.rmSync(dir, { recursive: true, force: true });
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
  };
  await pg.start();
  return pg;
}
