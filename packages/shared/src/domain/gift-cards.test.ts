import { describe, expect, it } from 'vitest';
import {
  formatGiftCode,
  GIFT_CODE_ALPHABET,
  giftBalanceLink,
  giftCardUse,
  giftCodeTail,
  isGiftCodeShape,
  normalizeGiftCode,
} from './gift-cards';

describe('gift card codes (decision 048)', () => {
  it('has 32 characters without look-alikes: 80 bits in 16 characters', () => {
    expect(new Set(GIFT_CODE_ALPHABET).size).toBe(32);
    for (const c of '01IO') expect(GIFT_CODE_ALPHABET).not.toContain(c);
  });

  it('reads a code however it is typed, and writes it in groups of four', () => {
    expect(normalizeGiftCode(' abcd-efgh jklm–npqr ')).toBe('ABCDEFGHJKLMNPQR');
    expect(isGiftCodeShape('ABCDEFGHJKLMNPQR')).toBe(true);
    expect(isGiftCodeShape('ABCDEFGHJKLMNPQ0')).toBe(false);
    expect(isGiftCodeShape('ABCDEFGHJKLMNPQ')).toBe(false);
    expect(formatGiftCode('abcdefghjklmnpqr')).toBe('ABCD-EFGH-JKLM-NPQR');
    expect(giftCodeTail('ABCD-EFGH-JKLM-NPQR')).toBe('NPQR');
    expect(giftBalanceLink('https://shop.example/', 'abcdefghjklmnpqr')).toBe(
      'https://shop.example/karta-dhurate/bilanci#ABCD-EFGH-JKLM-NPQR',
    );
  });

  it('uses as much as the total needs up to the balance, or the amount asked within both', () => {
    expect(giftCardUse(5000, 12000, undefined)).toEqual({ ok: true, cents: 5000 });
    expect(giftCardUse(5000, 3000, undefined)).toEqual({ ok: true, cents: 3000 });
    expect(giftCardUse(5000, 12000, 3000)).toEqual({ ok: true, cents: 3000 });
    expect(giftCardUse(5000, 12000, 6000)).toEqual({ ok: false, problem: 'over-balance' });
    expect(giftCardUse(5000, 2000, 3000)).toEqual({ ok: false, problem: 'over-total' });
    expect(giftCardUse(0, 2000, undefined)).toEqual({ ok: false, problem: 'empty' });
    expect(giftCardUse(5000, 2000, 0)).toEqual({ ok: false, problem: 'zero' });
    expect(giftCardUse(5000, 0, undefined)).toEqual({ ok: false, problem: 'zero' });
  });
});
