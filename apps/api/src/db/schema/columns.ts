/** Column helpers shared by the tables: enum CHECKs, the search document, timestamps, raw bytes. */
import { sql } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** A CHECK that a text column holds one of a domain enum's values: `role in ('user', 'admin')`. */
export const oneOf = (column: unknown, values: readonly string[]) => sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

/** PostgreSQL's full-text document type (read by SQL only: the API never selects it). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A product's search document (decision 022): name and brand weigh most, then its type
 * ('Lloji'), then the description; every text folded by shop_fold (lower case, accents off with
 * unaccent), the function and the extensions are made by migration 0009.
 */
export const productSearchVector = sql`setweight(to_tsvector('simple', shop_fold(name)), 'A') || setweight(to_tsvector('simple', shop_fold(brand)), 'A') || setweight(to_tsvector('simple', shop_fold(coalesce(specs ->> 'Lloji', ''))), 'B') || setweight(to_tsvector('simple', shop_fold(description)), 'C')`;

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Raw bytes (PostgreSQL bytea); PGlite hands back a Uint8Array and pg a Buffer, both read as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
