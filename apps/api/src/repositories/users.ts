import { eq, sql } from 'drizzle-orm';
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
