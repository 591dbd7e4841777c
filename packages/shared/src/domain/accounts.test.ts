import { describe, expect, it } from 'vitest';
import { passwordProblem } from './accounts';

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
