/**
 * Discount codes (issue 29, decision 049): which lines a code covers and what it takes off. The
 * server prices every order with these rules; the checkout shows the server's answer. Money is in
 * integer cents; a percentage is rounded by `percentOfCents` (domain/money), the one rule.
 */
import { percentOfCents } from './money';

export const discountKinds = ['percent', 'amount', 'free-delivery'] as const;
export type DiscountKind = (typeof discountKinds)[number];

/** The kinds as the owner's screen and the audit log name them. */
export const discountKindLabels: Record<DiscountKind, string> = {
  percent: 'Përqindje',
  amount: 'Shumë fikse (€)',
  'free-delivery': 'Dërgesë falas',
};

/** A code as typed is compared and stored trimmed and upper-case ('blackfriday' is 'BLACKFRIDAY'). */
export const normaliseDiscountCode = (code: string): string => code.trim().toUpperCase();

/** What a stored code may look like: 3 to 32 letters A-Z, digits, '-' or '_'. */
export const discountCodePattern = /^[A-Z0-9_-]{3,32}$/;

/**
 * What a code covers. Nothing named: every product. A product named is covered with all its
 * variants. Categories and brands named: a product is covered when it matches every kind named
 * (brand Samsung + category phone: Samsung phones only).
 */
export interface DiscountScope {
  categories: readonly string[];
  brands: readonly string[];
  productIds: readonly string[];
}

export interface DiscountRule {
  kind: DiscountKind;
  /** 'percent': 1-100; 'amount': cents; 'free-delivery': unused (0). */
  value: number;
  minSubtotalCents: number;
  scope: DiscountScope;
}

/** A cart line as the rule reads it: its product, the product's brand and category, and the line's amount. */
export interface DiscountLine {
  productId: string;
  brand: string;
  category: string;
  amountCents: number;
}

export type DiscountRefusal = 'minimum' | 'scope' | 'pickup';

export type DiscountResult =
  { ok: true; discountCents: number; qualifyingCents: number; qualifying: boolean[] } | { ok: false; reason: DiscountRefusal };

const lower = (s: string) => s.trim().toLowerCase();

/** Whether a line's product is within the code's scope. */
export function lineQualifies(scope: DiscountScope, line: Pick<DiscountLine, 'productId' | 'brand' | 'category'>): boolean {
  const all = scope.categories.length === 0 && scope.brands.length === 0 && scope.productIds.length === 0;
  if (all) return true;
  if (scope.productIds.some((id) => lower(id) === lower(line.productId))) return true;
  if (scope.categories.length === 0 && scope.brands.length === 0) return false;
  const categoryOk = scope.categories.length === 0 || scope.categories.includes(line.category);
  const brandOk = scope.brands.length === 0 || scope.brands.some((b) => lower(b) === lower(line.brand));
  return categoryOk && brandOk;
}

/**
 * The discount of a code on an order: the minimum counts the whole subtotal (the lines); a
 * percentage is taken of the qualifying lines' amount (rounded by percentOfCents); a fixed
 * amount never more than the qualifying amount; free delivery is the delivery fee (a pickup order
 * has none, so such a code is refused there). The order's total never goes below zero.
 */
export function discountFor(rule: DiscountRule, lines: readonly DiscountLine[], feeCents: number, pickup: boolean): DiscountResult {
  const subtotal = lines.reduce((s, l) => s + l.amountCents, 0);
  if (subtotal < rule.minSubtotalCents) return { ok: false, reason: 'minimum' };
  const qualifying = lines.map((l) => lineQualifies(rule.scope, l));
  const qualifyingCents = lines.reduce((s, l, i) => s + (qualifying[i] ? l.amountCents : 0), 0);
  if (qualifyingCents <= 0) return { ok: false, reason: 'scope' };
  let cents: number;
  if (rule.kind === 'percent') cents = percentOfCents(qualifyingCents, Math.min(100, Math.max(0, rule.value)));
  else if (rule.kind === 'amount') cents = Math.min(Math.max(0, rule.value), qualifyingCents);
  else {
    if (pickup) return { ok: false, reason: 'pickup' };
    cents = feeCents;
  }
  const discountCents = Math.max(0, Math.min(cents, subtotal + feeCents));
  return { ok: true, discountCents, qualifyingCents, qualifying };
}

/** Whether the shop's day (YYYY-MM-DD, domain/time todayInShop) is within a code's days, both included. */
export const discountDayValid = (today: string, from: string | null, to: string | null): boolean =>
  (from === null || today >= from) && (to === null || today <= to);

/**
 * What a return of an online order's lines refunds (decision 051, with 049): the customer paid for
 * the lines their subtotal less the code's part on them (`linesPaidCents`: a free-delivery code's
 * part is the fee, not the lines), so a returned line's `grossCents` (price × quantity) is refunded
 * as its share of that: gross × paid / subtotal, rounded down to the cent, and never more than
 * what is left of it after the returns before (`refundedCents`). Without a code it is the gross.
 */
export function orderReturnRefundCents(
  grossCents: number,
  o: { subtotalCents: number; linesPaidCents: number; refundedCents: number },
): number {
  if (o.subtotalCents <= 0) return 0;
  // BigInt: a gross and a paid amount of 32-bit cents multiply past a double's exact integers.
  const share = Number((BigInt(grossCents) * BigInt(o.linesPaidCents)) / BigInt(o.subtotalCents));
  return Math.max(0, Math.min(share, o.linesPaidCents - o.refundedCents));
}
