import { sql } from 'drizzle-orm';
import { storageGb } from '@shop/shared/domain/catalogue-browse';
import type { Category } from '@shop/shared/domain/catalogue';
import type { DbOrTx } from '../db/client';
import { products, productVariants } from '../db/schema';

const brands = ['Apple', 'Samsung', 'Xiaomi', 'Google', 'OnePlus', 'Honor', 'Motorola', 'Nothing', 'Oppo', 'Realme'];
const series = ['Galaxy', 'Redmi', 'Pixel', 'Nord', 'Magic', 'Edge', 'Phone', 'Reno', 'Note', 'Ultra', 'Neo', 'Lite'];
const storages = [64, 128, 256, 512, 1024];
const kinds: { category: Category; name: (b: string, s: string, n: number, gb: number) => string; type: string; base: number }[] = [
  {
    category: 'phone',
    name: (b, s, n, gb) => `${b} ${s} ${n} ${gb >= 1024 ? '1 TB' : `${gb} GB`}`,
    type: 'Telefon inteligjent',
    base: 290,
  },
  { category: 'case', name: (b, s, n) => `Mbrojtëse ${b} për ${s} ${n}`, type: 'Mbrojtëse e pasme', base: 15 },
  { category: 'case', name: (b, s, n) => `Kufje ${b} Buds ${n}`, type: 'Kufje pa tela in-ear', base: 40 },
  { category: 'phone', name: (b, s, n) => `${b} Watch ${s} ${n}`, type: 'Orë inteligjente', base: 150 },
  { category: 'accessory', name: (b, s, n) => `Karikues ${b} ${n}W`, type: 'Karikues USB-C', base: 12 },
];

/**
 * `count` made-up products for the scale test and the bench (decision 022): phones, cases,
 * earbuds, watches and chargers of ten brands, with storage, prices from 12 to about 1,800 euros,
 * creation times a millisecond apart after the seed's and a stock row for every third (some sold out). Bulk inserts of
 * 1,000 rows, ids `scale-<n>`.
 */
export async function insertScaleProducts(db: DbOrTx, count: number): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < count; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + 1000); i++) {
      const kind = kinds[i % kinds.length]!;
      const brand = brands[(i * 7) % brands.length]!;
      const s = series[(i * 11) % series.length]!;
      const n = 10 + (i % 90);
      const gb = storages[(i * 3) % storages.length]!;
      const name = kind.name(brand, s, n, gb);
      const specs: Record<string, string> =
        kind.category === 'phone' && kind.type.startsWith('Telefon') ? { Lloji: kind.type, Memoria: `${gb} GB` } : { Lloji: kind.type };
      rows.push({
        id: `scale-${i}`,
        name,
        description: `${kind.type} ${brand} ${s}, me garanci 12 muaj dhe dërgesë në gjithë Kosovën.`,
        category: kind.category,
        collection: null,
        brand,
        sku: null,
        priceCents: (kind.base + ((i * 37) % (kind.category === 'phone' ? 1500 : 120))) * 100 + (i % 3 === 0 ? 50 : 0),
        images: [],
        specs,
        storageGb: storageGb({ name, specs }),
        createdAt: new Date(now + i),
      });
    }
    await db.insert(products).values(rows);
  }
  await db.execute(sql`
    update ${productVariants} set stock = (substring(product_id from 7)::int / 3) % 5
    where product_id like 'scale-%' and substring(product_id from 7)::int % 3 = 0 and is_default`);
  await db.execute(sql`analyze products`);
  await db.execute(sql`analyze product_variants`);
  await db.execute(sql`analyze search_words`);
}
