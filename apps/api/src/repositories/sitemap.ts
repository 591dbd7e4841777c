import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { blogPosts, products } from '../db/schema';

/** Every product's id, collection and last change, for the sitemap. */
export function listProductsForSitemap(db: DbOrTx) {
  return db
    .select({ id: products.id, collection: products.collection, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.id));
}

/** Every blog post's id and date (YYYY-MM-DD), for the sitemap. */
export function listPostsForSitemap(db: DbOrTx) {
  return db.select({ id: blogPosts.id, date: blogPosts.date }).from(blogPosts).orderBy(asc(blogPosts.id));
}
