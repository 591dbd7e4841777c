/**
 * Closing the day 'Mbyllja e ditës' (issue 28, decision 051): per till and shop day, the sales and
 * refunds per payment method, the couriers' cash of delivered cash-on-delivery orders, the cash the
 * drawer should hold and the difference with what staff counted. Pure: every amount is integer
 * cents, and the figures add up to the cent (tested).
 */
import { counterPaymentLabels, counterPaymentMethods } from './counter';

/** The shop's tills (a constant: the shop has two counters; a new one is a line here). */
export const counterTills = ['Arka 1', 'Arka 2'] as const;
export type CounterTill = (typeof counterTills)[number];
export const DEFAULT_TILL: CounterTill = counterTills[0];
/** The couriers' cash of cash-on-delivery orders goes into the main till (decision 051). */
export const COD_TILL: CounterTill = counterTills[0];
export const isCounterTill = (s: string): s is CounterTill => (counterTills as readonly string[]).includes(s);

/**
 * The report's rows: the till's payment methods, and the gift cards (decision 048) on a row of
 * their own: a card's part of a sale is no money in the drawer, and a return gives it back to the
 * card, not from the till.
 */
export const dayCloseMethods = [...counterPaymentMethods, 'giftcard'] as const;
export type DayCloseMethod = (typeof dayCloseMethods)[number];
export const dayCloseMethodLabels: Record<DayCloseMethod, string> = { ...counterPaymentLabels, giftcard: 'Kartë dhurate' };

export type MethodAmounts = Record<DayCloseMethod, number>;

export interface DayCloseInput {
  /** Each sale of the till that day: what it took per method (cash kept, not the cash handed over). */
  sales: readonly Partial<MethodAmounts>[];
  /**
   * Each refund of the till's returns that day (counter and online): the whole refund, and of it
   * what went back to a gift card (`cardCents`, decision 048), which the till did not pay.
   */
  refunds: readonly { method: DayCloseMethod; cents: number; cardCents?: number }[];
  /** The couriers' cash of delivered cash-on-delivery orders received that day (the main till only). */
  codCashCents: number;
  codOrders: number;
  /** The cash the drawer started the day with. */
  openingFloatCents: number;
  /** The cash staff counted (null: not counted yet, a preview). */
  countedCashCents: number | null;
}

export interface DayCloseMethodRow {
  method: DayCloseMethod;
  salesCents: number;
  refundsCents: number;
  netCents: number;
}

export interface DayCloseFigures {
  salesCount: number;
  returnsCount: number;
  byMethod: DayCloseMethodRow[];
  salesCents: number;
  refundsCents: number;
  netCents: number;
  codCashCents: number;
  codOrders: number;
  openingFloatCents: number;
  /** Opening float + cash sales − cash refunds + couriers' cash. */
  expectedCashCents: number;
  countedCashCents: number | null;
  /** Counted − expected: positive 'Tepricë', negative 'Mungesë'. */
  differenceCents: number | null;
}

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/** The day's figures of a till, over every method of `dayCloseMethods` (a new method is counted with no change here). */
export function dayCloseFigures(input: DayCloseInput): DayCloseFigures {
  const byMethod = dayCloseMethods.map((method) => {
    const salesCents = sum(input.sales.map((s) => s[method] ?? 0));
    const refundsCents =
      method === 'giftcard'
        ? sum(input.refunds.map((r) => r.cardCents ?? 0))
        : sum(input.refunds.filter((r) => r.method === method).map((r) => r.cents - (r.cardCents ?? 0)));
    return { method, salesCents, refundsCents, netCents: salesCents - refundsCents };
  });
  const cash = byMethod.find((m) => m.method === 'cash')!;
  const expectedCashCents = input.openingFloatCents + cash.salesCents - cash.refundsCents + input.codCashCents;
  return {
    salesCount: input.sales.length,
    returnsCount: input.refunds.length,
    byMethod,
    salesCents: sum(byMethod.map((m) => m.salesCents)),
    refundsCents: sum(byMethod.map((m) => m.refundsCents)),
    netCents: sum(byMethod.map((m) => m.netCents)),
    codCashCents: input.codCashCents,
    codOrders: input.codOrders,
    openingFloatCents: input.openingFloatCents,
    expectedCashCents,
    countedCashCents: input.countedCashCents,
    differenceCents: input.countedCashCents === null ? null : input.countedCashCents - expectedCashCents,
  };
}

export type DifferenceKind = 'none' | 'over' | 'short';
export const differenceKind = (cents: number): DifferenceKind => (cents === 0 ? 'none' : cents > 0 ? 'over' : 'short');
/** How the report names the difference: 'Tepricë' (more in the drawer), 'Mungesë' (less), or none. */
export const differenceLabels: Record<DifferenceKind, string> = {
  none: 'Pa diferencë',
  over: 'Tepricë',
  short: 'Mungesë',
};

/** Whether a shop day ('YYYY-MM-DD') may be closed on `today`: never a day still to come. */
export const dayCloseDayProblem = (day: string, today: string): 'future' | null => (day > today ? 'future' : null);
