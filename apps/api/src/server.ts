import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './startup';
import { buildApp } from './app';
import { loggerOptions, prettyLogs } from './lib/logger-options';
import { firstAdminBox, type FirstAdmin } from './lib/start-banner';

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
  // Readable lines on a terminal, JSON lines for a service manager or a pipe (lib/logger-options.ts,
  // decision 037).
  const terminal = process.stdout.isTTY === true;
  const pretty = prettyLogs(config, terminal);
  const logOptions = loggerOptions(config, terminal);
  const log = pino(logOptions);
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DB_POOL_SIZE, log });
  } catch (err) {
    log.fatal({ err }, `Cannot open the database: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  let closing = false;
  // The first admin's generated password is shown once: as a JSON line where it is made, or on a
  // terminal in a frame under the ready line (or when the start fails, so it is never lost).
  let firstAdmin: FirstAdmin | undefined;
  const showFirstAdmin = (logger: { warn: (msg: string) => void }, shopUrl: string) => {
    if (!firstAdmin) return;
    logger.warn(`Hyrja e administratorit të parë:\n${firstAdminBox(firstAdmin, shopUrl)}`);
    firstAdmin = undefined;
  };
  try {
    const prepared = await prepareDatabase(database, config, log);
    const { jwtSecret } = prepared;
    firstAdmin = prepared.firstAdmin;
    if (firstAdmin && !pretty) {
      log.warn(
        { email: firstAdmin.email, password: firstAdmin.password },
        'First admin created with a generated password (shown only this once)',
      );
      firstAdmin = undefined;
    }
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
    const address = app.server.address();
    const shopUrl = `http://localhost:${typeof address === 'object' && address ? address.port : config.PORT}`;
    app.log.info(`Dyqani është gati në ${shopUrl} (${database.kind})`);
    showFirstAdmin(app.log, shopUrl);
  } catch (err) {
    log.error({ err }, 'Start-up failed');
    showFirstAdmin(log, `http://localhost:${config.PORT}`);
    await database.close().catch(() => {});
    process.exit(1);
  }
}

void main();
