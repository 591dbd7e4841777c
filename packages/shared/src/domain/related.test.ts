import { describe, expect, it } from 'vitest';
import { compatibilityScore, matchingAccessories, phoneModel, relatedProducts, type RelatedCandidate } from './related';

const p = (
  id: string,
  name: string,
  category: RelatedCandidate['category'],
  brand: string,
  price: number,
  fits?: string,
): RelatedCandidate => ({
  id,
  name,
  category,
  brand,
  price,
  specs: fits ? { Përputhshmëria: fits } : {},
});

const proMax = p('iphone-16-pro-max', 'iPhone 16 Pro Max 256 GB', 'phone', 'Apple', 1149);
const catalogue = [
  proMax,
  p('iphone-16-pro', 'iPhone 16 Pro 256 GB', 'phone', 'Apple', 1049),
  p('iphone-12', 'iPhone 12 64 GB', 'phone', 'Apple', 399),
  p('s25-ultra', 'Samsung Galaxy S25 Ultra 256 GB', 'phone', 'Samsung', 1199),
  p('pixel', 'Google Pixel 9 Pro 128 GB', 'phone', 'Google', 999),
  p('case-pro-max', 'Mbrojtëse Silikoni MagSafe për iPhone 16 Pro Max', 'case', 'Apple', 59, 'iPhone 16 Pro Max'),
  p('case-pro', 'Mbrojtëse OtterBox Defender për iPhone 16 Pro', 'case', 'OtterBox', 69, 'iPhone 16 Pro'),
  p('case-s25', 'Mbrojtëse Spigen për Galaxy S25 Ultra', 'case', 'Spigen', 39, 'Samsung Galaxy S25 Ultra'),
  p('magsafe', 'Karikues Apple MagSafe (1 m)', 'accessory', 'Apple', 49, 'iPhone 12–16, AirPods me kuti MagSafe'),
  p('power', 'Power Bank Xiaomi 20000 mAh', 'accessory', 'Xiaomi', 35, 'Telefona, kufje, orë të zgjuara'),
  p('s-charger', 'Karikues Samsung 45W', 'accessory', 'Samsung', 45, 'Galaxy S25 Ultra, S25+, S24 Ultra dhe pajisje USB-C'),
  p('gift', 'Kartë Dhuratë 50 €', 'giftcard', 'Shop', 100),
];

describe('related products and matching accessories', () => {
  it('read a phone model without its storage', () => {
    expect(phoneModel('iPhone 16 Pro Max 256 GB')).toBe('iphone 16 pro max');
    expect(phoneModel('Samsung Galaxy Z Fold6 1 TB')).toBe('samsung galaxy z fold6');
  });

  it('score compatibility by model, family and any phone', () => {
    expect(compatibilityScore('iPhone 16 Pro Max', 'iPhone 16 Pro Max 256 GB')).toBe(3);
    expect(compatibilityScore('iPhone 16 Pro', 'iPhone 16 Pro Max 256 GB')).toBe(0);
    expect(compatibilityScore('Galaxy S25 Ultra, S25+', 'Samsung Galaxy S25 Ultra 512 GB')).toBe(3);
    expect(compatibilityScore('iPhone 12–16 me MagSafe', 'iPhone 15 128 GB')).toBe(2);
    expect(compatibilityScore('iPhone 12–16 me MagSafe', 'iPhone 16e 128 GB')).toBe(2);
    expect(compatibilityScore('iPhone 8 e më të rinj, iPad', 'iPhone 13 128 GB')).toBe(2);
    expect(compatibilityScore('iPhone 12–16', 'Samsung Galaxy S25 128 GB')).toBe(0);
    expect(compatibilityScore('Telefona, kufje', 'Nothing Phone (3a) 128 GB')).toBe(1);
  });

  it('offer the same kind of product, same brand first, never the product itself', () => {
    const ids = relatedProducts(proMax, catalogue).map((r) => r.id);
    expect(ids).toEqual(['iphone-16-pro', 'iphone-12', 's25-ultra', 'pixel']);
  });

  it("offer a phone's own case first, never another model's case, then family and any-phone accessories", () => {
    const ids = matchingAccessories(proMax, catalogue).map((r) => r.id);
    expect(ids).toEqual(['case-pro-max', 'magsafe', 'power']);
    expect(ids).not.toContain('case-pro');
    expect(matchingAccessories(catalogue[3]!, catalogue).map((r) => r.id)).toEqual(['s-charger', 'case-s25', 'power']);
    expect(matchingAccessories(catalogue[5]!, catalogue)).toEqual([]);
  });
});
