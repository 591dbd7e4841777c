import { describe, expect, it } from 'vitest';
import { counterPaymentMethods } from './counter';
import { dayCloseDayProblem, dayCloseFigures, differenceKind, differenceLabels } from './day-close';

describe("'Mbyllja e ditës': the figures of a till's day", () => {
  it('sums sales and refunds per method and the cash the drawer should hold, to the cent', () => {
    const f = dayCloseFigures({
      sales: [{ cash: 49_999 }, { cash: 1_001, pos: 20_000 }, { transfer: 33_333 }, { pos: 1 }],
      refunds: [
        { method: 'cash', cents: 12_345 },
        { method: 'pos', cents: 1 },
      ],
      codCashCents: 10_999,
      codOrders: 2,
      openingFloatCents: 5_000,
      countedCashCents: 54_650,
    });
    expect(f.byMethod).toEqual([
      { method: 'cash', salesCents: 51_000, refundsCents: 12_345, netCents: 38_655 },
      { method: 'pos', salesCents: 20_001, refundsCents: 1, netCents: 20_000 },
      { method: 'transfer', salesCents: 33_333, refundsCents: 0, netCents: 33_333 },
      { method: 'giftcard', salesCents: 0, refundsCents: 0, netCents: 0 },
    ]);
    expect(f.salesCount).toBe(4);
    expect(f.returnsCount).toBe(2);
    expect(f.salesCents).toBe(104_334);
    expect(f.refundsCents).toBe(12_346);
    expect(f.netCents).toBe(f.salesCents - f.refundsCents);
    // 50,00 + 510,00 − 123,45 + 109,99 = 546,54
    expect(f.expectedCashCents).toBe(54_654);
    expect(f.differenceCents).toBe(-4);
    expect(differenceLabels[differenceKind(f.differenceCents!)]).toBe('Mungesë');
  });

  it('adds up for many random days: the methods make the totals, the drawer its parts', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let run = 0; run < 200; run += 1) {
      const sales = Array.from({ length: rnd(20) }, () =>
        Object.fromEntries(counterPaymentMethods.map((m) => [m, rnd(3) === 0 ? rnd(200_000) : 0])),
      );
      const refunds = Array.from({ length: rnd(5) }, () => ({
        method: counterPaymentMethods[rnd(counterPaymentMethods.length)]!,
        cents: rnd(50_000),
      }));
      const input = {
        sales,
        refunds,
        codCashCents: rnd(100_000),
        codOrders: 1,
        openingFloatCents: rnd(10_000),
        countedCashCents: rnd(500_000),
      };
      const f = dayCloseFigures(input);
      expect(f.byMethod.reduce((s, m) => s + m.salesCents, 0)).toBe(f.salesCents);
      expect(f.byMethod.reduce((s, m) => s + m.refundsCents, 0)).toBe(f.refundsCents);
      expect(f.salesCents).toBe(sales.reduce((s, x) => s + Object.values(x).reduce((a, b) => a + b, 0), 0));
      const cash = f.byMethod.find((m) => m.method === 'cash')!;
      expect(f.expectedCashCents).toBe(input.openingFloatCents + cash.salesCents - cash.refundsCents + input.codCashCents);
      expect(f.differenceCents! + f.expectedCashCents).toBe(input.countedCashCents);
      for (const v of [f.salesCents, f.refundsCents, f.expectedCashCents, f.differenceCents!]) expect(Number.isInteger(v)).toBe(true);
    }
  });

  it("counts a gift card's part of sales and returns on its own row, never as the till's cash", () => {
    // A 120,00 € sale: 50,00 € by card, 70,00 € cash; then its return of 120,00 €: the card gets
    // its 50,00 € back, the till pays 70,00 € in cash.
    const f = dayCloseFigures({
      sales: [{ cash: 7_000, giftcard: 5_000 }],
      refunds: [{ method: 'cash', cents: 12_000, cardCents: 5_000 }],
      codCashCents: 0,
      codOrders: 0,
      openingFloatCents: 2_000,
      countedCashCents: 2_000,
    });
    expect(f.byMethod.find((m) => m.method === 'cash')).toEqual({ method: 'cash', salesCents: 7_000, refundsCents: 7_000, netCents: 0 });
    expect(f.byMethod.find((m) => m.method === 'giftcard')).toEqual({
      method: 'giftcard',
      salesCents: 5_000,
      refundsCents: 5_000,
      netCents: 0,
    });
    expect(f.salesCents).toBe(12_000);
    expect(f.refundsCents).toBe(12_000);
    expect(f.returnsCount).toBe(1);
    expect(f.expectedCashCents).toBe(2_000);
    expect(f.differenceCents).toBe(0);
  });

  it('a preview has no difference; a balanced drawer none; a surplus is Tepricë', () => {
    const base = { sales: [{ cash: 100 }], refunds: [], codCashCents: 0, codOrders: 0, openingFloatCents: 0 };
    expect(dayCloseFigures({ ...base, countedCashCents: null }).differenceCents).toBeNull();
    expect(differenceKind(dayCloseFigures({ ...base, countedCashCents: 100 }).differenceCents!)).toBe('none');
    expect(differenceLabels[differenceKind(dayCloseFigures({ ...base, countedCashCents: 150 }).differenceCents!)]).toBe('Tepricë');
  });

  it('refuses a day still to come', () => {
    expect(dayCloseDayProblem('2026-12-02', '2026-12-01')).toBe('future');
    expect(dayCloseDayProblem('2026-12-01', '2026-12-01')).toBeNull();
    expect(dayCloseDayProblem('2026-11-30', '2026-12-01')).toBeNull();
  });
});
