import type { Config } from './config';
import type { Database } from './db/client';
import { fillProductStorage, seedCatalogue } from './db/seed/seed';
import { ensureAdmin, loadJwtSecret } from './db/bootstrap';
import type { FirstAdmin } from './lib/start-banner';

interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/**
 * Migrations, the catalogue seed, the first admin and the JWT secret, under the start-up lock.
 * `firstAdmin`: the admin just created with a generated password, for the server to show once.
 */
export async function prepareDatabase(
  database: Database,
  config: Config,
  log: Logger,
): Promise<{ jwtSecret: string; firstAdmin: FirstAdmin | undefined }> {
  await database.migrate();
  return database.withStartupLock(async () => {
    if (await seedCatalogue(database.db)) log.info({}, 'Catalogue seeded');
    if (await fillProductStorage(database.db)) log.info({}, 'Product storage derived for the storage facet');
    const firstAdmin = await ensureAdmin(database.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }, log);
    const jwtSecret = await loadJwtSecret(database.db, config.JWT_SECRET);
    return { jwtSecret, firstAdmin };
  });
}
