import { productIdKey } from '@shop/shared/domain/catalogue';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { appSettings, blogPosts, giftCards, products, productStock } from '../schema';
import { toCents } from '@shop/shared/domain/money';
import { seedProducts } from './products';
import { seedGiftCards } from './giftcards';
import { seedBlogPosts } from './blog';

const SEED_KEY = 'catalogue_seeded';

/**
 * Plausible shelves for a new shop (decision 015): gift cards are codes, unlimited; phones from
 * 1000 EUR 6 units, other phones 12, cases and accessories 40.
 */
function seedStock(p: { category: string; price: number }): number | null {
  if (p.category === 'giftcard') return null;
  if (p.category === 'phone') return p.price >= 1000 ? 6 : 12;
  return 40;
}

/**
 * Fills an empty database with the whole catalogue, once. A flag (not an emptiness check)
 * records it, so products an admin deletes later do not come back on restart.
 */
export async function seedCatalogue(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx.select().from(appSettings).where(eq(appSettings.key, SEED_KEY));
    if (done.length > 0) return false;
    let homePosition = 0;
    await tx.insert(products).values(
      seedProducts.map((p) => ({
        id: productIdKey(p.id),
        name: p.name,
        description: p.description,
        category: p.category,
        collection: p.collection,
        brand: p.brand,
        sku: p.sku,
        priceCents: toCents(p.price),
        oldPriceCents: p.oldPrice === undefined ? null : toCents(p.oldPrice),
        images: p.images,
        specs: p.specs,
        homePosition: p.collection === 'home' ? ++homePosition : null,
      })),
    );
    await tx.insert(productStock).values(
      seedProducts.flatMap((p) => {
        const quantity = seedStock(p);
        return quantity === null ? [] : [{ productId: productIdKey(p.id), quantity }];
      }),
    );
    await tx.insert(giftCards).values(
      seedGiftCards.map((g, i) => ({
        name: g.name,
        description: g.desc,
        priceCents: toCents(g.price),
        image: g.image,
        position: i + 1,
      })),
    );
    await tx.insert(blogPosts).values(seedBlogPosts);
    await tx.insert(appSettings).values({ key: SEED_KEY, value: new Date().toISOString() });
    return true;
  });
}
