import { and, eq, isNull, sql } from 'drizzle-orm';
import { isAdmin } from '@shop/shared/domain/accounts';
import type { PublicUser } from '@shop/shared/schemas/auth';
import type { DeliveryDetails } from '@shop/shared/schemas/order';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { isUniqueViolation } from '../db/pg-errors';

export type UserRow = typeof users.$inferSelect;
export type SessionUser = Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'blocked' | 'emailVerified' | 'phone' | 'delivery'> & {
  hasPassword: boolean;
  twoFactorEnabled: boolean;
};

export const toPublicUser = (u: Pick<UserRow, 'id' | 'name' | 'email' | 'role'>): PublicUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  isAdmin: isAdmin(u),
});

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return row;
}

/** What a session needs of its user (never the password hash), as columns of a select. */
export const sessionUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  blocked: users.blocked,
  emailVerified: users.emailVerified,
  phone: users.phone,
  delivery: users.delivery,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
};

/**
 * Changes what the customer edits on the profile: the name, and the phone and the delivery
 * details when given (null clears them). Answers the user as a session sees it; undefined when
 * there is no such user.
 */
export async function updateProfile(
  db: DbOrTx,
  id: number,
  data: { name: string; phone?: string | null; delivery?: DeliveryDetails | null },
): Promise<SessionUser | undefined> {
  const [row] = await db
    .update(users)
    .set({
      name: data.name,
      ...(data.phone !== undefined ? { phone: data.phone } : {}),
      ...(data.delivery !== undefined ? { delivery: data.delivery } : {}),
    })
    .where(eq(users.id, id))
    .returning(sessionUserColumns);
  return row;
}

/** Keeps the last home delivery's details on the user, to offer them again at checkout. */
export async function setUserDelivery(db: DbOrTx, id: number, delivery: DeliveryDetails): Promise<void> {
  await db.update(users).set({ delivery }).where(eq(users.id, id));
}

/** Creates a customer; undefined when the email is taken (unique index on lower(email)). */
export async function createCustomer(
  db: DbOrTx,
  data: {
    name: string;
    email: string;
    passwordHash: string | null;
    phone?: string | null;
    googleSub?: string | null;
    emailVerified?: boolean;
  },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...data, email: data.email.trim().toLowerCase(), role: 'user' })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Sets a new password hash. */
export async function setPasswordHash(db: DbOrTx, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/** Marks the address proved. */
export async function markEmailVerified(db: DbOrTx, id: number): Promise<void> {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, id));
}

/**
 * Google takes over an account whose address was never proved: the password (chosen by whoever
 * registered the address) is removed, the address counts as verified, the Google identity is
 * linked, and what the squatter saved goes (issue 24 finding 13): the phone and the delivery
 * details are cleared and the name becomes Google's. Undefined when the account changed meanwhile
 * (verified, or linked to another identity), or the identity is linked elsewhere.
 */
export async function takeOverForGoogle(db: DbOrTx, userId: number, identity: { sub: string; name: string }): Promise<UserRow | undefined> {
  try {
    const [row] = await db
      .update(users)
      .set({ passwordHash: null, emailVerified: true, googleSub: identity.sub, name: identity.name, phone: null, delivery: null })
      .where(and(eq(users.id, userId), isNull(users.googleSub), eq(users.emailVerified, false)))
      .returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

export async function findUserByGoogleSub(db: DbOrTx, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub));
  return row;
}

/**
 * Links a Google identity to an account that has none yet. Undefined when the account has one
 * meanwhile, or the identity is already linked to another account (the unique index on google_sub).
 */
export async function linkGoogleSub(db: DbOrTx, userId: number, sub: string): Promise<UserRow | undefined> {
  try {
    const [row] = await db
      .update(users)
      .set({ googleSub: sub, emailVerified: true })
      .where(and(eq(users.id, userId), isNull(users.googleSub)))
      .returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}
