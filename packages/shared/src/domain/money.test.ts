import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatPrice, formatWholePrice, groupThousands } from './money';

// What the shop showed before, with the browser's own formatter.
const intl2 = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const intl0 = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });

describe('euro amounts', () => {
  it('read as the spec shows them', () => {
    expect(formatPrice(1249)).toBe('1.249,00 €');
    expect(formatPrice(19.9)).toBe('19,90 €');
    expect(formatPrice(0)).toBe('0,00 €');
    expect(formatPrice(1234567.89)).toBe('1.234.567,89 €');
    expect(formatWholePrice(1249)).toBe('1.249 €');
    expect(formatWholePrice(19.9)).toBe('19,90 €');
    expect(formatWholePrice(139.5)).toBe('139,50 €');
    expect(formatPrice(139.5)).toBe('139,50 €');
    expect(formatWholePrice(999.99)).toBe('999,99 €');
    expect(formatWholePrice(1000)).toBe('1.000 €');
    expect(formatWholePrice(-0.5)).toBe('-0,50 €');
  });

  it('groupThousands writes whole numbers as toLocaleString de-DE does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }), (n) => {
        expect(groupThousands(n)).toBe(n.toLocaleString('de-DE'));
      }),
      { numRuns: 2000 },
    );
  });

  it('match Intl de-DE for every amount in whole cents, and for sums of them', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), (cents) => {
        const amount = cents / 100;
        expect(formatPrice(amount)).toBe(`${intl2.format(amount)} €`);
        // Whole euros without cents; anything else exactly as formatPrice (never one decimal).
        expect(formatWholePrice(amount)).toBe(cents % 100 === 0 ? `${intl0.format(amount)} €` : `${intl2.format(amount)} €`);
        expect(formatWholePrice(amount)).not.toMatch(/,\d €$/);
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 500_000 }), { maxLength: 40 }), (lines) => {
        // a total added up in floating point, as a sales sum is
        const total = lines.reduce((s, c) => s + c / 100, 0);
        expect(formatPrice(total)).toBe(`${intl2.format(total)} €`);
      }),
      { numRuns: 2000 },
    );
  });
});
