/**
 * Gift cards that are money (issue 29, decision 048): a card (its code's SHA-256 and last 4
 * characters, never the code) and its ledger; the balance is the sum of its entries. The table of
 * other companies' cards shown on the contract's gift-card page is `gift_cards` (catalogue.ts).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { giftCardSources, giftCardStates, giftEntryKinds, giftMarkerKinds } from '@shop/shared/domain/gift-cards';
import { createdAt, oneOf } from './columns';
import { users } from './accounts';
import { orders } from './orders';
import { counterSales } from './counter';

export const storeGiftCards = pgTable(
  'store_gift_cards',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 (hex) of the normalised code: a look-up finds the card, a leak of the table spends nothing. */
    codeHash: text('code_hash').notNull().unique(),
    /** The code's last 4 characters, for staff lists. */
    last4: text('last4').notNull(),
    /** The value it was issued with (its first ledger entry). */
    valueCents: integer('value_cents').notNull(),
    source: text('source', { enum: giftCardSources }).notNull(),
    /** Decision 052: 'waiting' (an online order's card in the parcel, no value until delivered), 'voided' (cancelled first), else 'active'. */
    state: text('state', { enum: giftCardStates }).notNull().default('active'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    counterSaleId: integer('counter_sale_id').references(() => counterSales.id, { onDelete: 'set null' }),
    /** A card issued by hand: why (a refund as store credit, a prize). */
    reason: text('reason'),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedByEmail: text('issued_by_email'),
    createdAt: createdAt(),
  },
  (t) => [
    index('store_gift_cards_created_idx').on(t.createdAt, t.id),
    index('store_gift_cards_last4_idx').on(t.last4),
    index('store_gift_cards_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    check('store_gift_cards_source_check', oneOf(t.source, giftCardSources)),
    check('store_gift_cards_state_check', oneOf(t.state, giftCardStates)),
    check('store_gift_cards_value_check', sql`${t.valueCents} > 0`),
  ],
);

export const giftCardEntries = pgTable(
  'gift_card_entries',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => storeGiftCards.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: giftEntryKinds }).notNull(),
    /** + into the card (issued, refunded, adjusted up), − out of it (spent, adjusted down). */
    amountCents: integer('amount_cents').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    counterSaleId: integer('counter_sale_id').references(() => counterSales.id, { onDelete: 'set null' }),
    reason: text('reason'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    createdAt: createdAt(),
  },
  (t) => [
    index('gift_card_entries_card_idx').on(t.cardId, t.id),
    index('gift_card_entries_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    index('gift_card_entries_sale_idx')
      .on(t.counterSaleId)
      .where(sql`${t.counterSaleId} is not null`),
    check('gift_card_entries_kind_check', oneOf(t.kind, giftEntryKinds)),
    // Decision 052: the markers ('waiting', 'voided') carry nothing; every other entry moves money.
    check(
      'gift_card_entries_amount_check',
      sql`(${oneOf(t.kind, giftMarkerKinds)} and ${t.amountCents} = 0) or (${t.kind} not in (${sql.raw(giftMarkerKinds.map((v) => `'${v}'`).join(', '))}) and ${t.amountCents} <> 0)`,
    ),
  ],
);
