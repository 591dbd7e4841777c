/**
 * The lock of a PGlite data folder: one process at a time, and a lock left by a killed process
 * taken over at once when its owner is known to be gone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** Folders this process holds the lock of (a second open in the same process must fail too). */
const heldByThisProcess = new Set<string>();

interface LockOwner {
  pid: number;
  host: string;
  /** The process's start time in clock ticks since boot (Linux /proc), to tell a reused pid. */
  started?: string;
}

function processStartTime(pid: number): string | undefined {
  try {
    // Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so count from ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/**
 * Whether the process that wrote `owner` is gone, so its lock is stale. Only known on the same
 * host: the pid no longer runs, or runs but started at another time (the pid was reused, as for
 * pid 1 in a restarted container).
 */
export function lockOwnerGone(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return false;
  if (owner.pid === process.pid) return owner.started !== processStartTime(process.pid);
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
  const started = processStartTime(owner.pid);
  return owner.started !== undefined && started !== undefined && started !== owner.started;
}

/**
 * Locks a PGlite data folder for this process. The lock is proper-lockfile's (a directory whose
 * mtime is refreshed while held) plus a note of the owner's pid beside it: a lock left by a process
 * that was killed (SIGKILL, OOM, power cut of a container) is taken over at once when its owner is
 * known to be gone, instead of refusing to start until the lock goes stale.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const key = path.resolve(dataDir);
  const lockPath = path.join(dataDir, '.lock');
  const ownerPath = path.join(dataDir, '.lock-owner.json');
  const inUse = () => new Error(`The data folder ${dataDir} is in use by another process (lock ${lockPath}).`);
  if (heldByThisProcess.has(key)) throw inUse();
  const options = { realpath: false, stale: 15_000, update: 5_000, lockfilePath: lockPath, onCompromised: () => {} };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, options);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    const readNote = () => {
      try {
        return fs.readFileSync(ownerPath, 'utf8');
      } catch {
        return undefined;
      }
    };
    const note = readNote();
    let owner: LockOwner | undefined;
    try {
      owner = note ? (JSON.parse(note) as LockOwner) : undefined;
    } catch {
      owner = undefined;
    }
    if (owner && lockOwnerGone(owner)) {
      // Take it over unless another starting process already did (its note replaced the old one).
      if (readNote() !== note) throw inUse();
      fs.rmSync(lockPath, { recursive: true, force: true });
      release = await lockfile.lock(dataDir, options).catch(() => Promise.reject(inUse()));
    } else if (!owner) {
      // No note (the owner died between taking the lock and writing it, or an older version
      // wrote the lock): wait for the lock to go stale, which takes at most `stale` ms.
      release = await lockfile
        .lock(dataDir, { ...options, retries: { retries: 20, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 } })
        .catch(() => Promise.reject(inUse()));
    } else {
      throw inUse();
    }
  }
  const me: LockOwner = { pid: process.pid, host: os.hostname(), started: processStartTime(process.pid) };
  fs.writeFileSync(ownerPath, JSON.stringify(me));
  heldByThisProcess.add(key);
  return async () => {
    heldByThisProcess.delete(key);
    fs.rmSync(ownerPath, { force: true });
    await release();
  };
}
