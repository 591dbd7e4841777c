import { describe, expect, it } from 'vitest';
import { defaultShopSettings, findCourier, formatIban, ibanChecksumOk, ibanProblem, normaliseIban, trackingUrl } from './shop-settings';

describe('IBAN', () => {
  it('checks the mod-97 checksum (Kosovo and others)', () => {
    expect(ibanChecksumOk('XK051212012345678906')).toBe(true);
    expect(ibanChecksumOk('DE89370400440532013000')).toBe(true);
    expect(ibanChecksumOk('XK061212012345678906')).toBe(false);
    expect(ibanProblem(defaultShopSettings.iban)).toBeNull();
    expect(ibanProblem('XK0512120123456789')).toMatch(/XK dhe 18 shifra/);
    expect(ibanProblem('12')).toMatch(/kodin e shtetit/);
  });
  it('normalises and prints in groups of four', () => {
    expect(normaliseIban(' xk05 1212-0123 4567 8906 ')).toBe('XK051212012345678906');
    expect(formatIban('XK051212012345678906')).toBe('XK05 1212 0123 4567 8906');
  });
});

describe('trackingUrl', () => {
  const posta = { name: 'Posta e Kosovës', trackingUrl: 'https://posta.example/t?nr={tracking}' };
  it('puts the number, encoded, where the placeholder is', () => {
    expect(trackingUrl(posta, 'RR123456789XK')).toBe('https://posta.example/t?nr=RR123456789XK');
    expect(trackingUrl(posta, 'a/../b?c')).toBe('https://posta.example/t?nr=a%2F..%2Fb%3Fc');
  });
  it('is null without a courier, a number or a tracking page', () => {
    expect(trackingUrl(null, 'X1')).toBeNull();
    expect(trackingUrl(posta, '')).toBeNull();
    expect(trackingUrl({ name: 'EX', trackingUrl: '' }, 'X1')).toBeNull();
  });
  it('finds a courier by name without case', () => {
    expect(findCourier(defaultShopSettings, 'posta e kosovës')?.name).toBe('Posta e Kosovës');
    expect(findCourier(defaultShopSettings, 'Nuk ka')).toBeNull();
  });
});
