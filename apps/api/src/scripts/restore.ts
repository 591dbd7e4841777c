/**
 * npm run restore FILE [--force]: brings a shop back from a backup of npm run backup (decision
 * 020), into DATA_DIR (a PGlite backup, no DATABASE_URL) or the database of DATABASE_URL (a
 * pg_dump backup). A database that already holds a shop is refused unless --force. Stop the
 * server first; it migrates the restored database when it starts.
 */
import fs from 'node:fs';
import { opsText } from '@shop/shared/messages-ops';
import { restorePglite, restorePostgres } from '../db/backup';
import { explain, operatorPath, toolConfig } from './cli';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => a !== '--force');
if (files.length !== 1 || files[0]!.startsWith('-')) {
  console.error(opsText.restoreUsage);
  process.exit(2);
}
const file = operatorPath(files[0]!);
if (!fs.existsSync(file)) {
  console.error(opsText.restoreMissingFile(file));
  process.exit(1);
}
const config = toolConfig();
try {
  const where = config.DATABASE_URL ? new URL(config.DATABASE_URL).pathname.replace(/^\//, '') : operatorPath(config.DATA_DIR);
  const result = config.DATABASE_URL
    ? await restorePostgres(file, config.DATABASE_URL, { force })
    : await restorePglite(file, operatorPath(config.DATA_DIR), { force });
  if (result.movedAside) console.log(opsText.restoreMovedAside(result.movedAside));
  console.log(opsText.restoreDone(where, result.tables, result.rows));
} catch (err) {
  console.error(explain(err));
  process.exit(1);
}
