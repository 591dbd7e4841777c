import os from 'node:os';
import { Busy } from '../services/errors';

/** How a queue refuses work when it is full: the Albanian text and the seconds in Retry-After. */
export interface BusyAnswer {
  msg: string;
  retryAfterSeconds: number;
}

export interface WorkQueueOptions {
  /** Jobs that run at once. */
  concurrency: number;
  /** Jobs that may wait for a free slot; one more is refused with `Busy` at once. */
  maxWaiting: number;
  busy: BusyAnswer;
}

export interface WorkQueue {
  /** Runs a job when a slot is free, in arrival order; throws `Busy` at once when the line is full. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running and waiting now (metrics, tests). */
  stats(): { running: number; waiting: number; concurrency: number; maxWaiting: number; refused: number };
}

/**
 * A bounded work queue (issue 24 findings 14 and 15, decision 029): at most `concurrency` jobs
 * run at once, at most `maxWaiting` wait their turn in order, and a job past that is refused at
 * once with `Busy` (503 with Retry-After), so a burst can never build a line of work that keeps
 * clients waiting for tens of seconds, nor hold the memory of everything it carries.
 */
export function workQueue(opts: WorkQueueOptions): WorkQueue {
  const concurrency = Math.max(1, Math.floor(opts.concurrency));
  const maxWaiting = Math.max(0, Math.floor(opts.maxWaiting));
  let running = 0;
  let refused = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(job) {
      if (running < concurrency) running++;
      else if (waiting.length >= maxWaiting) {
        refused++;
        throw new Busy(opts.busy.msg, opts.busy.retryAfterSeconds);
      }
      // A finishing job hands its slot straight to the first in line, so `running` stays as it is.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await job();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    stats: () => ({ running, waiting: waiting.length, concurrency, maxWaiting, refused }),
  };
}

/** The default for CPU-heavy work: one job per core but one, so a core is left for the shop's answers; at least 1. */
export function coresButOne(): number {
  return Math.max(1, os.availableParallelism() - 1);
}
