import { describe, expect, it } from 'vitest';
import {
  emptyFilter,
  emptyGiftCardFilter,
  filterByCategory,
  filterCatalogue,
  filterGiftCards,
  homeHeading,
  matchesText,
  normalize,
  parseBound,
  searchProducts,
  showOldPrice,
} from './filters';

const p = (name: string, price: number, description = '', category = 'phone') => ({ id: name, name, description, price, category });

describe('text matching', () => {
  it('ignores case and Albanian diacritics', () => {
    expect(normalize('Mbrojtëse ÇANTË')).toBe('mbrojtese cante');
    expect(matchesText('mbrojtese', 'Mbrojtëse Spigen')).toBe(true);
    expect(matchesText('MBROJTËSE', 'mbrojtese silikoni')).toBe(true);
    expect(matchesText('cante', 'Çantë lëkure')).toBe(true);
  });

  it('needs every word, in any field, and matches everything for an empty query', () => {
    expect(matchesText('iphone 128', 'iPhone 16', 'Memoria 128 GB')).toBe(true);
    expect(matchesText('iphone 512', 'iPhone 16', 'Memoria 128 GB')).toBe(false);
    expect(matchesText('   ', 'çfarëdo')).toBe(true);
  });
});

describe('catalogue filters', () => {
  const items = [p('iPhone 16', 829, 'Çip A18'), p('iPhone 13', 449, 'Klasik'), p('iPhone 12', 329, 'Me 5G')];

  it('treats an empty or non-numeric bound as no limit', () => {
    expect(parseBound('')).toBeNull();
    expect(parseBound('  ')).toBeNull();
    expect(parseBound('abc')).toBeNull();
    expect(parseBound('12,5')).toBe(12.5);
    expect(filterCatalogue(items, emptyFilter)).toHaveLength(3);
  });

  it('compares prices as numbers, bounds included', () => {
    expect(filterCatalogue(items, { ...emptyFilter, min: '449' }).map((i) => i.price)).toEqual([829, 449]);
    expect(filterCatalogue(items, { ...emptyFilter, max: '449' }).map((i) => i.price)).toEqual([449, 329]);
    expect(filterCatalogue(items, { ...emptyFilter, min: '330', max: '800' }).map((i) => i.price)).toEqual([449]);
    // "1000" > "829" as numbers, though not as strings.
    expect(filterCatalogue(items, { ...emptyFilter, max: '1000' })).toHaveLength(3);
  });

  it('searches name and description, case-insensitively', () => {
    expect(filterCatalogue(items, { ...emptyFilter, text: 'klasik' }).map((i) => i.name)).toEqual(['iPhone 13']);
    expect(filterCatalogue(items, { ...emptyFilter, text: 'CIP a18' }).map((i) => i.name)).toEqual(['iPhone 16']);
    expect(filterCatalogue(items, { ...emptyFilter, text: 'pixel' })).toEqual([]);
  });

  it('filters gift cards by text, price and card name', () => {
    const cards = [
      { id: 1, name: 'Vala 5 €', desc: 'Rimbushje', price: 5 },
      { id: 2, name: 'Vala 10 €', desc: 'Rimbushje', price: 10 },
      { id: 3, name: 'Google Play 25 €', desc: 'Aplikacione', price: 25 },
    ];
    expect(filterGiftCards(cards, emptyGiftCardFilter)).toHaveLength(3);
    expect(filterGiftCards(cards, { ...emptyGiftCardFilter, card: 'Vala 10 €' }).map((c) => c.id)).toEqual([2]);
    expect(filterGiftCards(cards, { ...emptyGiftCardFilter, text: 'rimbushje', min: '6' }).map((c) => c.id)).toEqual([2]);
    expect(filterGiftCards(cards, { ...emptyGiftCardFilter, card: 'Vala 5 €', min: '6' })).toEqual([]);
  });
});

describe('home category filter', () => {
  const items = [
    p('Telefon', 1, '', 'phone'),
    p('Mbrojtëse', 1, '', 'case'),
    p('Kartë', 1, '', 'giftcard'),
    p('Karikues', 1, '', 'accessory'),
  ];

  it('keeps a product when its lower-cased category contains the value', () => {
    expect(filterByCategory(items, 'all')).toHaveLength(4);
    expect(filterByCategory(items, 'phone').map((i) => i.name)).toEqual(['Telefon']);
    expect(filterByCategory(items, 'case').map((i) => i.name)).toEqual(['Mbrojtëse']);
    expect(filterByCategory(items, 'giftcard').map((i) => i.name)).toEqual(['Kartë']);
    expect(filterByCategory([p('X', 1, '', 'SmartPhone')], 'phone')).toHaveLength(1);
  });

  it("titles the list 'Produkte të reja' or the category's label", () => {
    expect(homeHeading('all')).toBe('Produkte të reja');
    expect(homeHeading('phone')).toBe('Telefona');
    expect(homeHeading('case')).toBe('Case');
    expect(homeHeading('giftcard')).toBe('Gift Card');
  });
});

describe('search and prices', () => {
  it('finds nothing for an empty query and matches diacritics-free words', () => {
    const items = [p('Mbrojtëse Spigen', 65, 'Për Galaxy'), p('iPhone 15', 699, 'Dynamic Island')];
    expect(searchProducts(items, '  ')).toEqual([]);
    expect(searchProducts(items, 'mbrojtese').map((i) => i.name)).toEqual(['Mbrojtëse Spigen']);
    expect(searchProducts(items, 'galaxy').map((i) => i.name)).toEqual(['Mbrojtëse Spigen']);
    expect(searchProducts(items, 'nokia')).toEqual([]);
  });

  it('shows the old price only when it is higher', () => {
    expect(showOldPrice(100, 120)).toBe(true);
    expect(showOldPrice(100, 100)).toBe(false);
    expect(showOldPrice(100, 90)).toBe(false);
    expect(showOldPrice(100, null)).toBe(false);
  });
});
