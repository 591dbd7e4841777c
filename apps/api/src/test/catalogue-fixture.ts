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

/** The colours the fixture's variants come in (two per product). */
const colours = ['Titanium i zi', 'Titanium i bardhë', 'Blu e errët', 'Gri', 'E kuqe', 'Natyral', 'E gjelbër'];

/**
 * Options and variants for a quarter of the made-up products (decision 039): each smartphone
 * (every fifth product) gets 'Ngjyra' × 'Memoria' and every fourth watch 'Ngjyra' × 'Madhësia',
 * two values each, so 4 variants: its default (the first colour and its own size) and 3 more, the
 * second size 100 euros dearer; some sold out, some not tracked. With 10,000 products: 2,500
 * products, 10,000 variants. In bulk, a statement per table.
 */
async function insertScaleVariants(db: DbOrTx): Promise<void> {
  const picked = sql`(select id, substring(id from 7)::int as n from products
    where id like 'scale-%' and (substring(id from 7)::int % 5 = 0 or substring(id from 7)::int % 20 = 3))`;
  await db.execute(sql`
    insert into product_options (product_id, position, name)
    select id, 0, 'Ngjyra' from ${picked} p
    union all select id, 1, case when n % 5 = 0 then 'Memoria' else 'Madhësia' end from ${picked} p`);
  const colourList = sql.raw(`array[${colours.map((c) => `'${c}'`).join(', ')}]`);
  const sizes = sql.raw(`array[${storages.map((gb) => `'${gb >= 1024 ? `${gb / 1024} TB` : `${gb} GB`}'`).join(', ')}]`);
  // Each option's two values: the colours n and n + 3 of the list; two neighbouring sizes (64 GB to 1 TB).
  await db.execute(sql`
    insert into product_option_values (option_id, position, value)
    select o.id, v.position, v.value
    from product_options o
    join ${picked} p on p.id = o.product_id
    cross join lateral (values
      (0, case when o.position = 0 then (${colourList})[1 + p.n % 7]
        when p.n % 5 = 0 then (${sizes})[1 + (p.n / 5) % 5] else '41 mm' end),
      (1, case when o.position = 0 then (${colourList})[1 + (p.n + 3) % 7]
        when p.n % 5 = 0 then (${sizes})[1 + (p.n / 5 + 1) % 5] else '45 mm' end)
    ) as v(position, value)`);
  // The combinations (a, b) in order; the default variant (0, 0) is the trigger's, the others new.
  await db.execute(sql`
    insert into product_variants (product_id, position, is_default, combination, sku, price_cents, stock)
    select p.id, c.a * 2 + c.b, false, 'new-' || (c.a * 2 + c.b), upper(p.id) || '-' || (c.a * 2 + c.b + 1), pr.price_cents + c.b * 10000,
      case when (p.n + c.a + c.b) % 4 = 0 then 0 when (p.n + c.a) % 3 = 0 then null else 1 + (p.n + c.b) % 9 end
    from ${picked} p
    join products pr on pr.id = p.id
    cross join (values (0, 1), (1, 0), (1, 1)) as c(a, b)`);
  await db.execute(sql`
    insert into product_variant_values (variant_id, option_id, value_id)
    select pv.id, o.id, ov.id
    from product_variants pv
    join ${picked} p on p.id = pv.product_id
    join product_options o on o.product_id = pv.product_id
    join product_option_values ov on ov.option_id = o.id
      and ov.position = case when o.position = 0 then pv.position / 2 else pv.position % 2 end`);
  await db.execute(sql`
    update product_variants pv set combination = (
      select string_agg(vv.value_id::text, '-' order by o.position)
      from product_variant_values vv join product_options o on o.id = vv.option_id
      where vv.variant_id = pv.id)
    where pv.product_id in (select id from ${picked} p)`);
}

/**
 * `count` made-up products for the scale test and the bench (decision 022): phones, cases,
 * earbuds, watches and chargers of ten brands, with storage, prices from 12 to about 1,800 euros,
 * creation times a millisecond apart after the seed's and a stock for every third (some sold out);
 * a quarter of them with options and 4 variants each (insertScaleVariants). Bulk inserts of 1,000
 * rows, ids `scale-<n>`.
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
  await insertScaleVariants(db);
  await db.execute(sql`analyze products`);
  await db.execute(sql`analyze product_variants`);
  await db.execute(sql`analyze product_options`);
  await db.execute(sql`analyze product_option_values`);
  await db.execute(sql`analyze product_variant_values`);
  await db.execute(sql`analyze search_words`);
  await db.execute(sql`analyze product_facets`);
}
