import { describe, expect, it } from 'vitest';
import { imeiCheckDigit, imeiMessages, imeiProblem, luhnValid, normalizeImei, serializedByDefault } from './units';

describe('IMEI rule', () => {
  it('takes 15 digits with the right Luhn digit, and 14 digits of old data', () => {
    expect(imeiProblem('490154203237518')).toBeNull();
    expect(imeiProblem('35 209900 176148 1')).toBeNull();
    expect(imeiProblem('35209900176148')).toBeNull();
  });
  it('refuses a wrong check digit, a wrong length, letters and nothing, in Albanian', () => {
    expect(imeiProblem('490154203237519')).toBe(imeiMessages.checkDigit);
    expect(imeiProblem('4901542032375')).toBe(imeiMessages.length);
    expect(imeiProblem('4901542032375188')).toBe(imeiMessages.length);
    expect(imeiProblem('49015420323751A')).toBe(imeiMessages.notDigits);
    expect(imeiProblem('  ')).toBe(imeiMessages.empty);
  });
  it('computes the check digit a valid IMEI ends with', () => {
    expect(imeiCheckDigit('49015420323751')).toBe('8');
    expect(luhnValid('79927398713')).toBe(true);
    expect(normalizeImei('35-209900-176148-1')).toBe('352099001761481');
  });
  it('serializes phones by default, not cases or accessories', () => {
    expect(serializedByDefault('phone')).toBe(true);
    expect(serializedByDefault('case')).toBe(false);
    expect(serializedByDefault('accessory')).toBe(false);
  });
});
