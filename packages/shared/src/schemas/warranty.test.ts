import { describe, expect, it } from 'vitest';
import { firstWarrantyDraftIssue, firstWarrantyError, firstWarrantyIssue, warrantyBodySchema, type WarrantyFieldsInput } from './warranty';
import { warrantyDurations, warrantyModels, warrantySoftware } from '../domain/warranty';

const valid: WarrantyFieldsInput = {
  emri: 'Arta',
  mbiemri: 'Krasniqi',
  telefoni: '044 123 456',
  email: 'arta@example.com',
  marka: 'Samsung',
  modeli: 'Galaxy S24',
  imei: '35693810123456',
  softInfo: 'Android 14 (One UI 6)',
  kohezgjatja: '12 muaj',
  cmimi: 49.9,
  komente: 'Ekrani i ri',
  llojiPageses: 'Cash',
};

const messages = [
  'Shkruani emrin.',
  'Shkruani mbiemrin.',
  'Vendosni nje numer telefoni ose nje email te vlefshem.',
  'Zgjidhni pajisjen dhe modelin.',
  'IMEI duhet te jete saktësisht 14 shifra.',
  'Zgjidhni versionin e softuerit.',
  'Zgjidhni kohezgjatjen e garancionit.',
  'Shkruani cmimin.',
];

describe('warranty sheet rules (product.md §5)', () => {
  it('passes a complete sheet', () => {
    expect(firstWarrantyError(valid)).toBeNull();
  });

  it.each<[string, Partial<WarrantyFieldsInput>, string]>([
    ['empty emri', { emri: '' }, messages[0]!],
    ['blank emri', { emri: '   ' }, messages[0]!],
    ['empty mbiemri', { mbiemri: '' }, messages[1]!],
    ['neither phone nor email', { telefoni: '', email: '' }, messages[2]!],
    ['a 7-digit phone and no email', { telefoni: '044 123 4', email: '' }, messages[2]!],
    ['a bad email and no phone', { telefoni: '', email: 'arta@' }, messages[2]!],
    ['a phone with letters and no email', { telefoni: '044 abc 12345', email: '' }, messages[2]!],
    ['no brand', { marka: '', modeli: '' }, messages[3]!],
    ['a brand without a model', { modeli: '' }, messages[3]!],
    ['an unknown brand', { marka: 'Nokia', modeli: 'Galaxy S24' }, messages[3]!],
    ['a model of another brand', { modeli: 'iPhone 15' }, messages[3]!],
    ['an IMEI of 13 digits', { imei: '3569381012345' }, messages[4]!],
    ['an IMEI of 15 digits', { imei: '356938101234567' }, messages[4]!],
    ['an IMEI with a letter', { imei: '3569381012345A' }, messages[4]!],
    ['no IMEI', { imei: '' }, messages[4]!],
    ['no software', { softInfo: '' }, messages[5]!],
    ['software of another brand', { softInfo: 'iOS 17' }, messages[5]!],
    ['no duration', { kohezgjatja: '' }, messages[6]!],
    ['a duration of 25 months', { kohezgjatja: '25 muaj' }, messages[6]!],
    ['a duration of 0 months', { kohezgjatja: '0 muaj' }, messages[6]!],
    ['no price', { cmimi: null }, messages[7]!],
    ['a negative price', { cmimi: -1 }, messages[7]!],
    ['a price with 3 decimals', { cmimi: 1.234 }, messages[7]!],
  ])('each rule failing alone: %s', (_name, change, message) => {
    expect(firstWarrantyError({ ...valid, ...change })).toBe(message);
  });

  it('a bad email with a good phone passes, and a good email with no phone too', () => {
    expect(firstWarrantyError({ ...valid, email: 'jo-email', telefoni: '+383 44 123 456' })).toBeNull();
    expect(firstWarrantyError({ ...valid, email: 'arta@example.com', telefoni: '' })).toBeNull();
    expect(firstWarrantyError({ ...valid, email: '', telefoni: '04412345' })).toBeNull();
  });

  it('shows the first of several failing rules, in the spec order', () => {
    const empty: WarrantyFieldsInput = {};
    expect(firstWarrantyError(empty)).toBe(messages[0]);
    // Drop the fields' values one rule at a time from the end: the first remaining failure wins.
    const broken: WarrantyFieldsInput = {
      emri: '',
      mbiemri: '',
      telefoni: '123',
      email: 'x',
      marka: '',
      modeli: '',
      imei: '1',
      softInfo: '',
      kohezgjatja: '',
      cmimi: null,
    };
    const fixes: Partial<WarrantyFieldsInput>[] = [
      { emri: 'Arta' },
      { mbiemri: 'Krasniqi' },
      { telefoni: '044123456' },
      { marka: 'Apple', modeli: 'iPhone 15' },
      { imei: '12345678901234' },
      { softInfo: 'iOS 17' },
      { kohezgjatja: '6 muaj' },
      { cmimi: 0 },
    ];
    let sheet = { ...broken };
    for (const [i, fix] of fixes.entries()) {
      expect(firstWarrantyError(sheet)).toBe(messages[i]);
      sheet = { ...sheet, ...fix };
    }
    expect(firstWarrantyError(sheet)).toBeNull();
  });

  it('points the device message at the brand until one is chosen, then at the model', () => {
    expect(firstWarrantyIssue({ ...valid, marka: '', modeli: '' })?.field).toBe('marka');
    expect(firstWarrantyIssue({ ...valid, modeli: '' })?.field).toBe('modeli');
  });

  it('offers the catalogues of product.md §3', () => {
    expect(warrantyDurations).toHaveLength(24);
    expect(warrantyDurations[0]).toBe('1 muaj');
    expect(warrantyDurations[23]).toBe('24 muaj');
    expect(warrantyModels.Apple.map((g) => g.label)).toEqual(['Telefona', 'Tabletë', 'Ora']);
    expect(warrantyModels.Samsung.map((g) => g.label)).toEqual(['Telefona', 'Tabletë', 'Ora']);
    expect(warrantyModels.Xiaomi.map((g) => g.label)).toEqual(['Telefona', 'Tabletë', 'Ora', 'Byzylykë']);
    const apple = warrantySoftware.Apple.flatMap((g) => g.options);
    for (const v of [14, 15, 16, 17, 18]) expect(apple).toEqual(expect.arrayContaining([`iOS ${v}`, `iPadOS ${v}`]));
    const samsung = warrantySoftware.Samsung.flatMap((g) => g.options);
    for (const v of [10, 11, 12, 13, 14, 15]) expect(samsung.some((s) => s.startsWith(`Android ${v} (One UI`))).toBe(true);
    expect(samsung).toEqual(expect.arrayContaining(['Tizen', 'Wear OS (One UI Watch)']));
    const xiaomi = warrantySoftware.Xiaomi.flatMap((g) => g.options);
    expect(xiaomi).toEqual(expect.arrayContaining(['MIUI 12', 'MIUI 13', 'MIUI 14', 'HyperOS 1']));
  });
});

