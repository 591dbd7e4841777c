import { afterAll, beforeAll, describe, it } from 'vitest';
import { createStorage, startShopServer, type ShopServer, type ShopStorage } from '../../tools/shop-server';
import { logFileIn, postgresAvailable, postgresServer } from './env';

/**
 * One check against the built server on each database: a fresh PGlite folder, then (when a
 * PostgreSQL server is at hand) a fresh database of it. `prefix` names the storage; `check` gets
 * the running server and the database's name for its messages.
 */
export function onEachDatabase(
  title: string,
  opts: { prefix: string; env: Record<string, string> },
  check: (server: ShopServer, label: 'PGlite' | 'PostgreSQL') => Promise<void>,
): void {
  it(`on PGlite: ${title}`, async () => {
    const storage = await createStorage({ prefix: opts.prefix });
    const server = await startShopServer({ storage, env: opts.env, logFile: logFileIn(storage) });
    try {
      await check(server, 'PGlite');
    } finally {
      await server.stop();
      await storage.dispose();
    }
  });

  describe.runIf(postgresAvailable)('on PostgreSQL', () => {
    let pg: Awaited<ReturnType<typeof postgresServer>>;
    let storage: ShopStorage;
    let server: ShopServer;
    beforeAll(async () => {
      pg = await postgresServer();
      storage = await createStorage({ databaseUrl: pg.url, prefix: opts.prefix });
      server = await startShopServer({ storage, env: opts.env, logFile: logFileIn(storage) });
    });
    afterAll(async () => {
      await server?.stop();
      await storage?.dispose();
      await pg?.dispose();
    });

    it(title, async () => {
      console.log(`[${opts.prefix} PostgreSQL] on ${pg.source}`);
      await check(server, 'PostgreSQL');
    });
  });
}
