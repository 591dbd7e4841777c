import { describe, expect, it } from 'vitest';
import { displayPhone, normalisePhone } from './phone';
import { phoneSchema } from '../schemas/order';
import { profileUpdateBodySchema, registerBodySchema } from '../schemas/auth';

/** Issue 30, decision 046: one phone rule for every number the shop keeps. */
describe('normalisePhone', () => {
  it.each([
    ['044 123 456', '+383 44 123 456'],
    ['044123456', '+383 44 123 456'],
    ['+383 44 123 456', '+383 44 123 456'],
    ['00383 49 555 444', '+383 49 555 444'],
    ['(045) 123-456', '+383 45 123 456'],
    ['038 123 456', '+383 38 123 456'],
    ['+41 79 123 45 67', '+41 79 123 45 67'],
    ['+41791234567', '+41 79 123 45 67'],
    ['+49 151 23456789', '+49 1512 3456789'],
    ['+355 69 123 4567', '+355 69 123 4567'],
    ['+1 202 555 0143', '+1 202 555 0143'],
  ])('%s is kept as %s', (typed, stored) => {
    expect(normalisePhone(typed)).toBe(stored);
  });

  it.each(['', '   ', '123', '+41 79 12', '+383 12 345 678', 'telefoni im', '044 123 456 ext 9', '+383 44 123 456 789', '<script>'])(
    '%j is not a number',
    (typed) => {
      expect(normalisePhone(typed)).toBeNull();
    },
  );

  it('shows Kosovo numbers nationally and the rest with their code', () => {
    expect(displayPhone('+383 44 123 456')).toBe('044 123 456');
    expect(displayPhone('+41 79 123 45 67')).toBe('+41 79 123 45 67');
    expect(displayPhone('not a number')).toBe('not a number');
  });
});

describe('the schemas that keep phones', () => {
  it('the delivery, the profile and the guest share the rule and its Albanian message', () => {
    expect(phoneSchema().parse('+41 79 123 45 67')).toBe('+41 79 123 45 67');
    const bad = phoneSchema().safeParse('+41 79 12');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Shkruani një numër telefoni të vlefshëm, p.sh. 044 123 456 ose +41 79 123 45 67.');
    expect(profileUpdateBodySchema.parse({ name: 'Arta Krasniqi', phone: '+49 151 23456789' }).phone).toBe('+49 1512 3456789');
    expect(profileUpdateBodySchema.parse({ name: 'Arta Krasniqi', phone: '' }).phone).toBe('');
  });

  it("registration keeps a number it knows in the rule's writing and anything else the contract accepted as typed", () => {
    const base = { name: 'Arta Krasniqi', email: 'arta@example.com', password: 'Ylberi-Prishtina-2026!' };
    expect(registerBodySchema.parse({ ...base, phone: '044 123 456' }).phone).toBe('+383 44 123 456');
    expect(registerBodySchema.parse({ ...base, phone: '+41791234567' }).phone).toBe('+41 79 123 45 67');
    expect(registerBodySchema.parse({ ...base, phone: '12345678' }).phone).toBe('12345678');
    expect(registerBodySchema.parse({ ...base, phone: '' }).phone).toBe('');
  });
});
