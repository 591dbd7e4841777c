/** Gift cards that are money (issue 29, decision 048): data access only. */
import { and, asc, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { giftMarkerKinds, type GiftCardSource, type GiftCardState, type GiftEntryKind } from '@shop/shared/domain/gift-cards';
import type { DbOrTx } from '../db/client';
import { giftCardEntries, products, storeGiftCards } from '../db/schema';

export type GiftCardRowDb = typeof storeGiftCards.$inferSelect;
export type GiftEntryRowDb = typeof giftCardEntries.$inferSelect;

/** A card's balance: the sum of its ledger, as one SQL expression. */
const balanceSql = sql<number>`(select coalesce(sum(e.amount_cents), 0)::int from gift_card_entries e where e.card_id = "store_gift_cards"."id")`;

/**
 * The card whose code hashes to `codeHash`, its row locked until the end of the transaction (two
 * spends of one card take turns, so the balance read next is the one the entry is checked against).
 */
export async function lockCardByHash(tx: DbOrTx, codeHash: string): Promise<GiftCardRowDb | undefined> {
  const [row] = await tx.select().from(storeGiftCards).where(eq(storeGiftCards.codeHash, codeHash)).for('update');
  return row;
}

export async function lockCardById(tx: DbOrTx, id: number): Promise<GiftCardRowDb | undefined> {
  const [row] = await tx.select().from(storeGiftCards).where(eq(storeGiftCards.id, id)).for('update');
  return row;
}

/** The card and its balance, without a lock (the public balance page). */
export async function cardByHash(db: DbOrTx, codeHash: string) {
  const [row] = await db
    .select({ card: storeGiftCards, balanceCents: balanceSql })
    .from(storeGiftCards)
    .where(eq(storeGiftCards.codeHash, codeHash));
  return row;
}

export async function balanceOf(db: DbOrTx, cardId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${giftCardEntries.amountCents}), 0)::int` })
    .from(giftCardEntries)
    .where(eq(giftCardEntries.cardId, cardId));
  return Number(row?.n ?? 0);
}

export interface NewGiftCard {
  codeHash: string;
  last4: string;
  valueCents: number;
  source: GiftCardSource;
  orderId?: number | null;
  counterSaleId?: number | null;
  reason?: string | null;
  issuedBy: number | null;
  issuedByEmail: string | null;
  /** Decision 052: 'waiting' for an online order's card made at the hand-over; else active. */
  state?: GiftCardState;
}

/**
 * A card and its first entry: 'issued' (its value) for an active card, the 'waiting' marker (0)
 * for a card that waits for its order's delivery (decision 052).
 */
export async function insertCard(tx: DbOrTx, card: NewGiftCard): Promise<GiftCardRowDb> {
  const [row] = await tx.insert(storeGiftCards).values(card).returning();
  if (!row) throw new Error('gift card not created');
  const waiting = card.state === 'waiting';
  await insertEntry(tx, {
    cardId: row.id,
    kind: waiting ? 'waiting' : 'issued',
    amountCents: waiting ? 0 : card.valueCents,
    orderId: card.orderId ?? null,
    counterSaleId: card.counterSaleId ?? null,
    reason: card.reason ?? null,
    actorId: card.issuedBy,
    actorEmail: card.issuedByEmail,
  });
  return row;
}

export interface NewGiftEntry {
  cardId: number;
  kind: GiftEntryKind;
  amountCents: number;
  orderId?: number | null;
  counterSaleId?: number | null;
  reason?: string | null;
  actorId: number | null;
  actorEmail: string | null;
}

export async function insertEntry(tx: DbOrTx, entry: NewGiftEntry): Promise<void> {
  await tx.insert(giftCardEntries).values(entry);
}

/** What each card's ledger holds for an order (spent − refunded): the amounts still to give back on a cancel. */
export async function orderCardTotals(tx: DbOrTx, orderId: number): Promise<{ cardId: number; cents: number }[]> {
  const rows = await tx
    .select({ cardId: giftCardEntries.cardId, cents: sql<number>`sum(${giftCardEntries.amountCents})::int` })
    .from(giftCardEntries)
    .where(and(eq(giftCardEntries.orderId, orderId), inArray(giftCardEntries.kind, ['spent', 'refunded'])))
    .groupBy(giftCardEntries.cardId)
    .orderBy(giftCardEntries.cardId);
  return rows.map((r) => ({ cardId: r.cardId, cents: Number(r.cents) }));
}

/** The same for a counter sale. */
export async function saleCardTotals(tx: DbOrTx, saleId: number): Promise<{ cardId: number; cents: number }[]> {
  const rows = await tx
    .select({ cardId: giftCardEntries.cardId, cents: sql<number>`sum(${giftCardEntries.amountCents})::int` })
    .from(giftCardEntries)
    .where(and(eq(giftCardEntries.counterSaleId, saleId), inArray(giftCardEntries.kind, ['spent', 'refunded'])))
    .groupBy(giftCardEntries.cardId)
    .orderBy(giftCardEntries.cardId);
  return rows.map((r) => ({ cardId: r.cardId, cents: Number(r.cents) }));
}

/** The products among `ids` whose sale issues a card, with the card's value. */
export async function giftCardValuesOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, cents: products.giftCardValueCents })
    .from(products)
    .where(and(inArray(products.id, [...new Set(ids)]), isNotNull(products.giftCardValueCents)));
  return new Map(rows.map((r) => [r.id, r.cents!]));
}

/** The staff's list, newest first, with each card's balance; `last4` filters by the code's end. */
export async function listCards(db: DbOrTx, last4: string | undefined, limit = 200) {
  return db
    .select({ card: storeGiftCards, balanceCents: balanceSql })
    .from(storeGiftCards)
    .where(last4 ? sql`${storeGiftCards.last4} like ${`%${last4.toUpperCase().replace(/[%_\\]/g, '')}`}` : undefined)
    .orderBy(desc(storeGiftCards.createdAt), desc(storeGiftCards.id))
    .limit(limit);
}

export async function cardById(db: DbOrTx, id: number) {
  const [row] = await db.select({ card: storeGiftCards, balanceCents: balanceSql }).from(storeGiftCards).where(eq(storeGiftCards.id, id));
  return row;
}

/** The cards an online order issued, oldest first, locked (decision 052: activated on delivery, voided on a cancel). */
export async function lockCardsOfOrder(tx: DbOrTx, orderId: number): Promise<GiftCardRowDb[]> {
  return tx.select().from(storeGiftCards).where(eq(storeGiftCards.orderId, orderId)).orderBy(asc(storeGiftCards.id)).for('update');
}

export async function setCardState(tx: DbOrTx, id: number, state: GiftCardState): Promise<void> {
  await tx.update(storeGiftCards).set({ state }).where(eq(storeGiftCards.id, id));
}

/** A card's ledger, newest first (at most `limit` entries); `money` leaves out the markers that carry nothing (the public page). */
export async function entriesOf(db: DbOrTx, cardId: number, limit = 500, money = false): Promise<GiftEntryRowDb[]> {
  return db
    .select()
    .from(giftCardEntries)
    .where(and(eq(giftCardEntries.cardId, cardId), money ? notInArray(giftCardEntries.kind, [...giftMarkerKinds]) : undefined))
    .orderBy(desc(giftCardEntries.createdAt), desc(giftCardEntries.id))
    .limit(limit);
}

/** The cards a counter sale issued (its sale page offers to print them only right after the sale). */
export async function cardsOfSale(db: DbOrTx, saleId: number): Promise<GiftCardRowDb[]> {
  return db.select().from(storeGiftCards).where(eq(storeGiftCards.counterSaleId, saleId)).orderBy(storeGiftCards.id);
}
