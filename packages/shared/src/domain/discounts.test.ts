import { describe, expect, it } from 'vitest';
import {
  discountDayValid,
  discountFor,
  lineQualifies,
  normaliseDiscountCode,
  orderReturnRefundCents,
  type DiscountLine,
  type DiscountRule,
} from './discounts';
import { percentOfCents } from './money';

const phone: DiscountLine = { productId: 'galaxy-s24', brand: 'Samsung', category: 'phone', amountCents: 99_900 };
const caseLine: DiscountLine = { productId: 'case-1', brand: 'Spigen', category: 'accessory', amountCents: 1_999 };
const iphone: DiscountLine = { productId: 'iphone-15', brand: 'Apple', category: 'phone', amountCents: 120_000 };
const all = { categories: [], brands: [], productIds: [] };
const rule = (r: Partial<DiscountRule>): DiscountRule => ({ kind: 'percent', value: 10, minSubtotalCents: 0, scope: all, ...r });

describe('percentOfCents', () => {
  it('rounds half up to the cent', () => {
    expect(percentOfCents(12_345, 10)).toBe(1_235);
    expect(percentOfCents(12_344, 10)).toBe(1_234);
    expect(percentOfCents(999, 33)).toBe(330);
    expect(percentOfCents(1_999, 100)).toBe(1_999);
  });
});

describe('normaliseDiscountCode', () => {
  it('trims and upper-cases', () => expect(normaliseDiscountCode('  blackFriday ')).toBe('BLACKFRIDAY'));
});

describe('lineQualifies', () => {
  it('covers everything when nothing is named', () => expect(lineQualifies(all, caseLine)).toBe(true));
  it('needs every kind named to match (brand and category)', () => {
    const scope = { categories: ['phone'], brands: ['samsung'], productIds: [] };
    expect(lineQualifies(scope, phone)).toBe(true);
    expect(lineQualifies(scope, iphone)).toBe(false);
    expect(lineQualifies(scope, { ...phone, category: 'accessory' })).toBe(false);
  });
  it('covers a named product (all its variants) whatever its brand', () => {
    const scope = { categories: [], brands: [], productIds: ['CASE-1'] };
    expect(lineQualifies(scope, caseLine)).toBe(true);
    expect(lineQualifies(scope, phone)).toBe(false);
  });
});

describe('discountFor', () => {
  const samsungPhones = { categories: ['phone'], brands: ['Samsung'], productIds: [] };
  it('takes the percentage of the qualifying lines only', () => {
    const r = discountFor(rule({ scope: samsungPhones }), [phone, caseLine], 0, true);
    expect(r).toEqual({ ok: true, discountCents: 9_990, qualifyingCents: 99_900, qualifying: [true, false] });
  });
  it('refuses a cart without a qualifying line', () => {
    expect(discountFor(rule({ scope: samsungPhones }), [caseLine, iphone], 0, true)).toEqual({ ok: false, reason: 'scope' });
  });
  it('refuses below the minimum subtotal (the whole lines)', () => {
    expect(discountFor(rule({ minSubtotalCents: 5_000 }), [caseLine], 0, true)).toEqual({ ok: false, reason: 'minimum' });
    expect(discountFor(rule({ minSubtotalCents: 1_999 }), [caseLine], 0, true).ok).toBe(true);
  });
  it('never takes a fixed amount above the qualifying amount, so the total is never negative', () => {
    const r = discountFor(rule({ kind: 'amount', value: 5_000 }), [caseLine], 300, false);
    expect(r.ok && r.discountCents).toBe(1_999);
  });
  it('takes the delivery fee for free delivery, refused on a pickup order', () => {
    const r = discountFor(rule({ kind: 'free-delivery', value: 0 }), [caseLine], 300, false);
    expect(r.ok && r.discountCents).toBe(300);
    expect(discountFor(rule({ kind: 'free-delivery', value: 0 }), [caseLine], 0, true)).toEqual({ ok: false, reason: 'pickup' });
  });
  it('caps a percentage at 100 %', () => {
    const r = discountFor(rule({ value: 150 }), [caseLine], 300, false);
    expect(r.ok && r.discountCents).toBe(1_999);
  });
});

describe('discountDayValid', () => {
  it('includes both days', () => {
    expect(discountDayValid('2026-11-27', '2026-11-27', '2026-11-30')).toBe(true);
    expect(discountDayValid('2026-11-30', '2026-11-27', '2026-11-30')).toBe(true);
    expect(discountDayValid('2026-12-01', '2026-11-27', '2026-11-30')).toBe(false);
    expect(discountDayValid('2026-11-26', '2026-11-27', null)).toBe(false);
    expect(discountDayValid('2030-01-01', null, null)).toBe(true);
  });
});

describe("a return of an online order's lines (decisions 049, 051)", () => {
  it('refunds a line net of the code, rounded down, never more than what is left of what was paid', () => {
    const o = { subtotalCents: 10_000, linesPaidCents: 9_000, refundedCents: 0 };
    expect(orderReturnRefundCents(5_000, o)).toBe(4_500);
    expect(orderReturnRefundCents(3_333, o)).toBe(2_999);
    expect(orderReturnRefundCents(5_000, { ...o, refundedCents: 8_000 })).toBe(1_000);
    // Without a code the refund is the gross.
    expect(orderReturnRefundCents(1_234, { subtotalCents: 10_000, linesPaidCents: 10_000, refundedCents: 0 })).toBe(1_234);
    // Amounts whose product passes a double's exact integers.
    expect(orderReturnRefundCents(2_000_000_000, { subtotalCents: 2_000_000_001, linesPaidCents: 1_999_999_999, refundedCents: 0 })).toBe(
      1_999_999_998,
    );
  });
});
