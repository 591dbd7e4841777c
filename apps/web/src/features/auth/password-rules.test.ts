import { describe, expect, it } from 'vitest';
import { authMessages } from '@shop/shared/schemas/auth';
import { passwordReason } from './password-rules';

describe('passwordReason (the rules the browser checks before a call)', () => {
  const who = { email: 'Arta.Krasniqi@Example.com', name: ' Arta Krasniqi ' };

  it('names an empty or short password, the e-mail, its local part and the name, in Albanian', () => {
    expect(passwordReason('', who)).toBe(authMessages.passwordRequired);
    expect(passwordReason('1234567', who)).toBe(authMessages.passwordShort);
    expect(passwordReason('arta.krasniqi@example.com', who)).toBe(authMessages.passwordIsEmail);
    expect(passwordReason(' ARTA.KRASNIQI ', who)).toBe(authMessages.passwordIsEmail);
    expect(passwordReason('arta krasniqi', who)).toBe(authMessages.passwordIsName);
    expect(passwordReason('ArtaKrasniqi', who)).toBe(authMessages.passwordIsName);
  });

  it('accepts 8 characters or more that are neither (common ones are the server’s to refuse)', () => {
    expect(passwordReason('kafe-me-qumësht', who)).toBeNull();
    expect(passwordReason('arta.krasniqi2', who)).toBeNull();
    expect(passwordReason('12345678')).toBeNull();
  });
});
