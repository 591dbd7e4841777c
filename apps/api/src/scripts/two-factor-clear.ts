/**
 * npm run two-factor:clear EMAIL: the recovery process's last resort (decision 025). Clears the
 * two-factor sign-in of the account with that e-mail when no other admin can (the last admin lost
 * the app and the recovery codes): its sessions end, 'Historiku' records two-factor.clear with the
 * command as actor, and the account is mailed (through the outbox: the server sends it when it
 * runs). Whoever can run this on the server could read the database anyway. On PGlite, stop the
 * server first (the data folder is locked); on PostgreSQL (DATABASE_URL) it runs beside it.
 */
import os from 'node:os';
import { opsText } from '@shop/shared/messages-ops';
import { openDatabase } from '../db/client';
import { clearTwoFactorByOperator } from '../services/two-factor';
import { Conflict, NotFound } from '../services/errors';
import { explain, operatorPath, toolConfig } from './cli';

const args = process.argv.slice(2);
if (args.length !== 1 || args[0]!.startsWith('-') || !args[0]!.includes('@')) {
  console.error(opsText.twoFactorClearUsage);
  process.exit(2);
}
const email = args[0]!.trim();
const config = toolConfig();
const dataDir = operatorPath(config.DATA_DIR);

let database;
try {
  database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir, poolSize: 1 });
} catch (err) {
  const inUse = err instanceof Error && /in use by another process/.test(err.message);
  console.error(inUse ? opsText.twoFactorClearInUse(dataDir) : explain(err));
  process.exit(1);
}
let code = 0;
try {
  if ((await database.pendingMigrations()).length > 0) {
    console.error(opsText.twoFactorClearPending);
    code = 1;
  } else {
    const operator = `npm run two-factor:clear (${os.userInfo().username}@${os.hostname()})`;
    await clearTwoFactorByOperator(database.db, email, operator);
    console.log(opsText.twoFactorCleared(email));
  }
} catch (err) {
  console.error(
    err instanceof NotFound
      ? opsText.twoFactorClearNoUser(email)
      : err instanceof Conflict
        ? opsText.twoFactorClearNotOn(email)
        : explain(err),
  );
  code = 1;
} finally {
  await database.close();
}
process.exit(code);
