/** The repair counter: tickets and their history. */
import { sql } from 'drizzle-orm';
import {
  isFinalRepairStatus,
  repairPaymentTypes,
  repairStatuses,
  REPAIR_WARRANTY_MAX_MONTHS,
  type RepairAccessory,
  type RepairCondition,
} from '@shop/shared/domain/repairs';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf, createdAt } from './columns';
import { users } from './accounts';
import { warrantySheets } from './warranty';

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
