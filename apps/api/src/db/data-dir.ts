/**
 * The embedded database's data folder (DATA_DIR) is readable by its owner only (issue 24 finding 1,
 * decision 024): the folder and every folder in it 0700, every file 0600 at most. It holds the
 * WAL, the generated JWT secret, every session and the password hashes; PGlite's emscripten file
 * system writes its files 0666 (initdb's files come out of a tarball made in memory, and
 * `chmod` is passed through as is), so left alone every local user could read them.
 *
 * Four layers, each enough alone for the files it covers:
 * - `restrictUmask`: the process's umask is 0077, so whatever it creates (the lock, initdb's child
 *   process) has no group or other bits;
 * - `OwnerOnlyNodeFS`: PGlite's NodeFS whose every create and chmod drops the group and other bits,
 *   so no write, initdb or restore of PGlite ever makes a readable file;
 * - `makePrivate`: the folder is walked at open, after initdb and after a restore, and every entry
 *   with a group or other bit is made private (an older folder is repaired);
 * - refusal: a folder (or an entry in it) owned by another user, or one that cannot be made
 *   private, stops the server with `DataDirNotPrivate` (Albanian, then English).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { opsText } from '@shop/shared/messages-ops';

/** The bits nobody but the owner may have. */
const GROUP_AND_OTHERS = 0o077;
/** Regular files need no execute bit either: 0600 at most. */
const FILE_FORBIDDEN = 0o177;

/** posix: Windows has no modes to speak of (and no getuid). */
const posix = process.platform !== 'win32' && typeof process.getuid === 'function';

/** The data folder is not (and cannot be made) readable by its owner only: the server must not start. */
export class DataDirNotPrivate extends Error {
  constructor(
    readonly reason: 'foreign-owner' | 'cannot-chmod',
    readonly where: string,
    /** foreign-owner: the entry's owner and this process's user; cannot-chmod: the error's code. */
    readonly detail: { owner: number; uid: number } | { code: string },
  ) {
    super(
      'owner' in detail
        ? `${opsText.dataDirForeignOwner(where, detail.owner, detail.uid)} / The data folder entry ${where} belongs to another user (uid ${detail.owner}, this process runs as uid ${detail.uid}): refusing to start. Run the shop as the folder's owner, or give the folder to this user (chown -R).`
        : `${opsText.dataDirCannotChmod(where, detail.code)} / The data folder entry ${where} cannot be made readable by its owner only (${detail.code}): refusing to start.`,
    );
    this.name = 'DataDirNotPrivate';
  }

  /** The Albanian half, for the command line. */
  get albanian(): string {
    return this.message.slice(0, this.message.indexOf(' / '));
  }
}

/**
 * Sets the process's umask to 0077 (files 0600, folders 0700 unless asked otherwise). The process
 * that runs PGlite writes nothing that others should read; a worker thread cannot change the
 * umask (Node refuses there) and keeps its own: the other layers cover that case.
 */
export function restrictUmask(): void {
  if (!posix) return;
  try {
    process.umask(process.umask() | GROUP_AND_OTHERS);
  } catch {
    // ERR_WORKER_UNSUPPORTED_OPERATION in a worker thread.
  }
}

export interface PrivateOptions {
  /** The user that must own every entry; this process's user unless a test says otherwise. */
  uid?: number;
}

export interface PrivateReport {
  /** Entries whose group/other bits were taken away. */
  repaired: number;
  /** Files among them that others could read (their contents may have leaked). */
  readableFiles: number;
}

/**
 * Makes `dir` and everything under it owner-only: folders lose their group and other bits (0700),
 * files too (0600 at most). Symbolic links are not followed (their own mode means nothing). Throws
 * `DataDirNotPrivate` when an entry belongs to another user (a root process could chmod it, but the
 * folder is not its own) or a chmod fails. A folder that does not exist is left alone.
 */
