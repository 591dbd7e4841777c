import { describe, expect, it } from 'vitest';
import { addMonths, formatDay, formatLongDate, formatMoment, todayInShop } from './time';

describe('shop dates', () => {
  it('adds months, keeping to the last day of a shorter month', () => {
    expect(addMonths('2025-03-15', 12)).toBe('2026-03-15');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2025-06-10', 24)).toBe('2027-06-10');
  });

  it('writes dates as DD.MM.YYYY', () => {
    expect(formatDay('2025-03-05')).toBe('05.03.2025');
    expect(formatDay('2025-03-05T10:00:00Z')).toBe('05.03.2025');
  });

  it("takes today's date in Kosovo's zone", () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Prishtina (UTC+1 in winter).
    expect(todayInShop(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(todayInShop(new Date('2025-07-01T12:00:00Z'))).toBe('2025-07-01');
  });
});

describe('formatMoment', () => {
  it('shows the date and time in Kosovo, with Albanian month names', () => {
    // 23:30 UTC in winter is 00:30 the next day in Prishtina (UTC+1).
    expect(formatMoment('2026-01-31T23:30:00.000Z')).toBe('1 shkurt 2026, 00:30');
    // Summer time: UTC+2.
    expect(formatMoment('2026-07-04T08:05:00.000Z')).toBe('4 korrik 2026, 10:05');
    expect(formatMoment('2026-11-21T06:05:00.000Z')).toBe('21 nëntor 2026, 07:05');
  });

  it('shows nothing for a broken date instead of "Invalid Date"', () => {
    expect(formatMoment('nuk-eshte-date')).toBe('');
  });
});

describe('formatLongDate', () => {
  it('writes a blog date with the Albanian month name', () => {
    expect(formatLongDate('2026-10-30')).toBe('30 tetor 2026');
    expect(formatLongDate('2026-01-05')).toBe('5 janar 2026');
  });

  it('leaves text that is not a date as it is', () => {
    expect(formatLongDate('sot')).toBe('sot');
    expect(formatLongDate('2026-13-01')).toBe('2026-13-01');
  });
});
