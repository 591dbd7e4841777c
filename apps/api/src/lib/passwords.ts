import os from 'node:os';
import argon2 from 'argon2';
import { concurrencyLimit } from './concurrency';

// OWASP minimum for argon2id: 19 MiB memory, 2 iterations, parallelism 1.
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Each hash or check holds 19 MiB while it runs, on one of libuv's 4 threads. More at once than
 * there are cores adds no speed, only memory (and keeps the thread pool from zlib and the file
 * system), so at most one per core runs; the rest wait in line. Existing and unknown accounts
 * wait alike.
 */
const argon2Slot = concurrencyLimit(Math.max(1, Math.min(os.availableParallelism(), 4)));

export const hashPassword = (password: string): Promise<string> => argon2Slot(() => argon2.hash(password, options));

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2Slot(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}

/** A real hash to verify against when the account does not exist, so timing does not tell. */
let dummyHash: Promise<string> | undefined;
export const getDummyHash = (): Promise<string> => (dummyHash ??= hashPassword('dummy-password-for-timing'));
