/** Phones as units (issue 28, decision 040): one row per IMEI, its variant and its life. */
import { sql } from 'drizzle-orm';
import { unitStatuses } from '@shop/shared/domain/units';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf } from './columns';
import { users } from './accounts';
import { orderItems } from './orders';
import { counterSaleLines } from './counter';

export const stockUnits = pgTable(
  'stock_units',
  {
    id: serial('id').primaryKey(),
    /** 15 digits with the Luhn check, or 14 of old data (domain/units imeiProblem); unique over every unit ever received. */
    imei: text('imei').notNull(),
    // No foreign key, as order lines: a unit keeps its IMEI and history when a product is deleted.
    variantId: integer('variant_id').notNull(),
    status: text('status', { enum: unitStatuses }).notNull().default('in_stock'),
    supplier: text('supplier'),
    purchasePriceCents: integer('purchase_price_cents'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
    /** The order line it went to (reserved or sold online); null while in stock. */
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    /** The counter sale's line it was sold on (decision 044); null otherwise. */
    counterLineId: integer('counter_line_id').references(() => counterSaleLines.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_units_imei_idx').on(t.imei),
    index('stock_units_variant_idx').on(t.variantId, t.status, t.id),
    index('stock_units_order_item_idx').on(t.orderItemId),
    check('stock_units_status_check', oneOf(t.status, unitStatuses)),
    check('stock_units_imei_check', sql`${t.imei} ~ '^[0-9]{14,15}$'`),
    check('stock_units_price_check', sql`${t.purchasePriceCents} is null or ${t.purchasePriceCents} >= 0`),
    check('stock_units_supplier_check', sql`${t.supplier} is null or char_length(${t.supplier}) between 1 and 120`),
    // A unit reserved for an order names its line.
    check('stock_units_reserved_check', sql`${t.status} <> 'reserved' or ${t.orderItemId} is not null`),
  ],
);
