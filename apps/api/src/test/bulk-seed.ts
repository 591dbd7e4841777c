import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * A shop after a few good years, in one statement per table (generate_series): `n` customers,
 * `n` orders of one line each (spread over the last months, every status), `n` warranty sheets
 * and `n` products. Times are all different, as real ones are. Used by the list-scale test and
 * `npm run bench -- lists` (decision 021). Ends with ANALYZE, so the planner knows the sizes.
 */
export async function seedBulk(db: Db, n: number, tag = 'bulk'): Promise<void> {
  await db.execute(sql`
    insert into users (name, email, phone, role, created_at)
    select 'Klient ' || ${tag} || ' ' || g, ${tag} || '-' || g || '@masive.test', '044 ' || lpad(g::text, 6, '0'), 'user',
           now() - g * interval '11 minutes'
    from generate_series(1, ${n}) g`);
  await db.execute(sql`
    insert into orders (user_id, total_cents, status, fulfilment, customer_name, phone, created_at)
    select u.id, 500 + (g * 7919) % 150000, (array['pending','confirmed','shipped','delivered','cancelled'])[1 + g % 5],
           'pickup', u.name, u.phone, now() - g * interval '13 minutes'
    from generate_series(1, ${n}) g
    join users u on u.email = ${tag} || '-' || (1 + g % ${n}) || '@masive.test'`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, name, unit_price_cents, quantity)
    select o.id, 'iphone-15', 'iPhone 15', o.total_cents, 1
    from orders o join users u on u.id = o.user_id
    where u.email like ${`${tag}-%@masive.test`}`);
  await db.execute(sql`
    insert into warranty_sheets (emri, mbiemri, telefoni, email, marka, modeli, imei, soft_info, kohezgjatja, cmimi_cents, data, lloji_pageses, status, created_at)
    select 'Emri' || g, 'Mbiemri' || ${tag}, '044 ' || lpad(g::text, 6, '0'), '', 'Apple', 'iPhone 15', lpad(g::text, 14, '3'), 'iOS 18',
           '12 muaj', 1000 + g, to_char(now() - g * interval '17 minutes', 'YYYY-MM-DD'), 'Cash', 'printed', now() - g * interval '17 minutes'
    from generate_series(1, ${n}) g`);
  await db.execute(sql`
    insert into products (id, name, description, category, price_cents, images, created_at)
    select ${tag} || '-produkt-' || g, 'Produkt ' || ${tag} || ' ' || g, 'Përshkrim', 'accessory', 100 + (g * 104729) % 200000, '[]'::jsonb,
           now() - g * interval '19 minutes'
    from generate_series(1, ${n}) g`);
  await db.execute(sql`analyze`);
}
