import { describe, expect, it } from 'vitest';
import {
  chatOrderMessage,
  defaultShopSettings,
  findCourier,
  formatIban,
  ibanChecksumOk,
  ibanProblem,
  normaliseIban,
  trackingUrl,
  viberOrderLink,
  whatsappOrderLink,
} from './shop-settings';

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

describe("'Porosit me WhatsApp / Viber'", () => {
  const line = {
    name: 'iPhone 16 Pro Max',
    variant: 'Titanium i zi / 256 GB',
    quantity: 1,
    price: 1149,
    url: 'https://dyqani.test/products/iphone-16-pro-max?variant=3',
  };
  it('names the product, variant, price and link in Albanian; the total for more than one', () => {
    const one = chatOrderMessage([line]);
    expect(one).toContain('Përshëndetje! Dua ta porosis:');
    expect(one).toContain('iPhone 16 Pro Max (Titanium i zi / 256 GB), 1 × 1.149,00 €');
    expect(one).toContain(line.url);
    expect(one).not.toContain('Totali');
    expect(chatOrderMessage([line, { ...line, name: 'Kabllo', variant: null, price: 19.99, quantity: 2 }])).toContain('Totali: 1.188,98 €');
  });
  it('opens WhatsApp and Viber with the number and the text encoded', () => {
    expect(whatsappOrderLink('+38344123456', 'a b&c')).toBe('https://wa.me/38344123456?text=a%20b%26c');
    expect(viberOrderLink('+41791234567', 'ë')).toBe('viber://chat?number=%2B41791234567&draft=%C3%AB');
  });
});