describe('the API body: status decides which rules run', () => {
  it('a printed sheet runs the form rules, first failing message first', () => {
    const res = warrantyBodySchema.safeParse({ ...valid, emri: '', imei: '123', status: 'printed' });
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => i.message)).toEqual([messages[0], messages[4]]);
  });

  it('a draft may be incomplete', () => {
    const res = warrantyBodySchema.safeParse({ status: 'draft', emri: 'Arta' });
    expect(res.success).toBe(true);
    expect(res.data).toMatchObject({ emri: 'Arta', mbiemri: '', cmimi: null, llojiPageses: 'Cash' });
  });

  it('a draft must still be well-formed', () => {
    const first = (body: object) => warrantyBodySchema.safeParse({ status: 'draft', ...body }).error?.issues[0]?.message;
    expect(first({ imei: '12345' })).toBeUndefined();
    expect(first({ imei: '12a45' })).toBe(messages[4]);
    expect(first({ imei: '123456789012345' })).toBe(messages[4]);
    expect(first({ marka: 'Nokia' })).toBe(messages[3]);
    expect(first({ marka: 'Apple', modeli: 'Galaxy S24' })).toBe(messages[3]);
    expect(first({ modeli: 'iPhone 15' })).toBe(messages[3]);
    expect(first({ marka: 'Apple', softInfo: 'MIUI 14' })).toBe(messages[5]);
    expect(first({ kohezgjatja: '36 muaj' })).toBe(messages[6]);
    expect(first({ cmimi: -5 })).toBe(messages[7]);
    expect(first({ llojiPageses: 'Bitcoin' })).toMatch(/llojiPageses/);
    expect(first({ emri: 'x'.repeat(101) })).toMatch(/emri/);
    expect(first({ emri: 5 })).toMatch(/emri/);
  });

  it('a draft refuses a phone or an email that is present but malformed, with the contact message', () => {
    const issues = (body: object) => warrantyBodySchema.safeParse({ status: 'draft', ...body }).error?.issues;
    expect(issues({ email: 'jo-email' })).toEqual([expect.objectContaining({ message: messages[2], path: ['email'] })]);
    expect(issues({ email: 'arta@' })?.[0]?.message).toBe(messages[2]);
    expect(issues({ telefoni: '044 123 4' })).toEqual([expect.objectContaining({ message: messages[2], path: ['telefoni'] })]);
    expect(issues({ telefoni: 'nuk ka' })?.[0]?.message).toBe(messages[2]);
    // A good phone does not excuse a bad email in a draft (each field present must be well-formed).
    expect(issues({ telefoni: '044 123 456', email: 'jo-email' })?.[0]?.path).toEqual(['email']);
    // In the spec's order: the contact before the device.
    expect(issues({ email: 'jo-email', marka: 'Nokia' })?.map((i) => i.message)).toEqual([messages[2], messages[3]]);
    // Empty, or well-formed, passes.
    for (const body of [{}, { telefoni: '  ', email: ' ' }, { telefoni: '+383 44 123 456' }, { email: 'arta@example.com' }]) {
      expect(issues(body)).toBeUndefined();
    }
    expect(firstWarrantyDraftIssue({ email: 'jo-email' })).toEqual({ field: 'email', message: messages[2] });
    expect(firstWarrantyDraftIssue({ telefoni: '12' })).toEqual({ field: 'telefoni', message: messages[2] });
    expect(firstWarrantyDraftIssue({ emri: 'Arta', imei: '1234' })).toBeNull();
  });

  it('an empty price is no price: a printed sheet answers the price message, a draft keeps null', () => {
    const printed = warrantyBodySchema.safeParse({ ...valid, cmimi: '', status: 'printed' });
    expect(printed.error?.issues).toEqual([expect.objectContaining({ message: messages[7], path: ['cmimi'] })]);
    // The rules still run in order: an empty price does not hide an earlier failure behind a type error.
    const both = warrantyBodySchema.safeParse({ ...valid, emri: '', cmimi: '', status: 'printed' });
    expect(both.error?.issues.map((i) => i.message)).toEqual([messages[0], messages[7]]);
    expect(firstWarrantyIssue({ ...valid, cmimi: '  ' })).toEqual({ field: 'cmimi', message: messages[7] });
    expect(warrantyBodySchema.safeParse({ status: 'draft', cmimi: ' ' }).error?.issues[0]?.message).toBe(messages[7]);
    const draft = warrantyBodySchema.safeParse({ status: 'draft', emri: 'Arta', cmimi: '' });
    expect(draft.success).toBe(true);
    expect(draft.data?.cmimi).toBeNull();
  });

  it('a price written as text is not a price, printed or draft', () => {
    for (const status of ['printed', 'draft']) {
      for (const cmimi of ['12', 'abc', '12,50']) {
        const res = warrantyBodySchema.safeParse({ ...valid, cmimi, status });
        expect(
          res.error?.issues.map((i) => i.message),
          `${status} ${cmimi}`,
        ).toEqual([messages[7]]);
      }
    }
    expect(warrantyBodySchema.safeParse({ ...valid, cmimi: true, status: 'draft' }).error?.issues[0]?.message).toMatch(/cmimi/);
  });

  it('needs a known status', () => {
    expect(warrantyBodySchema.safeParse({ ...valid }).error?.issues[0]?.message).toMatch(/status/);
    expect(warrantyBodySchema.safeParse({ ...valid, status: 'archived' }).success).toBe(false);
  });
});
