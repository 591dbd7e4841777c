import { desc, sql } from 'drizzle-orm';
import { toCents, toEuros } from '@shop/shared/domain/money';
import { FALLBACK_IMAGE, slugify } from '@shop/shared/domain/catalogue';
import { reservedProductIds } from '@shop/shared/domain/routes';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminProduct } from '@shop/shared/schemas/admin';
import type { Category, Collection } from '@shop/shared/domain/catalogue';
import type { DbOrTx } from '../db/client';
import { products } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { findProduct } from './products';

type Row = typeof products.$inferSelect;

/** What the admin routes hand over after validation (euros, trimmed strings). */
export interface ProductInput {
  name: string;
  price: number;
  description?: string;
  image?: string;
  category?: Category;
  oldPrice?: number | null;
  collection?: Collection | null;
}

export function toAdminProduct(row: Row): AdminProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: toEuros(row.priceCents),
    oldPrice: row.oldPriceCents === null ? null : toEuros(row.oldPriceCents),
    image: row.images[0] ?? FALLBACK_IMAGE,
    images: row.images,
    category: row.category,
    collection: row.collection,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The first of base, base-2, base-3... that no product uses (ids compare case-insensitively). */
async function freeSlug(db: DbOrTx, base: string): Promise<string> {
  const taken = await db
    .select({ id: sql<string>`lower(${products.id})` })
    .from(products)
    .where(sql`lower(${products.id}) = ${base} or lower(${products.id}) like ${`${base}-%`}`);
  const used = new Set(taken.map((r) => r.id));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!used.has(candidate) && !reservedProductIds.has(candidate)) return candidate;
  }
}

export async function listAdminProducts(db: DbOrTx): Promise<Row[]> {
  return db
    .select()
    .from(products)
    .orderBy(desc(products.createdAt), sql`${products.homePosition} asc nulls last`, products.collection, products.id);
}

/** Creates a product with a slug id made from its name; a concurrent twin simply takes the next number. */
export async function createProduct(db: DbOrTx, input: ProductInput): Promise<Row> {
  const base = slugify(input.name);
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = await freeSlug(db, base);
    const [row] = await db
      .insert(products)
      .values({
        id,
        name: input.name,
        description: input.description ?? '',
        category: input.category ?? 'phone',
        collection: input.collection ?? null,
        priceCents: toCents(input.price),
        oldPriceCents: input.oldPrice == null ? null : toCents(input.oldPrice),
        images: input.image ? [input.image] : [],
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
  throw new Error('no free product id');
}

/**
 * Updates the fields given. `image` is the main picture (the first of the gallery): a new link
 * replaces it, an empty one removes it, and the rest of the gallery stays.
 */
export async function updateProduct(db: DbOrTx, id: string, input: ProductInput): Promise<Row> {
  const current = await findProduct(db, id);
  if (!current) throw new HttpError(404, adminMsg.productNotFound);
  let images = current.images;
  if (input.image !== undefined) {
    const rest = current.images.slice(1);
    images = input.image ? [input.image, ...rest.filter((i) => i !== input.image)] : rest;
  }
  const [row] = await db
    .update(products)
    .set({
      name: input.name,
      priceCents: toCents(input.price),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.category !== undefined ? { category: input.category } : {}),
      ...(input.collection !== undefined ? { collection: input.collection } : {}),
      ...(input.oldPrice !== undefined ? { oldPriceCents: input.oldPrice === null ? null : toCents(input.oldPrice) } : {}),
      images,
      updatedAt: new Date(),
    })
    .where(sql`${products.id} = ${current.id}`)
    .returning();
  if (!row) throw new HttpError(404, adminMsg.productNotFound);
  return row;
}

/** Deletes a product; orders keep their lines (order_items has no foreign key to products). */
export async function deleteProduct(db: DbOrTx, id: string): Promise<string> {
  const [row] = await db
    .delete(products)
    .where(sql`lower(${products.id}) = lower(${id})`)
    .returning({ id: products.id });
  if (!row) throw new HttpError(404, adminMsg.productNotFound);
  return row.id;
}
