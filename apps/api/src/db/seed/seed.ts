import { productIdKey } from '@shop/shared/domain/catalogue';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { DbOrTx } from '../client';
import {
  appSettings,
  blogPosts,
  giftCards,
  productAliases,
  productOptions,
  productOptionValues,
  products,
  productVariants,
  productVariantValues,
} from '../schema';
import type { SeedProduct } from './catalogue-types';
import { toCents } from '@shop/shared/domain/money';
import { storageGb } from '@shop/shared/domain/catalogue-browse';
import { seedProducts } from './products';
import { seedGiftCards } from './giftcards';
import { seedBlogPosts } from './blog';
import { seededGiftCardValueCents } from './gift-card-values';

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
        giftCardValueCents: seededGiftCardValueCents[productIdKey(p.id)] ?? null,
      })),
    );
    // Each product got its default variant from the trigger of migration 0012 (not tracked): the
    // seeded shelves are set on it (decision 039); a phone with options gets its variants.
    await seedVariants(
      tx,
      seedProducts.filter((p) => p.variants),
    );
    const shelves = seedProducts.flatMap((p) => {
      if (p.variants) return [];
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

type Rows<T> = { rows: T[] };

/**
 * The options, values and variants of the seeded phones that have them, and the old ids of the
 * products they were before the seed grouped them (product_aliases), in six statements whatever
 * their number (every test database is seeded). The default variant the trigger made is kept
 * (its price is the product's) and given its values, SKU and shelf; the others are inserted.
 */
async function seedVariants(tx: DbOrTx, list: readonly SeedProduct[]): Promise<void> {
  if (list.length === 0) return;
  const at = (...parts: (string | number)[]) => parts.join('\u0000');
  const optionRows = await tx
    .insert(productOptions)
    .values(list.flatMap((p) => p.variants!.options.map((o, position) => ({ productId: productIdKey(p.id), position, name: o.name }))))
    .returning({ id: productOptions.id, productId: productOptions.productId, position: productOptions.position });
  const optionIds = new Map(optionRows.map((r) => [at(r.productId, r.position), r.id]));
  const valueRows = await tx
    .insert(productOptionValues)
    .values(
      list.flatMap((p) =>
        p.variants!.options.flatMap((o, i) =>
          o.values.map((value, position) => ({ optionId: optionIds.get(at(productIdKey(p.id), i))!, position, value })),
        ),
      ),
    )
    .returning({ id: productOptionValues.id, optionId: productOptionValues.optionId, position: productOptionValues.position });
  const valueIds = new Map(valueRows.map((r) => [at(r.optionId, r.position), r.id]));

  const plan = list.flatMap((p) => {
    const productId = productIdKey(p.id);
    const { options, variants } = p.variants!;
    return variants.map((v, position) => {
      const picks = v.values.map((value, i) => {
        const optionId = optionIds.get(at(productId, i))!;
        const index = options[i]!.values.indexOf(value);
        if (index < 0) throw new Error(`seed: ${p.id} has no value ${value} of ${options[i]!.name}`);
        return { optionId, valueId: valueIds.get(at(optionId, index))! };
      });
      return { productId, v, position, picks, combination: picks.map((x) => x.valueId).join('-') };
    });
  });

  const defaults = plan.filter((x) => x.v.isDefault);
  const updated = await tx.execute(sql`
    update ${productVariants} set sku = d.sku, combination = d.combination, stock = d.stock, position = d.position
    from (values ${sql.join(
      defaults.map((x) => sql`(${x.productId}::text, ${x.v.sku}::text, ${x.combination}::text, ${x.v.stock}::int, ${x.position}::int)`),
      sql`, `,
    )}) as d(product_id, sku, combination, stock, position)
    where ${productVariants.productId} = d.product_id and ${productVariants.isDefault}
    returning ${productVariants.id} as id, ${productVariants.sku} as sku`);
  const others = plan.filter((x) => !x.v.isDefault);
  const inserted = await tx
    .insert(productVariants)
    .values(
      others.map((x) => ({
        productId: x.productId,
        position: x.position,
        isDefault: false,
        combination: x.combination,
        sku: x.v.sku,
        priceCents: toCents(x.v.price),
        oldPriceCents: x.v.oldPrice === undefined ? null : toCents(x.v.oldPrice),
        stock: x.v.stock,
      })),
    )
    .returning({ id: productVariants.id, sku: productVariants.sku });
  const variantIds = new Map(
    [...(updated as unknown as Rows<{ id: number; sku: string }>).rows, ...inserted].map((r) => [r.sku, Number(r.id)]),
  );
  await tx
    .insert(productVariantValues)
    .values(plan.flatMap((x) => x.picks.map((pick) => ({ variantId: variantIds.get(x.v.sku)!, ...pick }))));
  const aliases = plan.flatMap((x) =>
    x.v.was ? [{ id: productIdKey(x.v.was), productId: x.productId, variantId: variantIds.get(x.v.sku)! }] : [],
  );
  if (aliases.length > 0) await tx.insert(productAliases).values(aliases);
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
