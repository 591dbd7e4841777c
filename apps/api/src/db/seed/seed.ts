import { productIdKey } from '@shop/shared/domain/catalogue';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { appSettings, blogPosts, giftCards, products, productVariants } from '../schema';
import { toCents } from '@shop/shared/domain/money';
import { storageGb } from '@shop/shared/domain/catalogue-browse';
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
        storageGb: storageGb(p),
        homePosition: p.collection === 'home' ? ++homePosition : null,
      })),
    );
    // Each product got its default variant from the trigger of migration 0012 (not tracked): the
    // seeded shelves are set on it (decision 039).
    const shelves = seedProducts.flatMap((p) => {
      const quantity = seedStock(p);
      return quantity === null ? [] : [sql`(${productIdKey(p.id)}::text, ${quantity}::int)`];
    });
    if (shelves.length > 0) {
      await tx.execute(sql`
        update ${productVariants} set stock = s.quantity
        from (values ${sql.join(shelves, sql`, `)}) as s(product_id, quantity)
        where ${productVariants.productId} = s.product_id and ${productVariants.isDefault}`);
    }
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

const STORAGE_KEY = 'storage_gb_filled';

/**
 * Derives every product's storage (the storage facet, decision 022) once, for a database whose
 * products were written before the column existed (migration 0009). Later writes set it
 * themselves (the seed above, services/admin-products.ts).
 */
export async function fillProductStorage(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx.select().from(appSettings).where(eq(appSettings.key, STORAGE_KEY));
    if (done.length > 0) return false;
    const rows = await tx
      .select({ id: products.id, name: products.name, specs: products.specs, storageGb: products.storageGb })
      .from(products);
    for (const row of rows) {
      const gb = storageGb(row);
      if (gb !== row.storageGb) await tx.update(products).set({ storageGb: gb }).where(eq(products.id, row.id));
    }
    await tx.insert(appSettings).values({ key: STORAGE_KEY, value: new Date().toISOString() });
    return true;
  });
}
