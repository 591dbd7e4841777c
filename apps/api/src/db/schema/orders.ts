/** Orders: the order, its lines, its status history and the kept answers of Idempotency-Key. */
import { sql } from 'drizzle-orm';
import { fulfilments, orderStatuses, paymentMethods } from '@shop/shared/domain/orders';
import { orderChannels } from '@shop/shared/domain/order-channels';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf, createdAt } from './columns';
import { users } from './accounts';
import { discountCodes } from './discounts';

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the customer pays: the lines plus the delivery fee. */
    totalCents: integer('total_cents').notNull(),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    fulfilment: text('fulfilment', { enum: fulfilments }).notNull().default('pickup'),
    paymentMethod: text('payment_method', { enum: paymentMethods }).notNull().default('cash'),
    deliveryFeeCents: integer('delivery_fee_cents').notNull().default(0),
    /** VAT contained in the prices when the order was placed, in percent (the printed papers show it). */
    vatPercent: integer('vat_percent').notNull().default(18),
    /** The recipient (delivery) or the account's name at the time (pickup); searched by staff. */
    customerName: text('customer_name'),
    phone: text('phone'),
    /** Delivery only: municipality and street address. */
    city: text('city'),
    address: text('address'),
    note: text('note'),
    /**
     * A guest order (decision 042): the e-mail its mails go to, and the SHA-256 of the secret of
     * its link (the link itself is never stored). Null for an account's order; an order attached
     * to an account once its e-mail is verified keeps them (the link still opens it).
     */
    guestEmail: text('guest_email'),
    /** The guest's own name (the delivery's recipient may be someone else). */
    guestName: text('guest_name'),
    /** The guest's contact phone in its international writing ('+41 79 123 45 67'; Kosovo's '+383 44 123 456'), domain/phone.ts. */
    guestPhone: text('guest_phone'),
    guestTokenHash: text('guest_token_hash'),
    /** A bank-transfer order (decision 043): when staff marked the money received. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A cash order on delivery: when staff marked the courier's cash received ('Para të pranuara'). */
    cashReceivedAt: timestamp('cash_received_at', { withTimezone: true }),
    /** Set when staff send the order: the courier's name, the tracking number and its page as it was then. */
    courier: text('courier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    /** Where the order came from (decision 047): 'web', or the chat staff turned into it. */
    channel: text('channel', { enum: orderChannels }).notNull().default('web'),
    /** Issue 29 (decision 049): what the discount code took off (total = lines + fee - discount), the code and its text. */
    discountCents: integer('discount_cents').notNull().default(0),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    discountCode: text('discount_code'),
    /** Paid with a gift card (decision 048): part of the total, not a discount; the rest is paid as chosen. */
    giftCardCents: integer('gift_card_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('orders_guest_token_idx').on(t.guestTokenHash),
    // The guests' open orders by e-mail (their limits) and the orders an account takes over.
    index('orders_guest_email_idx')
      .on(sql`lower(${t.guestEmail})`)
      .where(sql`${t.guestEmail} is not null`),
    index('orders_created_idx').on(t.createdAt),
    // The job that cancels unpaid transfer orders after the days set (decision 043) reads only these.
    index('orders_unpaid_transfer_idx')
      .on(t.createdAt)
      .where(sql`${t.paymentMethod} = 'transfer' and ${t.paidAt} is null and ${t.status} in ('pending', 'confirmed')`),
    index('orders_status_idx').on(t.status, t.createdAt),
    // The admin's list sorted by total (decision 021).
    index('orders_total_idx').on(t.totalCents, t.id),
    check('orders_status_check', oneOf(t.status, orderStatuses)),
    check('orders_fulfilment_check', oneOf(t.fulfilment, fulfilments)),
    check('orders_payment_method_check', oneOf(t.paymentMethod, paymentMethods)),
    check('orders_channel_check', oneOf(t.channel, orderChannels)),
    check('orders_delivery_fee_check', sql`${t.deliveryFeeCents} >= 0`),
    check('orders_discount_check', sql`${t.discountCents} >= 0`),
    // A code's uses (its limits, its list of orders).
    index('orders_discount_code_idx')
      .on(t.discountCodeId, t.createdAt)
      .where(sql`${t.discountCodeId} is not null`),
    check('orders_gift_card_check', sql`${t.giftCardCents} >= 0 and ${t.giftCardCents} <= ${t.totalCents}`),
  ],
);

/** Every status an order has been in: who moved it (null: the customer, or an account since deleted) and when. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null for the first entry: the order was placed. */
    fromStatus: text('from_status', { enum: orderStatuses }),
    toStatus: text('to_status', { enum: orderStatuses }).notNull(),
    /** 'customer' or 'staff'. */
    actorType: text('actor_type', { enum: ['customer', 'staff'] }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept in clear so the entry still says who after the account is deleted. */
    actorEmail: text('actor_email'),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.id)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // No foreign key: an order keeps its lines when a product is later deleted.
    productId: text('product_id').notNull(),
    name: text('name').notNull(),
    /**
     * The variant sold (decision 039), kept as it was when ordered: its id (no foreign key, as the
     * product's), its option values ('Titanium i zi / 512 GB'; '' for a product without options)
     * and its SKU. Null on lines placed before variants.
     */
    variantId: integer('variant_id'),
    variantTitle: text('variant_title'),
    sku: text('sku'),
    /** The IMEIs of the units that went to this line (decision 040), picked by staff at confirmation or hand-over. */
    imeis: text('imeis')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** How many of the line came back (returns of a delivered order, decision 051). */
    returnedQuantity: integer('returned_quantity').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_qty_check', sql`${t.quantity} > 0`),
    check('order_items_returned_check', sql`${t.returnedQuantity} between 0 and ${t.quantity}`),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
