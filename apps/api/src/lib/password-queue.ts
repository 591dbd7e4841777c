import { httpMsg } from '@shop/shared/messages-http';
import { coresButOne, workQueue, type WorkQueue } from './work-queue';

/** Seconds a refused sign-in is told to wait: the full line drains in about a second or two. */
export const PASSWORD_RETRY_AFTER_SECONDS = 5;

/** The defaults (decision 029): one argon2 job per core but one, and 32 waiting. */
export const passwordQueueDefaults = () => ({ concurrency: coresButOne(), maxWaiting: 32 });

const make = (limits: { concurrency: number; maxWaiting: number }) =>
  workQueue({ ...limits, busy: { msg: httpMsg.passwordBusy, retryAfterSeconds: PASSWORD_RETRY_AFTER_SECONDS } });

let queue: WorkQueue = make(passwordQueueDefaults());

/**
 * Sets the bounds of the process's one password queue (app.ts, from PASSWORD_CONCURRENCY and
 * PASSWORD_QUEUE_MAX). Each argon2 hash or check holds 19 MiB and a core for tens of
 * milliseconds, on libuv's thread pool: the CPU is the process's, so the queue is too. Jobs
 * already in the old queue finish there.
 */
export function configurePasswordQueue(limits: { concurrency?: number; maxWaiting?: number }): void {
  const defaults = passwordQueueDefaults();
  queue = make({ concurrency: limits.concurrency ?? defaults.concurrency, maxWaiting: limits.maxWaiting ?? defaults.maxWaiting });
}

/**
 * Every password hash and check (login, registration, reset, password change, the second factor's
 * password step) runs through here: at most `concurrency` at once, at most `maxWaiting` in line,
 * and past that `Busy` at once (503 with Retry-After), so a burst of sign-ups cannot build a
 * line that keeps everyone waiting, while the catalogue and orders, which need no argon2, answer.
 */
export const runPasswordJob = <T>(job: () => Promise<T>): Promise<T> => queue.run(job);

/** The queue now (tests, metrics). */
export const passwordQueue = (): WorkQueue => queue;
