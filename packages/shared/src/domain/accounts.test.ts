import { describe, expect, it } from 'vitest';
import { hasHiddenCharacters, passwordProblem, withoutHiddenCharacters } from './accounts';

describe('hidden characters in names', () => {
  const hidden = {
    'right-to-left override': 'Arta\u202EinimdA',
    'left-to-right override': '\u202DArta',
    'right-to-left isolate': 'Arta\u2067x\u2069',
    'right-to-left mark': 'Arta\u200F',
    'arabic letter mark': 'Arta\u061C',
    'zero-width space': 'Ad\u200Bmin',
    'zero-width joiner': 'Ad\u200Dmin',
    'zero-width non-joiner': 'Ad\u200Cmin',
    'word joiner': 'Ad\u2060min',
    'byte order mark': '\uFEFFAdmin',
    'soft hyphen': 'Ad\u00ADmin',
    'hangul filler': 'Admin\u3164',
    'a control character': 'Ad\u0007min',
  };

  it('finding 6: finds bidi controls, zero-width and blank fillers', () => {
    for (const [what, name] of Object.entries(hidden)) expect(hasHiddenCharacters(name), what).toBe(true);
  });

  it('lets real names through, Albanian letters and accents included', () => {
    for (const name of ['Arta Krasniqi', 'Ërza Çeku', 'José Ñúñez', 'Анна', 'محمد', "O'Brien-Smith"]) {
      expect(hasHiddenCharacters(name), name).toBe(false);
    }
  });

  it('strips them from a name that comes from elsewhere', () => {
    expect(withoutHiddenCharacters('Ad\u200Bmin\u202E')).toBe('Admin');
  });
});

describe('passwordProblem', () => {
  it('finding 5: refuses a short password, the e-mail, its local part and the name, in any case and spacing', () => {
    const who = { email: 'Arta.Krasniqi@Example.com', name: ' Arta Krasniqi ' };
    expect(passwordProblem('1234567', who)).toBe('short');
    expect(passwordProblem('arta.krasniqi@example.com', who)).toBe('email');
    expect(passwordProblem(' ARTA.KRASNIQI ', who)).toBe('email');
    expect(passwordProblem('arta krasniqi', who)).toBe('name');
    expect(passwordProblem('ArtaKrasniqi', who)).toBe('name');
  });

  it('accepts a password of 8 characters or more that is neither', () => {
    expect(passwordProblem('12345678')).toBeUndefined();
    expect(passwordProblem('kafe-me-qumësht', { email: 'a@b.c', name: 'Arta' })).toBeUndefined();
    expect(passwordProblem('arta.krasniqi2', { email: 'arta.krasniqi@example.com', name: 'Arta' })).toBeUndefined();
  });
});
