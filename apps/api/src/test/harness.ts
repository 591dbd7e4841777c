import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { prepareDatabase } from '../startup';
import { mailOutbox, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import type { Role } from '@shop/shared/domain/accounts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  config: Config;
  jwtSecret: string;
  /** The PostgreSQL database's URL; undefined on PGlite. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database for one test file: PGlite in memory by default (in
 * `pgliteDir` when given, e.g. to back it up), or a new database on the real PostgreSQL server
 * when DATABASE_URL is set (dropped afterwards).
 */
export async function createTestDatabase(
  opts: { pgliteDir?: string } = {},
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPglite(opts.pgliteDir);
    return { database, drop: () => database.close() };
  }
  const name = `shop_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openPostgres(testUrl.toString(), 5);
  return {
    database,
    url: testUrl.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(overrides: Partial<Config> = {}, opts: { pgliteDir?: string } = {}): Promise<TestApp> {
  const { database, drop, url } = await createTestDatabase(opts);
  // Test files place many orders from one address and one customer, mostly from accounts made by
  // createUser (not verified): the order limits and those of unverified accounts are raised unless
  // a test asks for its own (decisions 015 and 028).
  const config = testConfig({
    ADMIN_EMAIL: 'admin@test.local',
    ADMIN_PASSWORD: 'admin-pass-123',
    RATE_LIMIT_ORDERS_MAX: 10_000,
    RATE_LIMIT_ORDERS_IP_MAX: 10_000,
    ORDER_MAX_OPEN: 10_000,
    UNVERIFIED_ORDER_MAX_OPEN: 10_000,
    UNVERIFIED_ORDER_MAX_UNITS: 1_000_000,
    ...overrides,
  });
  const silent = { info() {}, warn() {} };
  const { jwtSecret } = await prepareDatabase(database, config, silent);
  const app = await buildApp({ config, database, jwtSecret, logger: false });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    jwtSecret,
    databaseUrl: url,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/**
 * Another API instance on the test app's database, as behind a load balancer: on PostgreSQL with
 * its own connection pool (and its own notification listener); on PGlite, which one process
 * owns, a second app on the same database handle. Close it before the test app.
 */
export async function createSecondInstance(t: TestApp): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = t.databaseUrl ? await openPostgres(t.databaseUrl, 5) : t.database;
  const app = await buildApp({ config: t.config, database, jwtSecret: t.jwtSecret, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
}

let counter = 0;
/** Creates a user straight in the database and returns it with a valid bearer token. */
export async function createUser(
  t: TestApp,
  opts: { role?: Role; blocked?: boolean; email?: string; name?: string; password?: string; emailVerified?: boolean } = {},
) {
  counter += 1;
  const email = opts.email ?? `user${counter}-${crypto.randomBytes(3).toString('hex')}@test.local`;
  const password = opts.password ?? 'Ylberi-Prishtina-2026!';
  const [user] = await t.db
    .insert(users)
    .values({
      name: opts.name ?? `Përdorues ${counter}`,
      email,
      passwordHash: await hashPassword(password),
      role: opts.role ?? 'user',
      blocked: opts.blocked ?? false,
      emailVerified: opts.emailVerified ?? false,
    })
    .returning();
  if (!user) throw new Error('user not created');
  const token = await t.app.signToken(user);
  return { user, token, password, auth: { authorization: `Bearer ${token}` } };
}

/** Row count of a table, for checking that a bad request changed nothing. */
export async function countRows(t: TestApp, table: string): Promise<number> {
  const res = await t.db.execute(sql.raw(`select count(*)::int as n from "${table}"`));
  const rows = (res as unknown as { rows: { n: number }[] }).rows;
  return Number(rows[0]?.n ?? 0);
}

/**
 * The link of the newest account mail of `kind` to `to`, read from the outbox (as the admin's
 * outbox page or the mailbox would show it): its full URL and its token. Undefined when none.
 */
export async function latestMailLink(
  t: TestApp,
  to: string,
  kind: 'verify-email' | 'reset-password',
): Promise<{ url: string; token: string; text: string; html: string } | undefined> {
  const [row] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to.trim().toLowerCase()), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  if (!row) return undefined;
  const match = /(https?:\/\/\S+?\/(?:verifiko-email|rivendos-fjalekalimin)\?token=([A-Za-z0-9_-]+))/.exec(row.textBody);
  if (!match) return undefined;
  return { url: match[1]!, token: match[2]!, text: row.textBody, html: row.htmlBody };
}
