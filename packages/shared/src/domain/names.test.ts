import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasHiddenCharacters, withoutHiddenCharacters } from './names';

/** Characters refused wherever they stand. */
const alwaysRefused = {
  'line separator U+2028': '\u2028',
  'paragraph separator U+2029': '\u2029',
  'combining grapheme joiner U+034F': '\u034F',
  'next line U+0085': '\u0085',
  'line feed': '\n',
  'carriage return': '\r',
  tab: '\t',
  'right-to-left override': '\u202E',
  'zero-width space': '\u200B',
  'zero-width joiner': '\u200D',
  'byte order mark': '\uFEFF',
  'hangul filler': '\u3164',
  'tag letter a': '\u{E0061}',
};
/** Variation selectors: refused unless right after a character they vary. */
const selectors = {
  'VS16 U+FE0F': '\uFE0F',
  'VS15 U+FE0E': '\uFE0E',
  'VS1 U+FE00': '\uFE00',
  'VS14 U+FE0D': '\uFE0D',
  'VS17 U+E0100': '\u{E0100}',
  'VS256 U+E01EF': '\u{E01EF}',
  'Mongolian FVS1 U+180B': '\u180B',
};

describe('issue 24 finding 11: one rule for the characters of every name (domain/names.ts)', () => {
  it('refuses separators, controls, the combining grapheme joiner and format characters anywhere', () => {
    for (const [what, c] of Object.entries(alwaysRefused)) {
      for (const name of [`Arta${c}Krasniqi`, `${c}Arta`, `Arta${c}`, c, `❤${c}`]) expect(hasHiddenCharacters(name), what).toBe(true);
    }
  });

  it('refuses a variation selector standing alone: at the start, after a letter, a space or another selector, or as the whole name', () => {
    for (const [what, vs] of Object.entries(selectors)) {
      for (const name of [vs, `${vs}Arta`, `Arta${vs}`, `Ar${vs}ta`, `Arta ${vs}`, `${vs}${vs}`, `Arta ❤️${vs}`, '1' + vs]) {
        expect(hasHiddenCharacters(name), `${what} in ${JSON.stringify(name)}`).toBe(true);
      }
    }
  });

  it('lets a selector follow the character it varies, and real names through', () => {
    for (const name of [
      'Arta ❤️',
      'Arta ❤︎',
      '☎️ Servisi Besa',
      'Gëzim ©️',
      '葛\u{E0100}',
      '辶\uFE00',
      'ᠠ\u180B',
      'Arta Krasniqi',
      'Ërza Çeku',
      'José Ñúñez',
      'Анна',
      'محمد',
      "O'Brien-Smith",
      'Zoë e̊',
    ]) {
      expect(hasHiddenCharacters(name), name).toBe(false);
    }
    // The wrong kind of selector for the base is standing alone too.
    expect(hasHiddenCharacters('❤\u{E0100}')).toBe(true);
    expect(hasHiddenCharacters('葛\uFE0F')).toBe(true);
  });

  it('strips what it refuses from a name that comes from elsewhere, keeping the selectors that belong', () => {
    expect(withoutHiddenCharacters('Ad\u200Bmin\u202E')).toBe('Admin');
    expect(withoutHiddenCharacters('\uFE0FArta\u2028 ❤️\uFE0F\u034F')).toBe('Arta ❤️');
  });

  it('holds for any text (property): a refused character anywhere is found, stripping leaves a name that passes', () => {
    const refused = fc.constantFrom(...Object.values(alwaysRefused));
    const letters = fc.constantFrom('A', 'r', 't', 'a', 'ë', 'Ç', ' ', '-', "'", '❤', '葛', 'ᠠ', ...Object.values(selectors));
    const name = fc.array(letters, { maxLength: 12 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(name, refused, name, (before, c, after) => {
        expect(hasHiddenCharacters(before + c + after)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (text) => {
        const clean = withoutHiddenCharacters(text);
        expect(hasHiddenCharacters(clean)).toBe(false);
        expect(withoutHiddenCharacters(clean)).toBe(clean);
        // A selector that passes follows the character it varies.
        for (const [i, c] of [...clean].entries()) {
          if (/[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u.test(c)) expect(i).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });
});
