/** Starts the baseline server (bench/lib/baseline-server.ts) in its own process on a free port. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from '../../tools/shop-server';
import type { BaselineBodies } from './baseline-server';

export interface Baseline {
  url: string;
  pid?: number;
  stop: () => Promise<void>;
}

export async function startBaseline(bodies: BaselineBodies): Promise<Baseline> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-baseline-'));
  const file = path.join(dir, 'bodies.json');
  fs.writeFileSync(file, JSON.stringify(bodies));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench/lib/baseline-server.ts'), file], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const probe = bodies.answers[0]?.url ?? '/api/products';
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The baseline server exited with ${child.exitCode}`);
    const ok = await fetch(url + probe).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('The baseline server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        fs.rmSync(dir, { recursive: true, force: true });
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
