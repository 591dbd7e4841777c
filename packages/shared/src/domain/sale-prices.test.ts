import { describe, expect, it } from 'vitest';
import { fromShopLocal, percentOffCents, saleEndsText, salePriceProblem, spansOverlap, toShopLocal } from './sale-prices';

describe('percentOffCents: the one rounding rule of a percentage sale', () => {
  it('takes the percentage off to the nearest cent, a half cent up', () => {
    expect(percentOffCents(114_900, 15)).toBe(97_665);
    expect(percentOffCents(99, 50)).toBe(50); // 49,5 cents
    expect(percentOffCents(101, 50)).toBe(51); // 50,5 cents
    expect(percentOffCents(1_999, 10)).toBe(1_799); // 1799,1
    expect(percentOffCents(1_995, 10)).toBe(1_796); // 1795,5
    expect(percentOffCents(10_000, 90)).toBe(1_000);
  });
  it('always gives whole cents below the price for 1-90 %', () => {
    for (const price of [1, 99, 1_234, 99_999, 214_900])
      for (let pc = 1; pc <= 90; pc++) {
        const sale = percentOffCents(price, pc);
        expect(Number.isInteger(sale)).toBe(true);
        expect(sale).toBeLessThanOrEqual(price);
      }
  });
});

describe('salePriceProblem', () => {
  it('refuses a sale of 0 or less and one that does not lower the price', () => {
    expect(salePriceProblem(0, 1000)).toBe('not-positive');
    expect(salePriceProblem(-1, 1000)).toBe('not-positive');
    expect(salePriceProblem(1000, 1000)).toBe('not-lower');
    expect(salePriceProblem(1200, 1000)).toBe('not-lower');
    expect(salePriceProblem(999, 1000)).toBeNull();
  });
});

describe('spansOverlap', () => {
  const s = (a: string, b: string) => ({ startsAt: new Date(a), endsAt: new Date(b) });
  it('spans sharing a moment overlap; one ending as the next starts does not', () => {
    const weekend = s('2026-11-28T00:00:00+01:00', '2026-11-30T00:00:00+01:00');
    expect(spansOverlap(weekend, s('2026-11-29T12:00:00+01:00', '2026-12-02T00:00:00+01:00'))).toBe(true);
    expect(spansOverlap(weekend, s('2026-11-27T00:00:00+01:00', '2026-11-28T00:00:01+01:00'))).toBe(true);
    expect(spansOverlap(weekend, s('2026-11-27T00:00:00+01:00', '2026-12-01T00:00:00+01:00'))).toBe(true);
    expect(spansOverlap(weekend, s('2026-11-28T10:00:00+01:00', '2026-11-28T11:00:00+01:00'))).toBe(true);
    expect(spansOverlap(weekend, s('2026-11-30T00:00:00+01:00', '2026-12-01T00:00:00+01:00'))).toBe(false);
    expect(spansOverlap(weekend, s('2026-11-27T00:00:00+01:00', '2026-11-28T00:00:00+01:00'))).toBe(false);
  });
});

describe("the shop's wall clock", () => {
  it('reads a datetime-local value in Europe/Belgrade, winter and summer', () => {
    expect(fromShopLocal('2026-11-28T00:00')!.toISOString()).toBe('2026-11-27T23:00:00.000Z');
    expect(fromShopLocal('2026-07-04T18:30')!.toISOString()).toBe('2026-07-04T16:30:00.000Z');
    expect(fromShopLocal('2026-11-28T00:00:15')!.toISOString()).toBe('2026-11-27T23:00:15.000Z');
    expect(toShopLocal(new Date('2026-11-27T23:00:00Z'))).toBe('2026-11-28T00:00');
    expect(toShopLocal(new Date('2026-07-04T16:30:00Z'))).toBe('2026-07-04T18:30');
  });
  it('refuses what is not a wall time', () => {
    for (const bad of [
      '',
      '2026-02-30T10:00',
      '2026-11-28',
      '2026-11-28T24:00',
      '2026-11-28T10:60',
      '2026-11-28T10:00:60',
      '28.11.2026 10:00',
    ])
      expect(fromShopLocal(bad), bad).toBeNull();
  });
  it('round-trips every hour of a year, the changes of summer time included', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000) {
      const local = toShopLocal(new Date(t));
      expect(toShopLocal(fromShopLocal(local)!)).toBe(local);
    }
  });
  it("writes a sale's end as the product page says it", () => {
    expect(saleEndsText('2026-11-30T22:59:00Z')).toBe('Oferta mbaron më 30.11. në 23:59');
  });
});
