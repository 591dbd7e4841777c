import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './startup';
import { buildApp } from './app';
import { loggerOptions } from './lib/logger-options';

function defaultWebDist(): string | undefined {
  // apps/api/dist/server.js -> apps/web/dist ; apps/api/src/server.ts -> apps/web/dist
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidate = path.resolve(here, '../../web/dist');
  return fs.existsSync(path.join(candidate, 'index.html')) ? candidate : undefined;
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // JSON in production, readable lines in development (lib/logger-options.ts, decision 020).
  const logOptions = loggerOptions(config, process.stdout.isTTY === true);
  const log = pino(logOptions);
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DB_POOL_SIZE, log });
  } catch (err) {
    log.fatal({ err }, `Cannot open the database: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  let closing = false;
  try {
    const { jwtSecret } = await prepareDatabase(database, config, log);
    const app = await buildApp({
      config: { ...config, WEB_DIST: config.WEB_DIST ?? defaultWebDist() },
      database,
      jwtSecret,
      logger: logOptions,
    });
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'Shutting down: finishing requests in flight');
      const timer = setTimeout(() => {
        app.log.error('Shutdown took too long; exiting');
        process.exit(1);
      }, 15_000);
      timer.unref();
      try {
        await app.close();
        await database.close();
        app.log.info('Closed cleanly');
        process.exit(0);
      } catch (err) {
        app.log.error({ err }, 'Error while shutting down');
        process.exit(1);
      }
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));
    await app.listen({ port: config.PORT, host: config.HOST });
    app.log.info(`Dyqani është gati në http://localhost:${config.PORT} (${database.kind})`);
  } catch (err) {
    log.error({ err }, 'Start-up failed');
    await database.close().catch(() => {});
    process.exit(1);
  }
}

void main();
