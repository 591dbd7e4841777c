/** The sale of a phone by its IMEI, for a repair ticket (issue 28, decision 051): data access only. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export interface ImeiSaleRow {
  kind: 'counter' | 'order';
  id: number;
  receiptNo: string | null;
  at: Date | string;
  customer: string | null;
  priceCents: number;
}

/** The latest sale of an IMEI not returned: a counter line, or a delivered order's line. */
export async function latestSaleOfImei(db: DbOrTx, imei: string): Promise<ImeiSaleRow | undefined> {
  const counter = rowsOf<ImeiSaleRow>(
    await db.execute(sql`
      select 'counter' as "kind", s.id, s.receipt_no as "receiptNo", s.created_at as "at", s.customer_name as "customer",
             (l.unit_price_cents * l.quantity - l.discount_cents)::int as "priceCents"
      from counter_sale_lines l join counter_sales s on s.id = l.sale_id
      where l.imei = ${imei} and l.returned_quantity < l.quantity
      order by s.created_at desc limit 1`),
  );
  const online = rowsOf<ImeiSaleRow>(
    await db.execute(sql`
      select 'order' as "kind", o.id, null as "receiptNo", o.created_at as "at",
             coalesce(o.guest_name, o.customer_name, u.name) as "customer", i.unit_price_cents as "priceCents"
      from order_items i join orders o on o.id = i.order_id left join users u on u.id = o.user_id
      where ${imei} = any(i.imeis) and o.status = 'delivered'
        and not exists (select 1 from order_returns r, jsonb_array_elements(r.lines) x
                        where r.order_id = o.id and x->'imeis' ? ${imei})
      order by o.created_at desc limit 1`),
  );
  const all = [...counter, ...online].sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime());
  return all[0];
}

/** The sheet made from that sale (not voided). */
export async function saleSheetOfImei(db: DbOrTx, kind: 'counter' | 'order', saleId: number, imei: string) {
  const rows = rowsOf<{ id: number; data: string; kohezgjatja: string }>(
    await db.execute(
      kind === 'counter'
        ? sql`select w.id, w.data, w.kohezgjatja from warranty_sheets w join counter_sale_lines l on l.id = w.counter_line_id
              where l.sale_id = ${saleId} and w.imei = ${imei} and w.voided_at is null order by w.id desc limit 1`
        : sql`select w.id, w.data, w.kohezgjatja from warranty_sheets w join order_items i on i.id = w.order_item_id
              where i.order_id = ${saleId} and w.imei = ${imei} and w.voided_at is null order by w.id desc limit 1`,
    ),
  );
  return rows[0];
}
