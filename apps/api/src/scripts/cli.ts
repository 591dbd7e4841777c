import path from 'node:path';
import { opsText } from '@shop/shared/messages-ops';
import { ConfigError, loadConfig, type Config } from '../config';
import { BackupRefused } from '../db/backup';
import { DataDirNotPrivate } from '../db/data-dir';

/**
 * A path as the operator typed it: npm runs scripts from the repository's root, so a relative
 * path is taken from where `npm run` was typed (INIT_CWD).
 */
export function operatorPath(p: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
}

/** The settings the tools use (DATABASE_URL, DATA_DIR), checked as the server checks them. */
export function toolConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}

/** An Albanian line for a refusal or a failure, and the exit code (1). */
export function explain(err: unknown): string {
  if (err instanceof BackupRefused) {
    switch (err.reason) {
      case 'no-data':
        return opsText.backupNoData(err.where);
      case 'in-use':
        return opsText.dataDirInUse(err.where);
      case 'not-empty':
        return opsText.restoreNotEmpty(err.where);
      case 'unknown-file':
        return opsText.restoreUnknownFile(err.where);
      case 'needs-postgres':
        return opsText.restoreNeedsPostgres;
      case 'needs-pglite':
        return opsText.restoreNeedsPglite;
    }
  }
  if (err instanceof DataDirNotPrivate) return err.albanian;
  return opsText.toolFailed(err instanceof Error ? err.message : String(err));
}

export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
