import { describe, expect, it } from 'vitest';
import { firstContractError, firstContractIssue } from './maintenance-contract';

const valid = { klienti: 'Blerim', mbiemri: 'Gashi', imei: '35693810123456', llojiPageses: 'POS' };
const messages = [
  'Shkruani emrin e klientit!',
  'Shkruani mbiemrin!',
  'IMEI duhet te kete saktësisht 14 shifra numerike!',
  'Zgjidh llojin e pagesës!',
];

describe('maintenance contract rules (product.md §5)', () => {
  it('passes a complete contract', () => {
    expect(firstContractError(valid)).toBeNull();
  });

  it.each<[string, Partial<typeof valid>, string]>([
    ['no name', { klienti: ' ' }, messages[0]!],
    ['no surname', { mbiemri: '' }, messages[1]!],
    ['an IMEI of 13 digits', { imei: '3569381012345' }, messages[2]!],
    ['an IMEI of 15 digits', { imei: '356938101234567' }, messages[2]!],
    ['an IMEI with a letter', { imei: '35693810123a56' }, messages[2]!],
    ['no payment type', { llojiPageses: '' }, messages[3]!],
    ['an unknown payment type', { llojiPageses: 'Kredi' }, messages[3]!],
  ])('each rule failing alone: %s', (_n, change, message) => {
    expect(firstContractError({ ...valid, ...change })).toBe(message);
  });

  it('shows the first of several, in order', () => {
    expect(firstContractError({})).toBe(messages[0]);
    expect(firstContractError({ klienti: 'B', imei: '1' })).toBe(messages[1]);
    expect(firstContractIssue({ klienti: 'B', mbiemri: 'G', imei: '1' })).toEqual({ field: 'imei', message: messages[2] });
    expect(firstContractError({ klienti: 'B', mbiemri: 'G', imei: '12345678901234' })).toBe(messages[3]);
  });
});
