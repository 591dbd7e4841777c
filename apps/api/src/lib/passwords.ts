import argon2 from 'argon2';
import { runPasswordJob } from './password-queue';

// OWASP minimum for argon2id: 19 MiB memory, 2 iterations, parallelism 1.
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Each hash or check holds 19 MiB while it runs, on one of libuv's 4 threads. They run through the
 * bounded password queue (lib/password-queue.ts, decision 029): one per core but one at a time, a
 * short line, and `Busy` (503 with Retry-After) past it. Existing and unknown accounts wait alike.
 */
export const hashPassword = (password: string): Promise<string> => runPasswordJob(() => argon2.hash(password, options));

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) return false;
  // A full queue (Busy) goes up to the caller; only a malformed stored hash counts as a wrong password.
  return runPasswordJob(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}

/** A real hash to verify against when the account does not exist, so timing does not tell. */
let dummyHash: Promise<string> | undefined;
export const getDummyHash = (): Promise<string> =>
  (dummyHash ??= hashPassword('dummy-password-for-timing').catch((err: unknown) => {
    // Refused by a full queue (Busy): the next request makes it.
    dummyHash = undefined;
    throw err;
  }));
