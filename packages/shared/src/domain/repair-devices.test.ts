import { describe, expect, it } from 'vitest';
import {
  isListedRepairModel,
  isRepairBrand,
  normalisePatternLock,
  patternLockText,
  repairBrands,
  repairDeviceName,
  repairModelsOf,
} from './repair-devices';
import { warrantyBrands } from './warranty';
import { canMoveRepair, handoverDueCents, repairWarrantyEnd } from './repairs';

describe('the repair counter’s devices (issue 26)', () => {
  it('lists the brands a phone shop repairs, the warranty sheet’s three first, and “Tjetër” last', () => {
    expect(repairBrands.slice(0, 3)).toEqual([...warrantyBrands]);
    for (const b of ['Huawei', 'Google Pixel', 'OnePlus', 'Honor', 'Motorola', 'Nokia', 'Oppo', 'Realme', 'PlayStation'])
      expect(isRepairBrand(b), b).toBe(true);
    expect(repairBrands.at(-1)).toBe('Tjetër');
    expect(isRepairBrand('Siemens')).toBe(false);
    // Tablets under their makers; consoles and controllers for PlayStation; nothing to choose for 'Tjetër'.
    expect(repairModelsOf('Apple').some((g) => g.label === 'Tabletë' && g.options.some((o) => o.startsWith('iPad')))).toBe(true);
    expect(repairModelsOf('Samsung').some((g) => g.options.some((o) => o.startsWith('Galaxy Tab')))).toBe(true);
    expect(repairModelsOf('PlayStation').map((g) => g.label)).toEqual(['Konsola', 'Kontrollerë']);
    expect(repairModelsOf('Tjetër')).toEqual([]);
    expect(isListedRepairModel('Huawei', 'P30 Pro')).toBe(true);
    expect(isListedRepairModel('Huawei', 'P20 Lite')).toBe(false);
  });

  it('names the device as people say it', () => {
    expect(repairDeviceName('Apple', 'iPhone 13')).toBe('Apple iPhone 13');
    expect(repairDeviceName('Google Pixel', 'Pixel 8')).toBe('Google Pixel 8');
    expect(repairDeviceName('PlayStation', 'PlayStation 5')).toBe('PlayStation 5');
    expect(repairDeviceName('PlayStation', 'DualSense')).toBe('PlayStation DualSense');
    expect(repairDeviceName('Honor', 'Honor 90')).toBe('Honor 90');
    expect(repairDeviceName('Tjetër', 'Sony Xperia 5 V')).toBe('Sony Xperia 5 V');
  });

  it('reads a pattern lock as 4 to 9 distinct dots of the keypad grid, in the order drawn', () => {
    expect(normalisePatternLock('1-4-7-8-9')).toBe('14789');
    expect(normalisePatternLock(' 3 2 1 4 ')).toBe('3214');
    expect(normalisePatternLock('1,5,9,6')).toBe('1596');
    expect(normalisePatternLock('123456789')).toBe('123456789');
    expect(normalisePatternLock('')).toBe('');
    for (const bad of ['123', '1-1-2-3', '0123', 'abcd', '1-2-3-x', '1234567891', '-1234', '1234-'])
      expect(normalisePatternLock(bad), bad).toBeNull();
    expect(patternLockText('14789')).toBe('1-4-7-8-9');
  });
});

describe('estimates and hand-over (issue 26)', () => {
  it('lets a ticket waiting for approval be sent a new estimate', () => {
    expect(canMoveRepair('awaiting-approval', 'awaiting-approval')).toBe(true);
    expect(canMoveRepair('diagnosing', 'diagnosing')).toBe(false);
  });

  it('takes the deposit off the final price, and runs the repair’s warranty from the day of hand-over', () => {
    expect(handoverDueCents(11_000, 2_000)).toBe(9_000);
    expect(handoverDueCents(3_500, 5_000)).toBe(-1_500);
    expect(repairWarrantyEnd('2026-11-30', 3)).toBe('2027-02-28');
    expect(repairWarrantyEnd('2026-11-30', 0)).toBeNull();
  });
});
