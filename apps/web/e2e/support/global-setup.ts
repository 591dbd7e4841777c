import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createStorage, freePort, startShopServer, testAdmin } from '../../../../tools/shop-server';
import { startTestSmtp } from '../../../../tools/test-smtp';

/**
 * Starts the built server on a free port with a fresh database (a new PGlite folder, or a new
 * database on the PostgreSQL of DATABASE_URL) and a test SMTP server that writes every mail into
 * E2E_MAIL_DIR (read them with support/mailbox.ts), and stops both after the run.
 */
export default async function globalSetup() {
  const storage = await createStorage({ databaseUrl: process.env.DATABASE_URL || undefined, prefix: 'shop_e2e' });
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-mail-'));
  const smtp = await startTestSmtp({ mailDir });
  // The links in the mails must point where the browser goes: choose the port first.
  const port = await freePort();
  const server = await startShopServer({
    storage,
    port,
    env: {
      RATE_LIMIT_AUTH_MAX: '10000',
      // Every browser of the run orders from 127.0.0.1; the per-customer limits stay as shipped.
      RATE_LIMIT_ORDERS_IP_MAX: '10000',
      // ... and every repair lookup (the tracking page's forms and QR links, issue 26); the API tests check the limit.
      RATE_LIMIT_REPAIR_TRACK_MAX: '10000',
      // ... and every gift card code tried (decision 048); the API tests check the limit.
      RATE_LIMIT_GIFT_CARD_MAX: '10000',
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '200',
      // Scheduled sale prices start and end within a second (decision 050; sale-prices.spec.ts).
      SALE_PRICE_JOB_INTERVAL_MS: '500',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_ADMIN_EMAIL = testAdmin.email;
  process.env.E2E_ADMIN_PASSWORD = testAdmin.password;

  return async () => {
    await server.stop();
    await smtp.stop();
    fs.rmSync(mailDir, { recursive: true, force: true });
    await storage.dispose();
  };
}
