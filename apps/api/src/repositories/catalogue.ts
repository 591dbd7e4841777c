import { asc, desc, sql } from 'drizzle-orm';
import { toEuros } from '@shop/shared/domain/money';
import type { BlogPost, BlogPostSummary, GiftCard } from '@shop/shared/schemas/catalogue';
import type { DbOrTx } from '../db/client';
import { blogPosts, giftCards } from '../db/schema';

export async function listGiftCards(db: DbOrTx): Promise<GiftCard[]> {
  const rows = await db.select().from(giftCards).orderBy(asc(giftCards.position), asc(giftCards.id));
  return rows.map((r) => ({ id: r.id, name: r.name, desc: r.description, price: toEuros(r.priceCents), image: r.image }));
}

/** Newest first. */
export async function listBlogPosts(db: DbOrTx): Promise<BlogPostSummary[]> {
  return db
    .select({ id: blogPosts.id, title: blogPosts.title, date: blogPosts.date, excerpt: blogPosts.excerpt, image: blogPosts.image })
    .from(blogPosts)
    .orderBy(desc(blogPosts.date), asc(blogPosts.id));
}

/** Ids match case-insensitively, like product ids. */
export async function findBlogPost(db: DbOrTx, id: string): Promise<BlogPost | undefined> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(sql`lower(${blogPosts.id}) = lower(${id})`);
  return row;
}
