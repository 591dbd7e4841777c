import { describe, expect, it } from 'vitest';
import { createPinCipher, repairPinKey } from './repair-pin';

const secret = 'a-jwt-secret-of-the-shop-0123456789-abcdef';

describe('the repair PIN seal (decision 018)', () => {
  it('seals with a fresh IV each time and opens what it sealed', () => {
    const pins = createPinCipher(repairPinKey(undefined, secret));
    const a = pins.seal('1234');
    const b = pins.seal('1234');
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64').length).toBe(12 + 16 + 4);
    expect(pins.open(a)).toBe('1234');
    expect(pins.open(b)).toBe('1234');
    expect(pins.open(pins.seal('mbyll-çelës ✓'))).toBe('mbyll-çelës ✓');
  });

  it('derives the same key from the same JWT secret, another from another, and takes REPAIR_PIN_KEY over both', () => {
    expect(repairPinKey(undefined, secret).equals(repairPinKey(undefined, secret))).toBe(true);
    expect(repairPinKey(undefined, secret).equals(repairPinKey(undefined, `${secret}x`))).toBe(false);
    const configured = 'ab'.repeat(32);
    expect(repairPinKey(configured, secret).toString('hex')).toBe(configured);
    // The derived key is not the secret's bytes (HKDF with the 'repair-pin' label).
    expect(repairPinKey(undefined, secret).toString('utf8')).not.toContain(secret.slice(0, 16));
  });

  it('opens nothing sealed with another key, altered, or too short', () => {
    const pins = createPinCipher(repairPinKey(undefined, secret));
    const other = createPinCipher(repairPinKey('cd'.repeat(32), secret));
    const sealed = pins.seal('987654');
    expect(other.open(sealed)).toBeNull();
    const raw = Buffer.from(sealed, 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(pins.open(raw.toString('base64'))).toBeNull();
    expect(pins.open('AAAA')).toBeNull();
    expect(() => createPinCipher(Buffer.alloc(16))).toThrow();
  });
});
