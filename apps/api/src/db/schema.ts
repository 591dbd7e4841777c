import { sql } from 'drizzle-orm';
import { roles } from '@shop/shared/domain/accounts';
import { categories, collections } from '@shop/shared/domain/catalogue';
import { REVIEW_MAX_RATING, REVIEW_MIN_RATING, REVIEW_TEXT_MAX } from '@shop/shared/domain/reviews';
import { fulfilments, orderStatuses, paymentMethods } from '@shop/shared/domain/orders';
import type { DeliveryDetails } from '@shop/shared/schemas/order';
import { paymentTypes, warrantyStatuses } from '@shop/shared/domain/warranty';
import {
  isFinalRepairStatus,
  repairPaymentTypes,
  repairStatuses,
  REPAIR_WARRANTY_MAX_MONTHS,
  type RepairAccessory,
  type RepairCondition,
} from '@shop/shared/domain/repairs';
import { photoFormats } from '@shop/shared/domain/photos';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A CHECK that a text column holds one of a domain enum's values: `role in ('user', 'admin')`. */
const oneOf = (column: unknown, values: readonly string[]) => sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

/** PostgreSQL's full-text document type (read by SQL only: the API never selects it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A product's search document (decision 022): name and brand weigh most, then its type
 * ('Lloji'), then the description; every text folded by shop_fold (lower case, accents off with
 * unaccent), the function and the extensions are made by migration 0009.
 */
