/** Discount codes (issue 29, decision 049). A code's uses are the orders that name it (orders.discount_code_id). */
import { sql } from 'drizzle-orm';
import { discountKinds } from '@shop/shared/domain/discounts';
import { boolean, check, date, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf, createdAt } from './columns';

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    /** Normalised upper-case (domain/discounts normaliseDiscountCode); unique. */
    code: text('code').notNull(),
    /** What the checkout shows beside the discount ('Black Friday: -10% për telefonat Samsung'). */
    name: text('name').notNull().default(''),
    kind: text('kind', { enum: discountKinds }).notNull(),
    /** 'percent': 1-100; 'amount': cents; 'free-delivery': 0. */
    value: integer('value').notNull(),
    /** The shop's days (Europe/Belgrade) it is valid, both included; null: no bound. */
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    brands: text('brands')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productIds: text('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Null: no limit. Counted over the orders naming the code that are not cancelled. */
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    paused: boolean('paused').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_idx').on(t.code),
    check('discount_codes_kind_check', oneOf(t.kind, discountKinds)),
    check(
      'discount_codes_value_check',
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and 100) or (${t.kind} = 'amount' and ${t.value} > 0) or (${t.kind} = 'free-delivery' and ${t.value} = 0)`,
    ),
    check('discount_codes_dates_check', sql`${t.validFrom} is null or ${t.validTo} is null or ${t.validFrom} <= ${t.validTo}`),
    check('discount_codes_min_check', sql`${t.minSubtotalCents} >= 0`),
    check('discount_codes_limits_check', sql`coalesce(${t.maxUses}, 1) > 0 and coalesce(${t.maxUsesPerCustomer}, 1) > 0`),
  ],
);
