/**
 * Gift cards that are money (issue 29, decision 048). A card is a code (16 characters of a
 * 32-letter alphabet, crypto random: 80 bits) and a ledger; its balance is the ledger's sum, and
 * it never expires. Only the code's SHA-256 and its last 4 characters are stored: the full code is
 * shown once, to the staff who issued it (for the printed insert). Every spend locks the card's row
 * (FOR UPDATE) in the transaction of the order or sale that spends it, so two spends of one card
 * take turns and a card never goes below zero.
 */
import crypto from 'node:crypto';
import {
  formatGiftCode,
  GIFT_CODE_ALPHABET,
  GIFT_CODE_LENGTH,
  giftCardUse,
  giftCodeTail,
  giftEntryPlaceLabels,
  type GiftCardSource,
  type GiftEntryPlace,
} from '@shop/shared/domain/gift-cards';
import { formatPrice, toCents, toEuros } from '@shop/shared/domain/money';
import {
  giftCardMsg,
  type AdjustGiftCardBody,
  type GiftBalance,
  type GiftCardDetail,
  type GiftCardList,
  type GiftCardPayment,
  type GiftCardRow,
  type IssueGiftCardBody,
  type IssueGiftCardResult,
  type IssuedGiftCard,
} from '@shop/shared/schemas/gift-cards';
import type { Order } from '@shop/shared/schemas/order';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { giftCardsActiveMail, giftCardsMail } from '../mail/gift-cards';
import { publicBase } from '../mail/accounts';
import { queueMail } from './mail';
import {
  balanceOf,
  cardByHash,
  cardById,
  entriesOf,
  giftCardValuesOf,
  insertCard,
  insertEntry,
  listCards,
  lockCardByHash,
  lockCardById,
  lockCardsOfOrder,
  setCardState,
  orderCardTotals,
  saleCardTotals,
  type GiftCardRowDb,
} from '../repositories/gift-cards';
import { recordAudit, type AuditWho } from './audit';
import { Conflict, Invalid, NotFound } from './errors';

/** A new code: 16 characters, each drawn uniformly with crypto.randomInt. */
export function newGiftCode(): string {
  let code = '';
  for (let i = 0; i < GIFT_CODE_LENGTH; i++) code += GIFT_CODE_ALPHABET[crypto.randomInt(GIFT_CODE_ALPHABET.length)];
  return code;
}

/** The stored form of a (normalised) code. Codes carry 80 random bits, so a plain SHA-256 cannot be reversed by guessing. */
export const giftCodeHash = (code: string): string => crypto.createHash('sha256').update(code).digest('hex');

/** Who a ledger entry names: staff, a customer, or a guest / a job (id null). */
export type GiftActor = { id: number | null; email: string | null };

/**
 * Issues a card of `valueCents` in the caller's transaction: the card, its 'issued' entry; answers
 * the code this once. `waiting` (decision 052): an online order's card made at the hand-over, with
 * the 'waiting' marker instead of its value (it gets the value when the order is delivered).
 */
export async function issueCard(
  tx: DbOrTx,
  input: {
    valueCents: number;
    source: GiftCardSource;
    orderId?: number;
    counterSaleId?: number;
    reason?: string;
    actor: GiftActor;
    waiting?: boolean;
  },
): Promise<IssuedGiftCard> {
  const code = newGiftCode();
  const row = await insertCard(tx, {
    codeHash: giftCodeHash(code),
    last4: giftCodeTail(code),
    valueCents: input.valueCents,
    source: input.source,
    orderId: input.orderId ?? null,
    counterSaleId: input.counterSaleId ?? null,
    reason: input.reason ?? null,
    issuedBy: input.actor.id,
    issuedByEmail: input.actor.email,
    state: input.waiting ? 'waiting' : 'active',
  });
  return {
    id: row.id,
    code: formatGiftCode(code),
    value: toEuros(input.valueCents),
    last4: row.last4,
    ...(input.waiting ? { waiting: true } : {}),
  };
}

/** What a card will pay, decided with its row locked. */
export interface GiftCardHold {
  card: GiftCardRowDb;
  cents: number;
}

/**
 * Locks the card named by `payment.code` and decides how much of `totalCents` it pays: the amount
 * asked for, else as much as the total needs up to the balance. A code that does not exist and a
 * card with nothing left are the same Conflict (a guesser learns nothing); more than the balance
 * or the total is a Conflict / Invalid naming why. Nothing is written here.
 */
