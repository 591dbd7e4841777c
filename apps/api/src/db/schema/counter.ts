/** The counter sale 'Shitje në dyqan' (issue 28, decision 044): the sale, its lines, its payment. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';

export const counterSales = pgTable(
  'counter_sales',
  {
    id: serial('id').primaryKey(),
    /** The number of the fiscal receipt the shop's fiscal printer gave (typed in by staff). */
    receiptNo: text('receipt_no').notNull(),
    /** A registered customer (null: walk-in, or a name and phone only). */
    customerUserId: integer('customer_user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name'),
    customerPhone: text('customer_phone'),
    customerEmail: text('customer_email'),
    grossCents: integer('gross_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    vatPercent: integer('vat_percent').notNull().default(18),
    /** Cash kept (the total's cash share), cash handed over, and the change given back. */
    cashCents: integer('cash_cents').notNull().default(0),
    cashGivenCents: integer('cash_given_cents').notNull().default(0),
    changeCents: integer('change_cents').notNull().default(0),
    posCents: integer('pos_cents').notNull().default(0),
    transferCents: integer('transfer_cents').notNull().default(0),
    /** Paid with a gift card (decision 048): the card's ledger names the sale. */
    giftCardCents: integer('gift_card_cents').notNull().default(0),
    /** The till of the sale (decision 051: its close of the day). */
    till: text('till').notNull().default('Arka 1'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Kept in clear so the sale still says who sold after the account is deleted. */
    createdByEmail: text('created_by_email'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('counter_sales_created_idx').on(t.createdAt, t.id),
    index('counter_sales_customer_idx').on(t.customerUserId),
    index('counter_sales_till_idx').on(t.till, t.createdAt),
    check(
      'counter_sales_total_check',
      sql`${t.totalCents} = ${t.grossCents} - ${t.discountCents} and ${t.discountCents} >= 0 and ${t.totalCents} >= 0`,
    ),
    check(
      'counter_sales_payment_check',
      sql`${t.cashCents} >= 0 and ${t.posCents} >= 0 and ${t.transferCents} >= 0 and ${t.giftCardCents} >= 0 and ${t.cashCents} + ${t.posCents} + ${t.transferCents} + ${t.giftCardCents} = ${t.totalCents} and ${t.changeCents} = ${t.cashGivenCents} - ${t.cashCents} and ${t.changeCents} >= 0`,
    ),
  ],
);

export const counterSaleLines = pgTable(
  'counter_sale_lines',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => counterSales.id, { onDelete: 'cascade' }),
    // No foreign key, as order lines: a sale keeps its lines when a product is later deleted.
    productId: text('product_id').notNull(),
    variantId: integer('variant_id'),
    name: text('name').notNull(),
    variantTitle: text('variant_title').notNull().default(''),
    brand: text('brand').notNull().default(''),
    sku: text('sku'),
    /** A serialized line's unit (quantity 1). */
    imei: text('imei'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    /** The warranty's months for a serialized line (12 for phones, or the product's own). */
    warrantyMonths: integer('warranty_months'),
    /** How many of the line came back (returns within 14 days). */
    returnedQuantity: integer('returned_quantity').notNull().default(0),
  },
  (t) => [
    index('counter_sale_lines_sale_idx').on(t.saleId, t.id),
    index('counter_sale_lines_imei_idx').on(t.imei),
    check('counter_sale_lines_qty_check', sql`${t.quantity} > 0 and (${t.imei} is null or ${t.quantity} = 1)`),
    check('counter_sale_lines_returned_check', sql`${t.returnedQuantity} between 0 and ${t.quantity}`),
    check('counter_sale_lines_discount_check', sql`${t.discountCents} >= 0 and ${t.discountCents} <= ${t.unitPriceCents} * ${t.quantity}`),
  ],
);

/** A return of a counter sale's lines (within 14 days, or later with the owner's reason). */
export const counterReturns = pgTable(
  'counter_returns',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => counterSales.id, { onDelete: 'cascade' }),
    /** The lines and how many of each: [{ lineId, quantity }]. */
    lines: jsonb('lines').$type<{ lineId: number; quantity: number }[]>().notNull(),
    /** Back on the shelf (true) or defective (to repair or the supplier). */
    restock: boolean('restock').notNull(),
    refundMethod: text('refund_method').notNull(),
    refundCents: integer('refund_cents').notNull(),
    /** Of the refund, what went back to the sale's gift card (decision 048); the till paid the rest by `refundMethod`. */
    giftCardCents: integer('gift_card_cents').notNull().default(0),
    reason: text('reason').notNull(),
    /** The owner's reason for a return past 14 days. */
    overrideReason: text('override_reason'),
    /** The till the refund was paid from (decision 051). */
    till: text('till').notNull().default('Arka 1'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email'),
    createdAt: createdAt(),
  },
  (t) => [
    index('counter_returns_sale_idx').on(t.saleId, t.id),
    index('counter_returns_created_idx').on(t.createdAt),
    check('counter_returns_method_check', sql`${t.refundMethod} in ('cash', 'pos', 'transfer')`),
    check('counter_returns_refund_check', sql`${t.refundCents} >= 0`),
    check('counter_returns_gift_card_check', sql`${t.giftCardCents} between 0 and ${t.refundCents}`),
  ],
);
