/** The counter sale 'Shitje në dyqan' (issue 28, decision 044): data access only. */
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { counterReturns, counterSaleLines, counterSales, products, productVariants, stockUnits, users, warrantySheets } from '../db/schema';
import { variantTitleSql } from './products';

const variantColumns = {
  variantId: productVariants.id,
  productId: productVariants.productId,
  name: products.name,
  brand: products.brand,
  category: products.category,
  specs: products.specs,
  sku: productVariants.sku,
  barcode: productVariants.barcode,
  priceCents: productVariants.priceCents,
  stock: productVariants.stock,
  serialized: productVariants.serialized,
  variantTitle: variantTitleSql(productVariants.id),
};
export type SaleVariantRow = Awaited<ReturnType<typeof variantsByIds>>[number];

/** The variants a sale names, with their products (prices come from here, never from the client). */
export async function variantsByIds(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select(variantColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, [...ids]));
}

/** Variants whose SKU or barcode is exactly `code` (a scanned EAN or a typed SKU). */
export async function variantsByCode(db: DbOrTx, code: string) {
  return db
    .select(variantColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(or(sql`lower(${productVariants.sku}) = lower(${code})`, eq(productVariants.barcode, code)))
    .orderBy(asc(productVariants.id))
    .limit(8);
}

/** Variants whose product's name or brand holds the text (at most 8). */
export async function variantsByName(db: DbOrTx, text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select(variantColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(or(ilike(products.name, pattern), ilike(sql`${products.brand} || ' ' || ${products.name}`, pattern)))
    .orderBy(asc(products.name), asc(productVariants.position))
    .limit(8);
}

/** The unit of an IMEI (any status) and its variant. */
export async function unitByImei(db: DbOrTx, imei: string) {
  const [row] = await db
    .select({ id: stockUnits.id, imei: stockUnits.imei, variantId: stockUnits.variantId, status: stockUnits.status })
    .from(stockUnits)
    .where(eq(stockUnits.imei, imei));
  return row;
}

/**
 * Takes `quantity` from a variant's stock only while it has that many (decision 040's invariant):
 * a variant whose stock is not tracked (null) is always sellable. Answers whether it was taken:
 * of an online order and a sale racing for the last one, the second finds no row.
 */
export async function takeStock(tx: DbOrTx, variantId: number, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(productVariants)
    .set({
      stock: sql`case when ${productVariants.stock} is null then null else ${productVariants.stock} - ${quantity}::int end`,
      updatedAt: new Date(),
    })
    .where(and(eq(productVariants.id, variantId), sql`(${productVariants.stock} is null or ${productVariants.stock} >= ${quantity}::int)`))
    .returning({ id: productVariants.id });
  return rows.length > 0;
}

/** Sells the unit of `imei` of `variantId` on a counter line, only while it is in stock. */
export async function sellUnitAtCounter(tx: DbOrTx, input: { imei: string; variantId: number; lineId: number }): Promise<boolean> {
  const rows = await tx
    .update(stockUnits)
    .set({ status: 'sold', counterLineId: input.lineId, updatedAt: new Date() })
    .where(and(eq(stockUnits.imei, input.imei), eq(stockUnits.variantId, input.variantId), eq(stockUnits.status, 'in_stock')))
    .returning({ id: stockUnits.id });
  return rows.length > 0;
}

export type NewSale = typeof counterSales.$inferInsert;
export type NewSaleLine = Omit<typeof counterSaleLines.$inferInsert, 'saleId'>;

export async function insertSale(tx: DbOrTx, sale: NewSale): Promise<number> {
  const [row] = await tx.insert(counterSales).values(sale).returning({ id: counterSales.id });
  return row!.id;
}

export async function insertSaleLines(tx: DbOrTx, saleId: number, lines: readonly NewSaleLine[]) {
  return tx
    .insert(counterSaleLines)
    .values(lines.map((l) => ({ ...l, saleId })))
    .returning({ id: counterSaleLines.id });
}

export async function saleById(db: DbOrTx, id: number) {
  const [sale] = await db.select().from(counterSales).where(eq(counterSales.id, id));
  if (!sale) return undefined;
  const lines = await db.select().from(counterSaleLines).where(eq(counterSaleLines.saleId, id)).orderBy(asc(counterSaleLines.id));
  const sheets =
    lines.length === 0
      ? []
      : await db
          .select()
          .from(warrantySheets)
          .where(
            inArray(
              warrantySheets.counterLineId,
              lines.map((l) => l.id),
            ),
          )
          .orderBy(asc(warrantySheets.id));
  const returns = await db.select().from(counterReturns).where(eq(counterReturns.saleId, id)).orderBy(asc(counterReturns.id));
  return { sale, lines, sheets, returns };
}

export type NewSaleSheet = Omit<typeof warrantySheets.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The warranty sheets a sale's phones carry, already filled and final ('printed'): answers their rows. */
export async function insertSaleSheets(tx: DbOrTx, sheets: readonly NewSaleSheet[]) {
  if (sheets.length === 0) return [];
  return tx
    .insert(warrantySheets)
    .values([...sheets])
    .returning();
}

/** The newest sales (at most 100), searched by receipt number, customer or IMEI. */
export async function listSales(db: DbOrTx, q: string | undefined) {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select({
      id: counterSales.id,
      receiptNo: counterSales.receiptNo,
      createdAt: counterSales.createdAt,
      seller: counterSales.createdByEmail,
      customerName: counterSales.customerName,
      totalCents: counterSales.totalCents,
      lines: sql<number>`(select count(*)::int from counter_sale_lines l where l.sale_id = ${counterSales.id})`,
    })
    .from(counterSales)
    .where(
      pattern
        ? or(
            ilike(counterSales.receiptNo, pattern),
            ilike(counterSales.customerName, pattern),
            ilike(counterSales.customerPhone, pattern),
            sql`exists (select 1 from counter_sale_lines l where l.sale_id = ${counterSales.id} and l.imei like ${pattern})`,
          )
        : undefined,
    )
    .orderBy(desc(counterSales.createdAt), desc(counterSales.id))
    .limit(100);
}

/** Registered customers by phone digits or e-mail (at most 8; blocked accounts too: they still buy in the shop). */
export async function searchCustomers(db: DbOrTx, q: string) {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = q.replace(/\D/g, '');
  return db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(
      or(
        ilike(users.email, pattern),
        digits.length >= 3 ? sql`regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}` : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(8);
}

export async function customerById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/**
 * A delivered order's serialized lines with their IMEIs that have no warranty sheet yet, with what
 * a sheet needs: the product's brand and specs (the product may be gone: then none), the price, the
 * order's recipient, phone, e-mail (the guest's or the account's) and payment method.
 */
export async function orderLinesForSheets(db: DbOrTx, orderId: number) {
  const rows = await db.execute(sql`
    select i.id as "line", i.name, coalesce(i.variant_title, '') as "variantTitle", i.imeis, i.unit_price_cents as "unitPriceCents",
           coalesce(p.brand, '') as "brand", coalesce(p.specs, '{}'::jsonb) as "specs",
           coalesce(o.guest_name, o.customer_name, u.name, '') as "customerName",
           coalesce(o.guest_phone, o.phone, u.phone, '') as "phone",
           coalesce(o.guest_email, u.email, '') as "email",
           o.payment_method as "paymentMethod"
    from order_items i
    join orders o on o.id = i.order_id
    left join users u on u.id = o.user_id
    left join products p on lower(p.id) = lower(i.product_id)
    where i.order_id = ${orderId} and cardinality(i.imeis) > 0
      and not exists (select 1 from warranty_sheets w where w.order_item_id = i.id)
    order by i.id`);
  return (rows as unknown as { rows: OrderSheetSource[] }).rows;
}
export interface OrderSheetSource {
  line: number;
  name: string;
  variantTitle: string;
  imeis: string[];
  unitPriceCents: number;
  brand: string;
  specs: Record<string, string>;
  customerName: string;
  phone: string;
  email: string;
  paymentMethod: string;
}

/** A sale's row locked for a return (two returns of the same sale take turns). */
export async function lockSale(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(counterSales).where(eq(counterSales.id, id)).for('update');
  return row;
}

/** Counts `quantity` of a line as returned, only while that many are left to return. */
export async function markLineReturned(tx: DbOrTx, lineId: number, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(counterSaleLines)
    .set({ returnedQuantity: sql`${counterSaleLines.returnedQuantity} + ${quantity}::int` })
    .where(
      and(eq(counterSaleLines.id, lineId), sql`${counterSaleLines.returnedQuantity} + ${quantity}::int <= ${counterSaleLines.quantity}`),
    )
    .returning({ id: counterSaleLines.id });
  return rows.length > 0;
}

/** Puts `quantity` back on a variant's shelf (a variant whose stock is not tracked stays so). */
export async function restoreStock(tx: DbOrTx, variantId: number, quantity: number): Promise<void> {
  await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${quantity}::int`, updatedAt: new Date() })
    .where(and(eq(productVariants.id, variantId), sql`${productVariants.stock} is not null`));
}

/** A sold unit of a counter line comes back: in stock again (restock) or 'returned' (defective). */
export async function returnCounterUnit(tx: DbOrTx, lineId: number, restock: boolean): Promise<boolean> {
  const rows = await tx
    .update(stockUnits)
    .set(restock ? { status: 'in_stock', counterLineId: null, updatedAt: new Date() } : { status: 'returned', updatedAt: new Date() })
    .where(and(eq(stockUnits.counterLineId, lineId), eq(stockUnits.status, 'sold')))
    .returning({ id: stockUnits.id });
  return rows.length > 0;
}

/** The line's warranty sheet no longer covers the phone: voided, and its comments say why. */
export async function voidLineSheets(tx: DbOrTx, lineId: number, note: string): Promise<void> {
  await tx
    .update(warrantySheets)
    .set({ voidedAt: new Date(), komente: sql`${warrantySheets.komente} || ${` · ${note}`}`, updatedAt: sql`now()` })
    .where(and(eq(warrantySheets.counterLineId, lineId), sql`${warrantySheets.voidedAt} is null`));
}

export async function insertReturn(tx: DbOrTx, row: typeof counterReturns.$inferInsert): Promise<number> {
  const [r] = await tx.insert(counterReturns).values(row).returning({ id: counterReturns.id });
  return r!.id;
}

export async function saleReturns(db: DbOrTx, saleId: number) {
  return db.select().from(counterReturns).where(eq(counterReturns.saleId, saleId)).orderBy(asc(counterReturns.id));
}