export async function holdGiftCard(tx: DbOrTx, payment: GiftCardPayment, totalCents: number): Promise<GiftCardHold> {
  const card = await lockCardByHash(tx, giftCodeHash(payment.code));
  // Decision 052: a card waiting for its order's delivery, or voided, is as unknown as a wrong code.
  if (!card || card.state !== 'active') throw new Conflict(giftCardMsg.notFound);
  const balance = await balanceOf(tx, card.id);
  const use = giftCardUse(balance, totalCents, payment.amount === undefined ? undefined : toCents(payment.amount));
  if (!use.ok) {
    if (use.problem === 'empty') throw new Conflict(giftCardMsg.notFound);
    if (use.problem === 'over-balance') throw new Conflict(giftCardMsg.overBalance(formatPrice(toEuros(balance))));
    if (use.problem === 'over-total') throw new Invalid(giftCardMsg.overTotal);
    throw new Invalid(giftCardMsg.amount);
  }
  return { card, cents: use.cents };
}

/** Writes the 'spent' entry of a hold (the order or the sale now exists). */
export async function spendHold(
  tx: DbOrTx,
  hold: GiftCardHold,
  on: { orderId?: number; counterSaleId?: number },
  actor: GiftActor,
): Promise<void> {
  await insertEntry(tx, {
    cardId: hold.card.id,
    kind: 'spent',
    amountCents: -hold.cents,
    orderId: on.orderId ?? null,
    counterSaleId: on.counterSaleId ?? null,
    actorId: actor.id,
    actorEmail: actor.email,
  });
}

/**
 * A cancelled order gives back to each card what it still holds of the order (spent − refunded),
 * as a 'refunded' entry: the customer's cancel, staff's and the transfer-expiry job all go through
 * moveOrder, which calls this when the order paid with a card.
 */
export async function refundOrderGiftCards(tx: DbOrTx, orderId: number, actor: GiftActor): Promise<number> {
  let back = 0;
  for (const { cardId, cents } of await orderCardTotals(tx, orderId)) {
    if (cents >= 0) continue;
    await lockCardById(tx, cardId);
    await insertEntry(tx, { cardId, kind: 'refunded', amountCents: -cents, orderId, actorId: actor.id, actorEmail: actor.email });
    back += -cents;
  }
  return back;
}

/**
 * A return gives back to the card(s) that paid for it, up to `cents` of what they still hold of the
 * sale or order (spent − refunded), as 'refunded' entries; answers how much went back. A counter
 * return names its sale, an online order's return (decision 051) its order.
 */
export async function refundReturnGiftCards(
  tx: DbOrTx,
  of: { counterSaleId: number } | { orderId: number },
  cents: number,
  actor: GiftActor,
): Promise<number> {
  let left = cents;
  const totals = 'orderId' in of ? await orderCardTotals(tx, of.orderId) : await saleCardTotals(tx, of.counterSaleId);
  for (const { cardId, cents: held } of totals) {
    if (left <= 0) break;
    if (held >= 0) continue;
    const amount = Math.min(-held, left);
    await lockCardById(tx, cardId);
    await insertEntry(tx, { cardId, kind: 'refunded', amountCents: amount, ...of, actorId: actor.id, actorEmail: actor.email });
    left -= amount;
  }
  return cents - left;
}

/**
 * The cards an order's or a sale's lines issue: one per unit of each gift card product (a product
 * whose `gift_card_value_cents` is set), of that value. Answers the codes, to be shown this once.
 */
export async function issueCardsForLines(
  tx: DbOrTx,
  lines: readonly { productId: string; quantity: number }[],
  from: { source: 'order'; orderId: number; waiting?: boolean } | { source: 'counter'; counterSaleId: number },
  actor: GiftActor,
): Promise<IssuedGiftCard[]> {
  const values = await giftCardValuesOf(
    tx,
    lines.map((l) => l.productId),
  );
  if (values.size === 0) return [];
  const issued: IssuedGiftCard[] = [];
  for (const l of lines) {
    const cents = values.get(l.productId);
    if (cents === undefined) continue;
    for (let i = 0; i < l.quantity; i++) {
      issued.push(
        await issueCard(tx, {
          valueCents: cents,
          source: from.source,
          ...(from.source === 'order' ? { orderId: from.orderId, waiting: from.waiting === true } : { counterSaleId: from.counterSaleId }),
          actor,
        }),
      );
    }
  }
  return issued;
}

