/**
 * The counter sale 'Shitje në dyqan' (issue 28, decision 044): a sale at the till on the same stock
 * as the website. The payment methods, the discount limit's default, the totals of a sale and how
 * its payment settles (cash may exceed: the change 'Kusuri'). Every amount is integer cents.
 */
import { vatIncludedCents } from './orders';
import type { PaymentType } from './warranty';

export const counterPaymentMethods = ['cash', 'pos', 'transfer'] as const;
export type CounterPaymentMethod = (typeof counterPaymentMethods)[number];

/** The contract's warranty sheet names the payment types so ('Cash', 'POS', 'Transfer Bankar'). */
export const counterPaymentLabels: Record<CounterPaymentMethod, PaymentType> = {
  cash: 'Cash',
  pos: 'POS',
  transfer: 'Transfer Bankar',
};

/** The owner's limit of a line's discount when he has set none (`counterDiscountMaxPercent`). */
export const DEFAULT_COUNTER_DISCOUNT_MAX_PERCENT = 10;
/** The VAT contained in the shop's prices (DESIGN: 18 %), printed on the receipt. */
export const COUNTER_VAT_PERCENT = 18;
export const MAX_COUNTER_LINES = 50;
export const MAX_COUNTER_QUANTITY = 99;

/** The largest discount of a line worth `grossCents` under a limit of `maxPercent` % (whole cents, rounded down). */
export const maxLineDiscountCents = (grossCents: number, maxPercent: number): number => Math.floor((grossCents * maxPercent) / 100);

export interface CounterLineAmounts {
  unitPriceCents: number;
  quantity: number;
  discountCents: number;
}

/** A line's gross (price × quantity) and what is paid for it (gross − discount). */
export const counterLineGrossCents = (l: CounterLineAmounts): number => l.unitPriceCents * l.quantity;
export const counterLineTotalCents = (l: CounterLineAmounts): number => counterLineGrossCents(l) - l.discountCents;

/** The sale's gross, its discounts, its total and the VAT the total contains. */
export function counterTotals(lines: readonly CounterLineAmounts[], vatPercent = COUNTER_VAT_PERCENT) {
  const grossCents = lines.reduce((s, l) => s + counterLineGrossCents(l), 0);
  const discountCents = lines.reduce((s, l) => s + l.discountCents, 0);
  const totalCents = grossCents - discountCents;
  return { grossCents, discountCents, totalCents, vatCents: vatIncludedCents(totalCents, vatPercent) };
}

export interface CounterPaymentInput {
  /** The cash the customer handed over (may exceed what cash has to cover: the change). */
  cashGivenCents: number;
  posCents: number;
  transferCents: number;
  /** Decision 048: paid with a gift card (like a card: never more than the total). */
  giftCardCents?: number;
}

export type CounterSettlement =
  | { ok: true; cashCents: number; changeCents: number }
  | { ok: false; problem: 'cards-exceed' | 'short' | 'cash-not-needed' | 'nothing'; missingCents: number };

/**
 * How a payment settles a total: POS and transfer together may not exceed it (a card is never
 * over-charged); cash covers the rest and may exceed it by the change. Cash handed over when cards
 * cover everything is refused (there is nothing to give change from).
 */
export function settleCounterPayment(totalCents: number, p: CounterPaymentInput): CounterSettlement {
  const cards = p.posCents + p.transferCents + (p.giftCardCents ?? 0);
  if (p.cashGivenCents + cards === 0 && totalCents > 0) return { ok: false, problem: 'nothing', missingCents: totalCents };
  if (cards > totalCents) return { ok: false, problem: 'cards-exceed', missingCents: 0 };
  const cashCents = totalCents - cards;
  if (cashCents === 0 && p.cashGivenCents > 0) return { ok: false, problem: 'cash-not-needed', missingCents: 0 };
  if (p.cashGivenCents < cashCents) return { ok: false, problem: 'short', missingCents: cashCents - p.cashGivenCents };
  return { ok: true, cashCents, changeCents: p.cashGivenCents - cashCents };
}

/** The payment types a sale used, as the warranty sheet writes one ('Cash', 'POS', 'Transfer Bankar'): the largest share. */
export function mainPaymentMethod(p: { cashCents: number; posCents: number; transferCents: number }): CounterPaymentMethod {
  const shares: [CounterPaymentMethod, number][] = [
    ['cash', p.cashCents],
    ['pos', p.posCents],
    ['transfer', p.transferCents],
  ];
  return shares.reduce((best, s) => (s[1] > best[1] ? s : best))[0];
}

/** The warranty's months of a sold unit: the product's own 'Garancia' ('6 muaj'), or 12 for phones. */
export function warrantyMonthsOf(specs: Record<string, string> | null | undefined): number {
  const m = /^\s*(\d{1,2})\s*muaj/i.exec(specs?.Garancia ?? '');
  const n = m ? Number.parseInt(m[1]!, 10) : NaN;
  return n >= 1 && n <= 24 ? n : 12;
}

/** The contract's promise: 'Kthim brenda 14 ditëve nëse produkti është i papërdorur'. */
export const RETURN_DAYS = 14;

/** Whole days from one shop date ('YYYY-MM-DD') to another. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** What returning `quantity` of a line gives back: its share of what was paid for the line (all of it when all is returned). */
export const lineRefundCents = (l: CounterLineAmounts, quantity: number): number =>
  quantity >= l.quantity ? counterLineTotalCents(l) : Math.round((counterLineTotalCents(l) * quantity) / l.quantity);