const productSearchVector = sql`setweight(to_tsvector('simple', shop_fold(name)), 'A') || setweight(to_tsvector('simple', shop_fold(brand)), 'A') || setweight(to_tsvector('simple', shop_fold(coalesce(specs ->> 'Lloji', ''))), 'B') || setweight(to_tsvector('simple', shop_fold(description)), 'C')`;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    role: text('role', { enum: roles }).notNull().default('user'),
    blocked: boolean('blocked').notNull().default(false),
    /** The owner proved the address (a link from the verification mail, or Google's email_verified). */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Admin two-factor: the TOTP secret, set at setup; enabled only once a code proved it. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted, so a code is never accepted twice (replay). */
    totpLastStep: integer('totp_last_step'),
    /** Wrong second-factor codes in a row, counted for the account from every IP (issue 24). */
    totpFailures: integer('totp_failures').notNull().default(0),
    /** No second-factor code is checked before this moment; the pause grows with the failures. */
    totpPausedUntil: timestamp('totp_paused_until', { withTimezone: true }),
    /** Hashes of the unused one-time recovery codes. */
    recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
    /** The last home delivery's details, offered again at checkout and kept on the profile. */
    delivery: jsonb('delivery').$type<DeliveryDetails>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_idx').on(t.googleSub),
    // The admin's paged list sorts by these (decision 021).
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_name_lower_idx').on(sql`lower(${t.name})`, t.id),
    check('users_role_check', oneOf(t.role, roles)),
  ],
);

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category', { enum: categories }).notNull(),
    collection: text('collection', { enum: collections }),
    brand: text('brand').notNull().default(''),
    sku: text('sku'),
    priceCents: integer('price_cents').notNull(),
    oldPriceCents: integer('old_price_cents'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /**
     * The average of the visible reviews and their count, kept by the trigger of migration 0008
     * on product_reviews (decision 023); 0 and 0 while a product has none.
     */
    rating: doublePrecision('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    specs: jsonb('specs').$type<Record<string, string>>().notNull().default({}),
    homePosition: integer('home_position'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The storage facet, in GB (domain/catalogue-browse storageGb of the name and specs); null: none. */
    storageGb: integer('storage_gb'),
    /** Written by PostgreSQL from the columns above (decision 022). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(productSearchVector),
  },
  (t) => [
    uniqueIndex('products_id_lower_idx').on(sql`lower(${t.id})`),
    index('products_collection_idx').on(t.collection),
    // The admin's paged list sorts by these (decision 021).
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_name_lower_idx').on(sql`lower(${t.name})`, t.id),
    index('products_price_idx').on(t.priceCents, t.id),
    // The catalogue's pages (decision 022): search, the sorts (each ending in the id, as the
    // queries order; price and name use the admin list's indexes above), and the brand and storage facets.
    // fastupdate off: products change rarely, and without autovacuum (PGlite) a pending list
    // would grow and make the planner read the table instead of the index.
    index('products_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('products_featured_idx').on(t.homePosition.asc().nullsLast(), t.collection, t.createdAt, t.id),
    index('products_newest_idx').on(t.createdAt.desc(), t.id),
    index('products_brand_idx').on(sql`lower(${t.brand})`),
    index('products_storage_idx').on(t.storageGb),
    check('products_price_check', sql`${t.priceCents} >= 0`),
    check('products_rating_check', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
  ],
);

/**
 * Every word of the products' search documents (decision 022), kept by triggers on products
 * (migration 0009): a search word the catalogue does not know is looked up here by trigram
 * similarity ('samsng' -> 'samsung'), then searched as the words it resembles.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')).with({ fastupdate: false }),
]);

export const giftCards = pgTable('gift_cards', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  image: text('image').notNull(),
  position: integer('position').notNull().default(0),
});

export const blogPosts = pgTable('blog_posts', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  date: text('date').notNull(),
  excerpt: text('excerpt').notNull(),
  image: text('image').notNull(),
  content: text('content').notNull(),
});

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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    // The admin's list sorted by total (decision 021).
    index('orders_total_idx').on(t.totalCents, t.id),
    check('orders_status_check', oneOf(t.status, orderStatuses)),
    check('orders_fulfilment_check', oneOf(t.fulfilment, fulfilments)),
    check('orders_payment_method_check', oneOf(t.paymentMethod, paymentMethods)),
    check('orders_delivery_fee_check', sql`${t.deliveryFeeCents} >= 0`),
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

/**
 * Units on the shelf per product; a product without a row is unlimited (gift cards, decision 015).
 * Kept apart from products so an order's stock update does not reach the product cache, except
 * when the shoppers' view changes (the trigger of migration 0004).
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: text('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    quantity: integer('quantity').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('product_stock_quantity_check', sql`${t.quantity} >= 0`), index('product_stock_low_idx').on(t.quantity)],
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
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), check('order_items_qty_check', sql`${t.quantity} > 0`)],
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
  ],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_email_lower_idx').on(sql`lower(${t.email})`),
    // The export takes a range of days (decision 021).
    index('newsletter_created_idx').on(t.createdAt, t.id),
  ],
);

/** Small key/value store: the generated JWT secret, the seed version. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Sessions: one row per sign-in; the token names its row (`sid`), and a request is authenticated
 * only while the row exists and has not expired. Logging out deletes the row; password change or
 * reset, block, role change and 'log out everywhere' delete all of a user's rows.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the session passed the admin's second factor. */
    twoFactorAt: timestamp('two_factor_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const userTokenPurposes = ['verify-email', 'reset-password'] as const;

/** Single-use links sent by mail: only the SHA-256 of the token is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: userTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_idx').on(t.tokenHash),
    index('user_tokens_user_idx').on(t.userId, t.purpose),
    check('user_tokens_purpose_check', oneOf(t.purpose, userTokenPurposes)),
  ],
);

export const mailStatuses = ['pending', 'sent', 'failed'] as const;

/**
 * The mail outbox: every e-mail is a row written in the transaction of the change that causes it;
 * the sender delivers pending rows (with retries and backoff) and marks them sent or failed.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /**
     * What staff see in 'E-mailet' when the mail carries a secret (a reset or verification link):
     * the same mail with the link masked. Null when the mail carries none (issue 24).
     */
    staffText: text('staff_text'),
    staffHtml: text('staff_html'),
    status: text('status', { enum: mailStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_idx').on(t.createdAt),
    check('mail_outbox_status_check', oneOf(t.status, mailStatuses)),
  ],
);

/** What admins did: who, when, which kind of action on what, and the record before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept in clear so the entry still says who after the admin's account is deleted. */
    actorEmail: text('actor_email').notNull(),
    kind: text('kind').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_kind_idx').on(t.kind, t.createdAt),
  ],
);

/** The statuses a ticket is closed in (delivered, cancelled, unrepaired): its PIN is gone by then. */
const finalRepairStatuses = repairStatuses.filter(isFinalRepairStatus);

/**
 * A phone left at the repair counter (issue 16): the customer, the device, the fault and its
 * condition at intake, the estimate and deposit, and where it stands. `code` is what the receipt
 * and the tracking page show (never the id); `pin_cipher` is the device's PIN sealed with
 * AES-256-GCM (decision 018), removed in the transaction that closes the ticket.
 */
export const repairTickets = pgTable(
  'repair_tickets',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    status: text('status', { enum: repairStatuses }).notNull().default('received'),
    /** A registered customer, when the ticket was opened for one. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerEmail: text('customer_email').notNull().default(''),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    imei: text('imei').notNull(),
    colour: text('colour').notNull().default(''),
    fault: text('fault').notNull(),
    conditions: jsonb('conditions').$type<RepairCondition[]>().notNull().default([]),
    conditionNotes: text('condition_notes').notNull().default(''),
    accessories: jsonb('accessories').$type<RepairAccessory[]>().notNull().default([]),
    pinCipher: text('pin_cipher'),
    /** The pattern lock, sealed like the PIN and removed with it at closing (issue 26). */
    patternCipher: text('pattern_cipher'),
    estimateCents: integer('estimate_cents'),
    depositCents: integer('deposit_cents').notNull().default(0),
    technician: text('technician').notNull().default(''),
    /** Opened from a warranty sheet while its period ran: priced at zero. */
    warranty: boolean('warranty').notNull().default(false),
    warrantySheetId: integer('warranty_sheet_id').references(() => warrantySheets.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it reached a final status. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Recorded at hand-over ('delivered', issue 26): the final price, how it was paid, the repair's own warranty. */
    finalPriceCents: integer('final_price_cents'),
    paymentMethod: text('payment_method', { enum: repairPaymentTypes }),
    warrantyMonths: integer('warranty_months'),
    warrantyNote: text('warranty_note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('repair_tickets_code_idx').on(t.code),
    index('repair_tickets_status_idx').on(t.status, t.createdAt),
    index('repair_tickets_created_idx').on(t.createdAt),
    index('repair_tickets_imei_idx').on(t.imei),
    index('repair_tickets_sheet_idx').on(t.warrantySheetId),
    check('repair_tickets_status_check', oneOf(t.status, repairStatuses)),
    check('repair_tickets_estimate_check', sql`${t.estimateCents} is null or ${t.estimateCents} >= 0`),
    check('repair_tickets_deposit_check', sql`${t.depositCents} >= 0`),
    check('repair_tickets_warranty_free_check', sql`not ${t.warranty} or ${t.estimateCents} = 0`),
    check(
      'repair_tickets_closed_pin_check',
      sql`${t.pinCipher} is null or ${t.status} not in (${sql.raw(finalRepairStatuses.map((v) => `'${v}'`).join(', '))})`,
    ),
    check(
      'repair_tickets_closed_pattern_check',
      sql`${t.patternCipher} is null or ${t.status} not in (${sql.raw(finalRepairStatuses.map((v) => `'${v}'`).join(', '))})`,
    ),
    check('repair_tickets_final_price_check', sql`${t.finalPriceCents} is null or ${t.finalPriceCents} >= 0`),
    check('repair_tickets_warranty_final_check', sql`not ${t.warranty} or ${t.finalPriceCents} is null or ${t.finalPriceCents} = 0`),
    check('repair_tickets_payment_check', sql`${t.paymentMethod} is null or ${oneOf(t.paymentMethod, repairPaymentTypes)}`),
    check(
      'repair_tickets_warranty_months_check',
      sql`${t.warrantyMonths} is null or ${t.warrantyMonths} between 0 and ${sql.raw(String(REPAIR_WARRANTY_MAX_MONTHS))}`,
    ),
  ],
);

/** Every status a ticket has been in: who moved it (staff or the customer answering the estimate), when, and the notes. */
export const repairHistory = pgTable(
  'repair_history',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => repairTickets.id, { onDelete: 'cascade' }),
    /** Null for the intake. */
    fromStatus: text('from_status', { enum: repairStatuses }),
    toStatus: text('to_status', { enum: repairStatuses }).notNull(),
    actorType: text('actor_type', { enum: ['staff', 'customer'] }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept in clear so the entry still says who after the account is deleted; null for the customer. */
    actorEmail: text('actor_email'),
    /** For staff only. */
    note: text('note').notNull().default(''),
    /** Shown on the tracking page and in the mail. */
    customerNote: text('customer_note').notNull().default(''),
    /** The estimate sent, the amount approved or the final price of this step (issue 26); null for the others. */
    amountCents: integer('amount_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    index('repair_history_ticket_idx').on(t.ticketId, t.id),
    check('repair_history_actor_check', oneOf(t.actorType, ['staff', 'customer'])),
    check('repair_history_to_check', oneOf(t.toStatus, repairStatuses)),
  ],
);

/** Raw bytes (PostgreSQL bytea); PGlite hands back a Uint8Array and pg a Buffer, both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded product photos (issue 17, decision 019), in the order the admin set; the first is the
 * product's picture. `hash` (of the copies' bytes) is part of every address, so a copy is cached
 * for ever. Changes reach the product cache through the trigger of migration 0006.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    position: integer('position').notNull(),
    hash: text('hash').notNull(),
    /** The largest copy's size (the photo turned upright, at most 1600 px wide). */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The widths of the copies, smallest first (domain/photos widthsFor). */
    widths: jsonb('widths').$type<number[]>().notNull(),
    /** AVIF copies exist too (they paid, decision 019). */
    avif: boolean('avif').notNull().default(false),
    /** What was sent: sharp's name of its format and its size in bytes. */
    sourceFormat: text('source_format').notNull(),
    sourceBytes: integer('source_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** The copies of each photo: one row per format and width, the bytes in the database (decision 019). */
export const productImageVariants = pgTable(
  'product_image_variants',
  {
    imageId: integer('image_id')
      .notNull()
      .references(() => productImages.id, { onDelete: 'cascade' }),
    format: text('format', { enum: photoFormats }).notNull(),
    width: integer('width').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.imageId, t.format, t.width] }),
    check('product_image_variants_format_check', oneOf(t.format, photoFormats)),
  ],
);

/**
 * Honest ratings (issue 18, decision 023): one review per customer and product, allowed only to a
 * customer with a delivered order holding the product (services/reviews.ts). Staff may hide one;
 * hidden reviews count nowhere. Every change reaches products.rating / review_count (and so the
 * product cache) through the trigger of migration 0008.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The delivered order that made the customer eligible. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_reviews_product_user_idx').on(t.productId, t.userId),
    index('product_reviews_product_idx').on(t.productId, t.hidden, t.createdAt),
    index('product_reviews_created_idx').on(t.createdAt),
    index('product_reviews_user_idx').on(t.userId),
    check(
      'product_reviews_rating_check',
      sql`${t.rating} between ${sql.raw(String(REVIEW_MIN_RATING))} and ${sql.raw(String(REVIEW_MAX_RATING))}`,
    ),
    check('product_reviews_text_check', sql`char_length(${t.text}) <= ${sql.raw(String(REVIEW_TEXT_MAX))}`),
  ],
);
