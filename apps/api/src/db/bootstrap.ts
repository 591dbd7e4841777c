import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { appSettings, users } from './schema';
import { hashPassword } from '../lib/passwords';
import type { FirstAdmin } from '../lib/start-banner';

interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/**
 * Makes sure the shop has an admin. With ADMIN_EMAIL/ADMIN_PASSWORD, that account is created
 * (or promoted) when no admin exists. Without them, admin@localhost gets a random password, which
 * is returned for the server to show once (a JSON line, or a frame on a terminal: decision 037);
 * later starts find an admin and say nothing.
 */
export async function ensureAdmin(db: Db, opts: { email?: string; password?: string }, log: Logger): Promise<FirstAdmin | undefined> {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (existing.length > 0) return undefined;

  const email = (opts.email ?? 'admin@localhost').trim().toLowerCase();
  const generated = !opts.password;
  const password = opts.password ?? crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);

  const [found] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (found) {
    await db
      .update(users)
      .set({ role: 'admin', blocked: false, emailVerified: true, ...(opts.password ? { passwordHash } : {}) })
      .where(and(eq(users.id, found.id)));
    log.info({ email }, 'Existing account promoted to admin');
    return undefined;
  }
  // The first admin counts as verified: the address comes from the shop's own configuration.
  await db.insert(users).values({ name: 'Administratori', email, passwordHash, role: 'admin', emailVerified: true });
  if (generated) return { email, password };
  log.info({ email }, 'First admin created');
  return undefined;
}

/** The JWT secret: JWT_SECRET when set, else one generated once and kept in the database. */
export async function loadJwtSecret(db: Db, configured?: string): Promise<string> {
  if (configured) return configured;
  const fresh = crypto.randomBytes(48).toString('base64url');
  await db.insert(appSettings).values({ key: 'jwt_secret', value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
  if (!row) throw new Error('JWT secret could not be stored');
  return row.value;
}
