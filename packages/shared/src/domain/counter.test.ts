import { describe, expect, it } from 'vitest';
import {
  counterTotals,
  daysBetween,
  lineRefundCents,
  mainPaymentMethod,
  maxLineDiscountCents,
  settleCounterPayment,
  warrantyMonthsOf,
} from './counter';

describe('the counter sale’s money rules (decision 044)', () => {
  it('totals: gross, discounts, total and the 18 % VAT it contains, in cents', () => {
    expect(
      counterTotals([
        { unitPriceCents: 49_999, quantity: 1, discountCents: 0 },
        { unitPriceCents: 1_550, quantity: 2, discountCents: 310 },
      ]),
    ).toEqual({ grossCents: 53_099, discountCents: 310, totalCents: 52_789, vatCents: 8_053 });
  });

  it('a line’s discount limit is its percent of the line, rounded down to the cent', () => {
    expect(maxLineDiscountCents(3_100, 10)).toBe(310);
    expect(maxLineDiscountCents(999, 10)).toBe(99);
    expect(maxLineDiscountCents(1_000, 0)).toBe(0);
  });

  it('payments: cash may exceed (change), cards may not; short, nothing and needless cash are named', () => {
    expect(settleCounterPayment(44_900, { cashGivenCents: 50_000, posCents: 0, transferCents: 0 })).toEqual({
      ok: true,
      cashCents: 44_900,
      changeCents: 5_100,
    });
    expect(settleCounterPayment(9_999, { cashGivenCents: 3_000, posCents: 5_000, transferCents: 2_001 })).toEqual({
      ok: true,
      cashCents: 2_998,
      changeCents: 2,
    });
    expect(settleCounterPayment(1_000, { cashGivenCents: 0, posCents: 1_000, transferCents: 0 })).toEqual({
      ok: true,
      cashCents: 0,
      changeCents: 0,
    });
    expect(settleCounterPayment(1_000, { cashGivenCents: 999, posCents: 0, transferCents: 0 })).toEqual({
      ok: false,
      problem: 'short',
      missingCents: 1,
    });
    expect(settleCounterPayment(1_000, { cashGivenCents: 0, posCents: 1_001, transferCents: 0 })).toMatchObject({
      ok: false,
      problem: 'cards-exceed',
    });
    expect(settleCounterPayment(1_000, { cashGivenCents: 500, posCents: 1_000, transferCents: 0 })).toMatchObject({
      ok: false,
      problem: 'cash-not-needed',
    });
    expect(settleCounterPayment(1_000, { cashGivenCents: 0, posCents: 0, transferCents: 0 })).toMatchObject({
      ok: false,
      problem: 'nothing',
    });
  });

  it('the sheet’s payment type is the largest share', () => {
    expect(mainPaymentMethod({ cashCents: 100, posCents: 300, transferCents: 0 })).toBe('pos');
    expect(mainPaymentMethod({ cashCents: 100, posCents: 0, transferCents: 0 })).toBe('cash');
  });

  it('a refund is the line’s share of what was paid; all of it when all comes back', () => {
    const line = { unitPriceCents: 2_000, quantity: 3, discountCents: 300 };
    expect(lineRefundCents(line, 3)).toBe(5_700);
    expect(lineRefundCents(line, 2)).toBe(3_800);
    expect(lineRefundCents({ unitPriceCents: 1_000, quantity: 3, discountCents: 1 }, 1)).toBe(1_000);
  });

  it('warranty months from the product’s “Garancia”, else 12; days between shop dates', () => {
    expect(warrantyMonthsOf({ Garancia: '6 muaj' })).toBe(6);
    expect(warrantyMonthsOf({ Garancia: '24 muaj garanci' })).toBe(24);
    expect(warrantyMonthsOf({})).toBe(12);
    expect(warrantyMonthsOf({ Garancia: 'pa garanci' })).toBe(12);
    expect(daysBetween('2026-11-13', '2026-11-27')).toBe(14);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });
});
