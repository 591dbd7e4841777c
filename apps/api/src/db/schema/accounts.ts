/** Accounts: users, their sessions and the single-use links sent by mail. */
import { sql } from 'drizzle-orm';
import { roles } from '@shop/shared/domain/accounts';
import type { DeliveryDetails } from '@shop/shared/schemas/order';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf, createdAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    role: text('role', { enum: roles }).notNull().default('user'),
    blocked: boolean('blocked').notNull().default(false),
    /** The owner proved the address (a link from the verification mail, or Google's email_verified). */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Admin two-factor: the TOTP secret, set at setup; enabled only once a code proved it. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted, so a code is never accepted twice (replay). */
    totpLastStep: integer('totp_last_step'),
    /** Wrong second-factor codes in a row, counted for the account from every IP (issue 24). */
    totpFailures: integer('totp_failures').notNull().default(0),
    /** No second-factor code is checked before this moment; the pause grows with the failures. */
    totpPausedUntil: timestamp('totp_paused_until', { withTimezone: true }),
    /** Hashes of the unused one-time recovery codes. */
    recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
    /** The last home delivery's details, offered again at checkout and kept on the profile. */
    delivery: jsonb('delivery').$type<DeliveryDetails>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_idx').on(t.googleSub),
    // The admin's paged list sorts by these (decision 021).
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_name_lower_idx').on(sql`lower(${t.name})`, t.id),
    check('users_role_check', oneOf(t.role, roles)),
  ],
);

/**
 * Sessions: one row per sign-in; the token names its row (`sid`), and a request is authenticated
 * only while the row exists and has not expired. Logging out deletes the row; password change or
 * reset, block, role change and 'log out everywhere' delete all of a user's rows.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the session passed the admin's second factor. */
    twoFactorAt: timestamp('two_factor_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const userTokenPurposes = ['verify-email', 'reset-password'] as const;

/** Single-use links sent by mail: only the SHA-256 of the token is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: userTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_idx').on(t.tokenHash),
    index('user_tokens_user_idx').on(t.userId, t.purpose),
    check('user_tokens_purpose_check', oneOf(t.purpose, userTokenPurposes)),
  ],
);
