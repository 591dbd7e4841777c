/** Scheduled sale prices ('Ulje me afat', issue 29, decision 050): one row per variant and span. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { saleOutcomes, saleStates } from '@shop/shared/domain/sale-prices';
import { createdAt, oneOf } from './columns';
import { users } from './accounts';
import { products, productVariants } from './catalogue';

export const salePriceSchedules = pgTable(
  'sale_price_schedules',
  {
    id: serial('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    /** The price and the crossed-out price while the sale runs. */
    salePriceCents: integer('sale_price_cents').notNull(),
    saleOldPriceCents: integer('sale_old_price_cents'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: saleStates }).notNull().default('planned'),
    /** The variant's price and old price when the sale started (put back at its end); null before. */
    regularPriceCents: integer('regular_price_cents'),
    regularOldPriceCents: integer('regular_old_price_cents'),
    /** What the end did (domain/sale-prices saleOutcomes); null while planned or active. */
    outcome: text('outcome', { enum: saleOutcomes }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Kept in clear so the list still says who planned it after the account is deleted. */
    createdByEmail: text('created_by_email'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('sale_price_schedules_variant_idx').on(t.variantId, t.startsAt),
    index('sale_price_schedules_product_idx').on(t.productId, t.startsAt),
    // The job's two claims: planned ones by their start, active ones by their end.
    index('sale_price_schedules_due_start_idx')
      .on(t.startsAt)
      .where(sql`${t.state} = 'planned'`),
    index('sale_price_schedules_due_end_idx')
      .on(t.endsAt)
      .where(sql`${t.state} = 'active'`),
    check('sale_price_schedules_state_check', oneOf(t.state, saleStates)),
    check('sale_price_schedules_outcome_check', sql`${t.outcome} is null or ${oneOf(t.outcome, saleOutcomes)}`),
    check('sale_price_schedules_price_check', sql`${t.salePriceCents} > 0`),
    check('sale_price_schedules_old_price_check', sql`${t.saleOldPriceCents} is null or ${t.saleOldPriceCents} > ${t.salePriceCents}`),
    check('sale_price_schedules_span_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