const placeOf = (e: { kind: string; orderId: number | null; counterSaleId: number | null }): GiftEntryPlace =>
  e.kind === 'issued'
    ? 'issued'
    : e.kind === 'refunded'
      ? 'refund'
      : e.kind === 'adjusted'
        ? 'adjusted'
        : e.counterSaleId !== null
          ? 'counter'
          : 'online';

/** The public balance page: the balance and the last uses (date, where, amount), nothing else. Same 404 for a wrong code and an empty card. */
export async function giftBalance(db: DbOrTx, code: string): Promise<GiftBalance> {
  const found = await cardByHash(db, giftCodeHash(code));
  if (!found || found.card.state !== 'active' || Number(found.balanceCents) <= 0) throw new NotFound(giftCardMsg.notFound);
  const entries = await entriesOf(db, found.card.id, 10, true);
  return {
    balance: toEuros(Number(found.balanceCents)),
    last4: found.card.last4,
    entries: entries.map((e) => ({
      at: e.createdAt.toISOString(),
      place: giftEntryPlaceLabels[placeOf(e)],
      amount: toEuros(e.amountCents),
    })),
  };
}

function toRow(r: { card: GiftCardRowDb; balanceCents: number }): GiftCardRow {
  return {
    id: r.card.id,
    last4: r.card.last4,
    value: toEuros(r.card.valueCents),
    balance: toEuros(Number(r.balanceCents)),
    source: r.card.source,
    state: r.card.state,
    issuedBy: r.card.issuedByEmail,
    issuedAt: r.card.createdAt.toISOString(),
    orderId: r.card.orderId,
    counterSaleId: r.card.counterSaleId,
    reason: r.card.reason,
  };
}

export async function giftCardList(db: DbOrTx, q: string | undefined): Promise<GiftCardList> {
  return { cards: (await listCards(db, q || undefined)).map(toRow) };
}

export async function giftCardDetail(db: DbOrTx, id: number): Promise<GiftCardDetail> {
  const found = await cardById(db, id);
  if (!found) throw new NotFound(giftCardMsg.cardNotFound);
  const entries = await entriesOf(db, id);
  return {
    ...toRow(found),
    entries: entries.map((e) => ({
      id: e.id,
      at: e.createdAt.toISOString(),
      kind: e.kind,
      amount: toEuros(e.amountCents),
      orderId: e.orderId,
      counterSaleId: e.counterSaleId,
      reason: e.reason,
      by: e.actorEmail,
    })),
  };
}

/** 'Lësho kartë' (staff or the owner, decision 055): a card by hand with its reason, audited; the code is answered this once. */
export async function issueGiftCardByHand(db: Db, actor: AuditWho & { id: number }, body: IssueGiftCardBody): Promise<IssueGiftCardResult> {
  const card = await db.transaction(async (tx) => {
    const issued = await issueCard(tx, { valueCents: toCents(body.value), source: 'manual', reason: body.reason, actor });
    await recordAudit(tx, actor, {
      kind: 'gift-card.issue',
      targetType: 'gift-card',
      targetId: issued.id,
      before: null,
      after: { card: `…${issued.last4}`, value: issued.value, reason: body.reason },
    });
    return issued;
  });
  return { msg: giftCardMsg.issued(card.last4), card };
}

/** 'Rregullo bilancin' (the owner's): a signed entry with a reason; never below zero; audited. */
export async function adjustGiftCard(
  db: Db,
  actor: AuditWho & { id: number },
  id: number,
  body: AdjustGiftCardBody,
): Promise<{ msg: string; card: GiftCardDetail }> {
  await db.transaction(async (tx) => {
    const card = await lockCardById(tx, id);
    if (!card) throw new NotFound(giftCardMsg.cardNotFound);
    // Decision 052: money goes onto an active card only (a waiting one gets its value on delivery).
    if (card.state !== 'active') throw new Conflict(giftCardMsg.notActive);
    const balance = await balanceOf(tx, id);
    const cents = toCents(body.amount);
    if (balance + cents < 0) throw new Conflict(giftCardMsg.adjustBelowZero(formatPrice(toEuros(balance))));
    await insertEntry(tx, {
      cardId: id,
      kind: 'adjusted',
      amountCents: cents,
      reason: body.reason,
      actorId: actor.id,
      actorEmail: actor.email,
    });
    await recordAudit(tx, actor, {
      kind: 'gift-card.adjust',
      targetType: 'gift-card',
      targetId: id,
      before: { card: `…${card.last4}`, balance: toEuros(balance) },
      after: { card: `…${card.last4}`, balance: toEuros(balance + cents), reason: body.reason },
    });
  });
  return { msg: giftCardMsg.adjusted, card: await giftCardDetail(db, id) };
}

