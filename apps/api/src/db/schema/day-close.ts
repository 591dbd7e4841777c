/**
 * Closing the day 'Mbyllja e ditës' and returns of online orders (issue 28, decision 051). A
 * close is a snapshot: a trigger of migration 0027 refuses any UPDATE or DELETE of its row.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DayCloseFigures } from '@shop/shared/domain/day-close';
import { createdAt } from './columns';
import { users } from './accounts';
import { orders } from './orders';

export const dayCloses = pgTable(
  'day_closes',
  {
    id: serial('id').primaryKey(),
    till: text('till').notNull(),
    /** The shop day (Europe/Belgrade) closed. */
    day: date('day', { mode: 'string' }).notNull(),
    openingFloatCents: integer('opening_float_cents').notNull(),
    expectedCashCents: integer('expected_cash_cents').notNull(),
    countedCashCents: integer('counted_cash_cents').notNull(),
    differenceCents: integer('difference_cents').notNull(),
    salesCount: integer('sales_count').notNull(),
    returnsCount: integer('returns_count').notNull(),
    /** Every figure of the report as it was closed. */
    figures: jsonb('figures').$type<DayCloseFigures>().notNull(),
    note: text('note'),
    /** No foreign key: the row is never updated, not even to forget a deleted account (its e-mail stays). */
    closedBy: integer('closed_by'),
    closedByEmail: text('closed_by_email'),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('day_closes_till_day_idx').on(t.till, t.day),
    index('day_closes_closed_idx').on(t.closedAt),
    check('day_closes_difference_check', sql`${t.differenceCents} = ${t.countedCashCents} - ${t.expectedCashCents}`),
    check('day_closes_amounts_check', sql`${t.countedCashCents} >= 0 and ${t.openingFloatCents} >= 0`),
  ],
);

/** A return of a delivered online order's lines (within 14 days of delivery, or later with the owner's reason). */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The lines, how many of each and a phone line's IMEIs: [{ itemId, quantity, imeis }]. */
    lines: jsonb('lines').$type<{ itemId: number; quantity: number; imeis: string[] }[]>().notNull(),
    restock: boolean('restock').notNull(),
    refundMethod: text('refund_method').notNull(),
    refundCents: integer('refund_cents').notNull(),
    /** Of the refund, what went back to the order's gift card (decision 048); the till paid the rest. */
    giftCardCents: integer('gift_card_cents').notNull().default(0),
    /** The till the refund was paid from (it counts in that till's close of the day). */
    till: text('till').notNull(),
    reason: text('reason').notNull(),
    overrideReason: text('override_reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_returns_order_idx').on(t.orderId, t.id),
    index('order_returns_created_idx').on(t.createdAt),
    check('order_returns_method_check', sql`${t.refundMethod} in ('cash', 'pos', 'transfer')`),
    check('order_returns_refund_check', sql`${t.refundCents} >= 0`),
    check('order_returns_gift_card_check', sql`${t.giftCardCents} between 0 and ${t.refundCents}`),
  ],
);
