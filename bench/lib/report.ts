/** Printing and saving benchmark figures: every section prints tables and adds its figures here. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Table from 'cli-table3';
import { repoRoot } from '../../tools/shop-server';

export const resultsFile = path.join(repoRoot, 'bench/results/latest.json');

export interface BenchReport {
  startedAt: string;
  finishedAt?: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; platform: string };
  sections: Record<string, unknown>;
}

export function newReport(): BenchReport {
  return {
    startedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    sections: {},
  };
}

export function printTable(title: string, head: string[], rows: (string | number)[][]): void {
  const table = new Table({ head, style: { head: [], border: [] } });
  for (const r of rows) table.push(r.map(String));
  console.log(`\n${title}\n${table.toString()}`);
}

export function saveReport(report: BenchReport): void {
  report.finishedAt = new Date().toISOString();
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nFigures written to ${path.relative(process.cwd(), resultsFile)}`);
}

export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
