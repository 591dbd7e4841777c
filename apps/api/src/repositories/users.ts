import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PublicUser } from '@shop/shared/schemas/auth';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export const toPublicUser = (u: Pick<UserRow, 'id' | 'name' | 'email' | 'role'>): PublicUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  isAdmin: u.role === 'admin',
});

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Creates a customer; undefined when the email is taken (unique index on lower(email)). */
export async function createCustomer(
  db: DbOrTx,
  data: { name: string; email: string; passwordHash: string | null; phone?: string | null; googleSub?: string | null },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...data, email: data.email.trim().toLowerCase(), role: 'user' })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findUserByGoogleSub(db: DbOrTx, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub));
  return row;
}

export type GoogleSignIn = { user: UserRow } | { conflict: true };

/**
 * The account of a verified Google identity: the one already linked to its `sub`, else the one
 * with its (verified) email, which then gets linked, else a new customer. An email already linked
 * to another Google account is a conflict. A blocked account is returned unchanged (the caller
 * refuses it).
 */
export async function findOrCreateGoogleUser(
  db: DbOrTx,
  identity: { sub: string; email: string; name: string },
  attempt = 0,
): Promise<GoogleSignIn> {
  const bySub = await findUserByGoogleSub(db, identity.sub);
  if (bySub) return { user: bySub };

  const byEmail = await findUserByEmail(db, identity.email);
  if (byEmail) {
    if (byEmail.googleSub && byEmail.googleSub !== identity.sub) return { conflict: true };
    if (byEmail.blocked) return { user: byEmail };
    const linked = await db
      .update(users)
      .set({ googleSub: identity.sub })
      .where(and(eq(users.id, byEmail.id), isNull(users.googleSub)))
      .returning()
      .then(([row]) => row)
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) return undefined;
        throw err;
      });
    if (linked) return { user: linked };
  } else {
    const created = await createCustomer(db, { name: identity.name, email: identity.email, passwordHash: null, googleSub: identity.sub });
    if (created) return { user: created };
  }
  // Lost a race with a concurrent sign-in or registration of the same email: look again, once.
  if (attempt > 0) return { conflict: true };
  return findOrCreateGoogleUser(db, identity, attempt + 1);
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 3; depth++, e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