export function makePrivate(dir: string, opts: PrivateOptions = {}): PrivateReport {
  const report: PrivateReport = { repaired: 0, readableFiles: 0 };
  if (!posix || !fs.existsSync(dir)) return report;
  const uid = opts.uid ?? process.getuid!();
  const visit = (p: string, top: boolean) => {
    // The top may be a symbolic link to the real folder (DATA_DIR=/srv/link); inside, links are not followed.
    let st: fs.Stats;
    try {
      st = top ? fs.statSync(p) : fs.lstatSync(p);
    } catch (err) {
      // Gone since its folder was read (a server running on the folder removed a WAL segment).
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !top) return;
      throw err;
    }
    if (st.isSymbolicLink()) return;
    if (st.uid !== uid) throw new DataDirNotPrivate('foreign-owner', p, { owner: st.uid, uid });
    const forbidden = st.isDirectory() ? GROUP_AND_OTHERS : FILE_FORBIDDEN;
    if (st.mode & forbidden) {
      if (st.mode & GROUP_AND_OTHERS) report.repaired++;
      if (st.isFile() && st.mode & 0o044) report.readableFiles++;
      try {
        fs.chmodSync(p, st.mode & 0o7777 & ~forbidden);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !top) return;
        throw new DataDirNotPrivate('cannot-chmod', p, { code: (err as NodeJS.ErrnoException).code ?? String(err) });
      }
    }
    if (!st.isDirectory()) return;
    let names: string[];
    try {
      names = fs.readdirSync(p);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !top) return;
      throw err;
    }
    for (const name of names) visit(path.join(p, name), false);
  };
  visit(dir, true);
  return report;
}

/** Creates `dir` (and its parents) owner-only; an existing one is left for `makePrivate`. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** The part of emscripten's NODEFS this file changes. */
interface NodefsOps {
  node_ops: {
    mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
    setattr(node: unknown, attr: { mode?: number }): void;
  };
  stream_ops: { setattr?(stream: unknown, attr: { mode?: number }): void };
}

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;

/** The ops objects already changed (each PGlite instance has its own emscripten module and NODEFS). */
const restricted = new WeakSet<object>();

/**
 * Changes an emscripten NODEFS so that every file it creates is 0600 at most and every folder 0700
 * at most, and every chmod it passes on keeps the group and other bits off. Nodes share the ops
 * objects, so changing them in place covers every node, including those made before.
 */
export function restrictNodefs(nodefs: NodefsOps): void {
  if (restricted.has(nodefs.node_ops)) return;
  restricted.add(nodefs.node_ops);
  const { mknod, setattr } = nodefs.node_ops;
  nodefs.node_ops.mknod = (parent, name, mode, dev) =>
    mknod(parent, name, mode & ~((mode & S_IFMT) === S_IFDIR ? GROUP_AND_OTHERS : FILE_FORBIDDEN), dev);
  nodefs.node_ops.setattr = (node, attr) =>
    setattr(node, attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~GROUP_AND_OTHERS });
  const streamSetattr = nodefs.stream_ops.setattr;
  if (streamSetattr)
    nodefs.stream_ops.setattr = (stream, attr) =>
      streamSetattr(stream, attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~GROUP_AND_OTHERS });
}

type InitOptions = Parameters<NodeFS['init']>[1];

/**
 * PGlite's NodeFS (PGlite's `fs` option) that writes owner-only files: its emscripten NODEFS is
 * restricted (`restrictNodefs`) before the folder is mounted, so initdb's files, a restored dump and
 * every file PostgreSQL makes later are created private, and a chmod cannot open them up.
 */
export class OwnerOnlyNodeFS extends NodeFS {
  constructor(dataDir: string) {
    makePrivateDir(dataDir);
    super(dataDir);
  }

  override async init(pg: PGlite, opts: InitOptions) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const restrict = (mod: { NODEFS: unknown }) => restrictNodefs(mod.NODEFS as NodefsOps);
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [restrict, ...(emscriptenOpts.preRun ?? [])] } };
  }
}

/**
 * Everything the shop does before PGlite opens `dataDir`: the umask, the folder made if missing,
 * then every entry in it owner-only (refusing a foreign or unfixable one). Returns what was
 * repaired, so the caller can warn that an older folder's secrets may have been read.
 */
export function prepareDataDir(dataDir: string, opts: PrivateOptions = {}): PrivateReport {
  restrictUmask();
  makePrivateDir(dataDir);
  return makePrivate(dataDir, opts);
}
