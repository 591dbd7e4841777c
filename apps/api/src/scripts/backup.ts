/**
 * npm run backup [FILE]: the whole shop in one file (decision 020). PGlite (no DATABASE_URL):
 * PGlite's dump of DATA_DIR, with the server stopped; PostgreSQL: pg_dump's custom format, while
 * the shop runs. Without FILE: backups/shop-<kind>-<time>.<ext> under the current folder.
 */
import fs from 'node:fs';
import { opsText } from '@shop/shared/messages-ops';
import { backupPglite, backupPostgres, defaultBackupFile } from '../db/backup';
import { explain, humanSize, operatorPath, toolConfig } from './cli';

const config = toolConfig();
const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
const file = operatorPath(process.argv[2] ?? defaultBackupFile(kind));
try {
  if (config.DATABASE_URL) await backupPostgres(config.DATABASE_URL, file);
  else await backupPglite(operatorPath(config.DATA_DIR), file);
  console.log(opsText.backupWritten(file, humanSize(fs.statSync(file).size)));
  console.log(opsText.backupSecrets);
} catch (err) {
  console.error(explain(err));
  process.exit(1);
}
