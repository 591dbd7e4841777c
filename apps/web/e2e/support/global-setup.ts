import { createStorage, startShopServer, testAdmin } from '../../../../tools/shop-server';

/**
 * Starts the built server on a free port with a fresh database (a new PGlite folder, or a new
 * database on the PostgreSQL of DATABASE_URL) and stops it after the run.
 */
export default async function globalSetup() {
  const storage = await createStorage({ databaseUrl: process.env.DATABASE_URL || undefined, prefix: 'shop_e2e' });
  const server = await startShopServer({ storage, env: { RATE_LIMIT_AUTH_MAX: '10000' } });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_ADMIN_EMAIL = testAdmin.email;
  process.env.E2E_ADMIN_PASSWORD = testAdmin.password;

  return async () => {
    await server.stop();
    await storage.dispose();
  };
}
