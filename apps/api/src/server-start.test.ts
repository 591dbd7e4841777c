import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loggerOptions, prettyLogs } from './lib/logger-options';
import { firstAdminBox } from './lib/start-banner';

/**
 * `npm start` on a terminal and under a service manager (decision 037): the real server started
 * on a fresh PGlite folder, once with stdout a pipe (JSON lines, as a log collector reads them)
 * and once under a pseudo-terminal made by `script` (readable lines, the first admin in a frame).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const serverTs = path.join(repoRoot, 'apps/api/src/server.ts');
// eslint-disable-next-line no-control-regex
const stripColours = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '').replace(/\r/g, '');

const started: { child: ChildProcess; dir: string }[] = [];

afterEach(async () => {
  for (const { child, dir } of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      // Its own process group: `script` and the server under it.
      process.kill(-child.pid!, 'SIGTERM');
      await gone;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** Starts the server (under `script` for a terminal) and collects its output until `done` says so. */
function startServer(terminal: boolean, done: (out: string) => boolean): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATA_DIR: path.join(dir, 'db'),
    PORT: '0',
    HOST: '127.0.0.1',
  };
  for (const name of ['DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'LOG_PRETTY', 'LOG_LEVEL', 'NODE_ENV', 'WEB_DIST']) delete env[name];
  const node = `${JSON.stringify(process.execPath)} --import tsx ${JSON.stringify(serverTs)}`;
  const child = terminal
    ? spawn('script', ['-qec', node, '/dev/null'], { cwd: repoRoot, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] })
    : spawn(process.execPath, ['--import', 'tsx', serverTs], { cwd: repoRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push({ child, dir });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (done(out)) resolve(out);
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`the server ended (${code}) before it was ready:\n${out}\n${err}`)));
  });
}

describe('start-up output', () => {
  it('decides: readable on a terminal or with LOG_PRETTY=1, JSON for a pipe or with LOG_PRETTY=0', () => {
    expect(prettyLogs({ LOG_LEVEL: 'info' }, true)).toBe(true);
    expect(prettyLogs({ LOG_LEVEL: 'info' }, false)).toBe(false);
    expect(prettyLogs({ LOG_LEVEL: 'info', LOG_PRETTY: '0' }, true)).toBe(false);
    expect(prettyLogs({ LOG_LEVEL: 'info', LOG_PRETTY: '1' }, false)).toBe(true);
    expect(loggerOptions({ LOG_LEVEL: 'info' }, false)).toEqual({ level: 'info' });
  });

  it('frames the first admin with every line as wide as the frame', () => {
    const box = firstAdminBox({ email: 'admin@localhost', password: 'Xy7-abcDEF' }, 'http://localhost:3000').split('\n');
    expect(box[0]).toMatch(/^╔═+╗$/);
    expect(box.at(-1)).toMatch(/^╚═+╝$/);
    for (const line of box) expect([...line].length).toBe([...box[0]!].length);
    expect(box.join('\n')).toContain('║ E-mail:      admin@localhost');
    expect(box.join('\n')).toContain('Fjalëkalimi: Xy7-abcDEF');
    expect(box.join('\n')).toContain('http://localhost:3000/login');
  });

  it('a pipe gets JSON lines, one of them with the first admin and the generated password', async () => {
    const out = await startServer(false, (o) => o.includes('Dyqani është gati'));
    const lines = out.split('\n').filter(Boolean);
    const entries = lines.map((l) => JSON.parse(l) as { msg?: string; email?: string; password?: string });
    const admin = entries.find((e) => e.password);
    expect(admin).toMatchObject({ email: 'admin@localhost', msg: 'First admin created with a generated password (shown only this once)' });
    expect(admin!.password).toMatch(/^[\w-]{16}$/);
    expect(out).not.toContain('╔');
  }, 180_000);

  it('a terminal gets readable lines: the ready address, then the first admin in a frame', async () => {
    const raw = await startServer(true, (o) => stripColours(o).includes('╝'));
    const out = stripColours(raw);
    const lines = out.split('\n');
    expect(lines.some((l) => l.trimStart().startsWith('{'))).toBe(false);
    const ready = lines.findIndex((l) => /INFO.*Dyqani është gati në http:\/\/localhost:\d+ \(pglite\)/.test(l));
    expect(ready, out).toBeGreaterThanOrEqual(0);
    const top = lines.findIndex((l) => /^╔═+╗$/.test(l));
    expect(top).toBeGreaterThan(ready);
    const box = lines.slice(top, lines.findIndex((l) => /^╚═+╝$/.test(l)) + 1).join('\n');
    expect(box).toContain('E-mail:      admin@localhost');
    expect(box).toMatch(/Fjalëkalimi: [\w-]{16} /);
    expect(box).toMatch(/Kyçuni te: {3}http:\/\/localhost:\d+\/login/);
  }, 180_000);
});
