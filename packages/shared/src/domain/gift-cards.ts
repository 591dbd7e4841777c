/**
 * Gift cards that are money (issue 29, decision 048): the code's alphabet and writing, the ledger's
 * kinds and their labels, and how much of a card an order or a sale uses. No Zod, no crypto: the
 * server makes codes with node's crypto, both sides read and write them with these rules.
 */

/** 32 letters and digits without look-alikes (no 0/O, 1/I): 5 bits a character, 80 bits a code. */
export const GIFT_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const GIFT_CODE_LENGTH = 16;

/** A code as typed, scanned or read from a link: upper case, without spaces and dashes ('abcd-efgh…' → 'ABCDEFGH…'). */
export const normalizeGiftCode = (raw: string): string => raw.toUpperCase().replace(/[\s\-–_.]/g, '');

/** Whether a normalised code can be a card's code at all (length and alphabet); checked before any look-up. */
export const isGiftCodeShape = (code: string): boolean =>
  code.length === GIFT_CODE_LENGTH && [...code].every((c) => GIFT_CODE_ALPHABET.includes(c));

/** 'XXXX-XXXX-XXXX-XXXX': how a code is printed and shown. */
export const formatGiftCode = (code: string): string => (normalizeGiftCode(code).match(/.{1,4}/g) ?? []).join('-');

/** How staff lists name a card without its code: its last 4 characters. */
export const giftCodeTail = (code: string): string => normalizeGiftCode(code).slice(-4);
export const maskedGiftCode = (last4: string): string => `••••-••••-••••-${last4}`;

/**
 * A ledger entry's kind: issued (+), spent on an order or a counter sale (−), refunded (+), adjusted
 * (±, with a reason). Decision 052: 'waiting' (0: an online order's card made at the hand-over,
 * waiting for the delivery) and 'voided' (0: the order was cancelled before it was delivered) carry
 * no money; they record who and when.
 */
export const giftEntryKinds = ['issued', 'spent', 'refunded', 'adjusted', 'waiting', 'voided'] as const;
export type GiftEntryKind = (typeof giftEntryKinds)[number];

/** Where a card came from: sold at the counter, sold online (issued when delivered), or by hand. */
export const giftCardSources = ['counter', 'order', 'manual'] as const;
export type GiftCardSource = (typeof giftCardSources)[number];

export const giftCardSourceLabels: Record<GiftCardSource, string> = {
  counter: 'Shitje në dyqan',
  order: 'Blerje online',
  manual: 'Lëshuar me dorë',
};

/** What the public balance page says of an entry: only where the money went, never what was bought or by whom. */
export type GiftEntryPlace = 'issued' | 'online' | 'counter' | 'refund' | 'adjusted';
export const giftEntryPlaceLabels: Record<GiftEntryPlace, string> = {
  issued: 'Karta u lëshua',
  online: 'Blerje online',
  counter: 'Shitje në dyqan',
  refund: 'Kthim në kartë',
  adjusted: 'Rregullim',
};

export const giftEntryKindLabels: Record<GiftEntryKind, string> = {
  issued: 'Lëshuar',
  spent: 'Shpenzuar',
  refunded: 'Kthyer në kartë',
  adjusted: 'Rregulluar',
  waiting: 'Lëshuar në nisje, pret dorëzimin',
  voided: 'Anuluar',
};

/** The ledger kinds that carry no money (decision 052): never shown on the public balance page. */
export const giftMarkerKinds: readonly GiftEntryKind[] = ['waiting', 'voided'];

/**
 * A card's state (decision 052): 'active' (spendable by its balance), 'waiting' (an online order's
 * card put in the parcel at the hand-over: no value until the order is delivered; it answers as an
 * unknown code) or 'voided' (the order was cancelled before delivery: it never had money).
 */
export const giftCardStates = ['active', 'waiting', 'voided'] as const;
export type GiftCardState = (typeof giftCardStates)[number];
export const giftCardStateLabels: Record<GiftCardState, string> = {
  active: 'Aktive',
  waiting: 'Pret dorëzimin',
  voided: 'Anuluar',
};

/** The values a card issued by hand may have (a store credit, a prize): 1 cent to 2.000 €. */
export const MAX_GIFT_CARD_CENTS = 200_000;

/**
 * How much of a card an order or a sale uses: the amount asked for (the customer may lower it),
 * else as much as the total needs up to the balance. Answers the problem when it cannot.
 */
export function giftCardUse(
  balanceCents: number,
  totalCents: number,
  askedCents: number | undefined,
): { ok: true; cents: number } | { ok: false; problem: 'empty' | 'over-balance' | 'over-total' | 'zero' } {
  if (balanceCents <= 0) return { ok: false, problem: 'empty' };
  if (askedCents === undefined) {
    const cents = Math.min(balanceCents, totalCents);
    return cents > 0 ? { ok: true, cents } : { ok: false, problem: 'zero' };
  }
  if (askedCents <= 0) return { ok: false, problem: 'zero' };
  if (askedCents > totalCents) return { ok: false, problem: 'over-total' };
  if (askedCents > balanceCents) return { ok: false, problem: 'over-balance' };
  return { ok: true, cents: askedCents };
}

/** The public balance page's path; the code travels in the fragment (`#…`), which never reaches a server or its logs. */
export const GIFT_BALANCE_PATH = '/karta-dhurate/bilanci';
export const giftBalanceLink = (base: string, code: string): string =>
  `${base.replace(/\/+$/, '')}${GIFT_BALANCE_PATH}#${formatGiftCode(code)}`;