/** What moveOrder knows of the order it moved: its lines, its row and its customer. */
export interface GiftOrderFound {
  order: Order;
  row: { id: number; guestEmail: string | null; guestName: string | null; customerName: string | null };
  customer: { name: string; email: string } | null;
}

/** Who an order's mails go to: the account, else the guest's e-mail (decision 042), else no one. */
const mailTarget = (found: GiftOrderFound): { name: string; email: string } | null =>
  found.customer ??
  (found.row.guestEmail ? { name: found.row.guestName ?? found.row.customerName ?? '', email: found.row.guestEmail } : null);

const orderLines = (found: GiftOrderFound) => found.order.items.map((i) => ({ productId: i.id, quantity: i.quantity }));

/**
 * Decision 052: staff hand an online order over to the courier ('shipped'): its gift card lines
 * make their cards now, in the move's transaction, WAITING (the 'waiting' marker, no value: the
 * balance page, checkout and counter answer as for an unknown code). The codes are answered this
 * once, for the inserts that go in the parcel; no mail carries them. An order that has cards
 * already makes none.
 */
export async function handOverOrderGiftCards(tx: DbOrTx, found: GiftOrderFound, actor: GiftActor): Promise<IssuedGiftCard[]> {
  if ((await lockCardsOfOrder(tx, found.row.id)).length > 0) return [];
  return issueCardsForLines(tx, orderLines(found), { source: 'order', orderId: found.row.id, waiting: true }, actor);
}

/**
 * An online order is delivered (decision 052). Its waiting cards become active: each gets its
 * 'issued' entry (the value) now, by the staff who marked it delivered, and the customer's mail says
 * which cards (last 4, value) are active and that the code is on the insert. An order with no cards
 * yet makes them now: active at once, the codes answered for the inserts staff hand over (delivered
 * straight from pending or confirmed, at the shop); only an order shipped before decision 052 (its
 * parcel had no insert) has its codes mailed, as decision 048 did. Delivered is final, so once.
 */
export async function deliverOrderGiftCards(
  tx: DbOrTx,
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>,
  found: GiftOrderFound,
  from: Order['status'],
  actor: GiftActor,
): Promise<IssuedGiftCard[]> {
  const to = mailTarget(found);
  const base = publicBase(config);
  const made = await lockCardsOfOrder(tx, found.row.id);
  if (made.length > 0) {
    const waiting = made.filter((c) => c.state === 'waiting');
    for (const card of waiting) {
      await setCardState(tx, card.id, 'active');
      await insertEntry(tx, {
        cardId: card.id,
        kind: 'issued',
        amountCents: card.valueCents,
        orderId: found.row.id,
        actorId: actor.id,
        actorEmail: actor.email,
      });
    }
    if (to && waiting.length > 0) {
      const cards = waiting.map((c) => ({ last4: c.last4, value: toEuros(c.valueCents) }));
      await queueMail(tx, giftCardsActiveMail(to, found.row.id, cards, base));
    }
    return [];
  }
  const cards = await issueCardsForLines(tx, orderLines(found), { source: 'order', orderId: found.row.id }, actor);
  if (cards.length === 0) return cards;
  if (from === 'shipped' && to) {
    await queueMail(tx, giftCardsMail(to, found.row.id, cards, base));
    return [];
  }
  // Handed over now (or no one to mail): staff print the inserts from the answer.
  if (to) await queueMail(tx, giftCardsActiveMail(to, found.row.id, cards, base));
  return cards;
}

/**
 * An online order cancelled before it was delivered (decision 052): its waiting cards are voided
 * (the 'voided' marker; they never had money, so nothing is given back). Answers how many.
 */
export async function voidOrderGiftCards(tx: DbOrTx, orderId: number, actor: GiftActor): Promise<number> {
  let voided = 0;
  for (const card of await lockCardsOfOrder(tx, orderId)) {
    if (card.state !== 'waiting') continue;
    await setCardState(tx, card.id, 'voided');
    await insertEntry(tx, { cardId: card.id, kind: 'voided', amountCents: 0, orderId, actorId: actor.id, actorEmail: actor.email });
    voided++;
  }
  return voided;
}
