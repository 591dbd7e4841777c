/** Warranty sheets. */
import { sql } from 'drizzle-orm';
import { paymentTypes, warrantyStatuses } from '@shop/shared/domain/warranty';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { counterSaleLines } from './counter';
import { orderItems } from './orders';

export const warrantySheets = pgTable(
  'warranty_sheets',
  {
    id: serial('id').primaryKey(),
    emri: text('emri').notNull().default(''),
    mbiemri: text('mbiemri').notNull().default(''),
    telefoni: text('telefoni').notNull().default(''),
    email: text('email').notNull().default(''),
    marka: text('marka').notNull().default(''),
    modeli: text('modeli').notNull().default(''),
    imei: text('imei').notNull().default(''),
    softInfo: text('soft_info').notNull().default(''),
    kohezgjatja: text('kohezgjatja').notNull().default(''),
    cmimiCents: integer('cmimi_cents'),
    data: text('data').notNull(),
    komente: text('komente').notNull().default(''),
    llojiPageses: text('lloji_pageses', { enum: paymentTypes }).notNull().default('Cash'),
    status: text('status', { enum: warrantyStatuses }).notNull().default('draft'),
    /** The counter sale's line the sheet was made from (decision 044); null for a sheet written by hand. */
    counterLineId: integer('counter_line_id').references(() => counterSaleLines.id, { onDelete: 'set null' }),
    /** The online order's line the sheet was made from when the order was delivered (decision 044). */
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    /** Set when the phone came back (a return): the sheet no longer covers it. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('warranty_created_idx').on(t.createdAt),
    // The admin's paged list sorts by these, and the export takes a range of `data` (decision 021).
    index('warranty_name_lower_idx').on(sql`lower(${t.emri})`, sql`lower(${t.mbiemri})`, t.id),
    index('warranty_price_idx').on(t.cmimiCents, t.id),
    index('warranty_data_idx').on(t.data, t.id),
    index('warranty_counter_line_idx').on(t.counterLineId),
    index('warranty_order_item_idx').on(t.orderItemId),
  ],
);
