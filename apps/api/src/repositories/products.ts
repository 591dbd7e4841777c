import { asc, eq, sql } from 'drizzle-orm';
import { toEuros } from '@shop/shared/domain/money';
import { FALLBACK_IMAGE } from '@shop/shared/domain/catalogue';
import type { Product, ProductListItem } from '@shop/shared/schemas/product';
import type { Collection } from '@shop/shared/domain/catalogue';
import type { DbOrTx } from '../db/client';
import { products } from '../db/schema';

type Row = typeof products.$inferSelect;

export function toProduct(row: Row): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    collection: row.collection,
    brand: row.brand,
    sku: row.sku,
    price: toEuros(row.priceCents),
    oldPrice: row.oldPriceCents === null ? null : toEuros(row.oldPriceCents),
    images: row.images,
    image: row.images[0] ?? FALLBACK_IMAGE,
    rating: row.rating,
    specs: row.specs,
  };
}

export function toListItem(row: Row): ProductListItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    desc: row.description,
    price: toEuros(row.priceCents),
    oldPrice: row.oldPriceCents === null ? null : toEuros(row.oldPriceCents),
    image: row.images[0] ?? FALLBACK_IMAGE,
    category: row.category,
  };
}

const listOrder = [sql`${products.homePosition} asc nulls last`, asc(products.collection), asc(products.createdAt), asc(products.id)];

export async function listProducts(db: DbOrTx, filter: { collection?: Collection } = {}): Promise<Row[]> {
  const q = db.select().from(products);
  return filter.collection ? q.where(eq(products.collection, filter.collection)).orderBy(...listOrder) : q.orderBy(...listOrder);
}

/** Ids match case-insensitively (product.md §10.3). */
export async function findProduct(db: DbOrTx, id: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(sql`lower(${products.id}) = lower(${id})`);
  return row;
}
