import { describe, expect, it } from 'vitest';
import { warrantyEndDate, warrantyState, warrantyStateLabels } from './warranty';
import { todayInShop } from './time';

const printed = (data: string, kohezgjatja: string) => ({ status: 'printed', data, kohezgjatja });

describe('warrantyEndDate: the start date plus the duration', () => {
  it.each([
    ['2025-03-15', '12 muaj', '2026-03-15'],
    ['2025-03-15', '1 muaj', '2025-04-15'],
    ['2025-06-10', '24 muaj', '2027-06-10'],
    ['2025-11-20', '3 muaj', '2026-02-20'],
  ])('%s + %s = %s', (start, duration, end) => {
    expect(warrantyEndDate(start, duration)).toBe(end);
  });

  it.each([
    // A month's end: the same day does not exist in the shorter month, so its last day.
    ['2025-01-31', '1 muaj', '2025-02-28'],
    ['2025-01-30', '1 muaj', '2025-02-28'],
    ['2025-03-31', '1 muaj', '2025-04-30'],
    ['2025-08-31', '6 muaj', '2026-02-28'],
    ['2025-12-31', '2 muaj', '2026-02-28'],
    ['2025-05-31', '4 muaj', '2025-09-30'],
    // Leap years: 29 February exists in 2024 and 2028, not in between.
    ['2024-01-31', '1 muaj', '2024-02-29'],
    ['2027-08-29', '6 muaj', '2028-02-29'],
    ['2024-02-29', '12 muaj', '2025-02-28'],
    ['2024-02-29', '24 muaj', '2026-02-28'],
    ['2024-02-29', '1 muaj', '2024-03-29'],
    ['2023-02-28', '12 muaj', '2024-02-28'],
  ])('at a month end or in a leap year: %s + %s = %s', (start, duration, end) => {
    expect(warrantyEndDate(start, duration)).toBe(end);
  });

  it('reads only the date of a stored start, and has no end for a duration not offered or no date', () => {
    expect(warrantyEndDate('2025-03-15T10:00:00.000Z', '6 muaj')).toBe('2025-09-15');
    expect(warrantyEndDate('2025-03-15', '')).toBeNull();
    expect(warrantyEndDate('2025-03-15', '25 muaj')).toBeNull();
    expect(warrantyEndDate('2025-03-15', '1 vit')).toBeNull();
    expect(warrantyEndDate('', '6 muaj')).toBeNull();
    expect(warrantyEndDate('15.03.2025', '6 muaj')).toBeNull();
  });
});

describe('warrantyState: active while the end date is today or later', () => {
  it('is active up to and on its last day, expired the day after', () => {
    const sheet = printed('2025-03-15', '12 muaj');
    expect(warrantyState(sheet, '2025-03-15')).toBe('active');
    expect(warrantyState(sheet, '2026-03-14')).toBe('active');
    expect(warrantyState(sheet, '2026-03-15')).toBe('active');
    expect(warrantyState(sheet, '2026-03-16')).toBe('expired');
    expect(warrantyState(sheet, '2030-01-01')).toBe('expired');
  });

  it('follows the month ends and leap years of the end date', () => {
    // 31 January + 1 month ends on 28 February (2025) or 29 February (2024).
    expect(warrantyState(printed('2025-01-31', '1 muaj'), '2025-02-28')).toBe('active');
    expect(warrantyState(printed('2025-01-31', '1 muaj'), '2025-03-01')).toBe('expired');
    expect(warrantyState(printed('2024-01-31', '1 muaj'), '2024-02-29')).toBe('active');
    expect(warrantyState(printed('2024-01-31', '1 muaj'), '2024-03-01')).toBe('expired');
    // A leap day's year ends on 28 February of the next year.
    expect(warrantyState(printed('2024-02-29', '12 muaj'), '2025-02-28')).toBe('active');
    expect(warrantyState(printed('2024-02-29', '12 muaj'), '2025-03-01')).toBe('expired');
    // Across a year's end.
    expect(warrantyState(printed('2025-12-31', '2 muaj'), '2026-02-28')).toBe('active');
    expect(warrantyState(printed('2025-12-31', '2 muaj'), '2026-03-01')).toBe('expired');
  });

  it('counts today in the shop time zone, not in UTC', () => {
    // 23:30 UTC on 14 March 2026 is already 15 March in Kosovo (UTC+1 before the clocks change).
    const lateEvening = new Date('2026-03-14T23:30:00Z');
    expect(todayInShop(lateEvening)).toBe('2026-03-15');
    const sheet = printed('2026-02-14', '1 muaj');
    expect(warrantyState(sheet, todayInShop(lateEvening))).toBe('expired');
    expect(warrantyState(sheet, todayInShop(new Date('2026-03-14T22:30:00Z')))).toBe('active');
    // Summer time (UTC+2): 22:30 UTC on 31 July is 1 August in Kosovo.
    expect(warrantyState(printed('2026-01-31', '6 muaj'), todayInShop(new Date('2026-07-31T21:30:00Z')))).toBe('active');
    expect(warrantyState(printed('2026-01-31', '6 muaj'), todayInShop(new Date('2026-07-31T22:30:00Z')))).toBe('expired');
  });

  it('uses the shop today when no day is given', () => {
    const today = todayInShop();
    expect(warrantyState(printed(today, '1 muaj'))).toBe('active');
    expect(warrantyState(printed('2000-01-01', '24 muaj'))).toBe('expired');
  });

  it('gives a draft no state, with or without a duration, and no state without a duration', () => {
    expect(warrantyState({ status: 'draft', data: '2025-03-15', kohezgjatja: '' }, '2025-03-15')).toBeNull();
    expect(warrantyState({ status: 'draft', data: '2025-03-15', kohezgjatja: '12 muaj' }, '2025-03-15')).toBeNull();
    expect(warrantyState(printed('2025-03-15', ''), '2025-03-15')).toBeNull();
  });

  it('has an Albanian label for each state', () => {
    expect(warrantyStateLabels).toEqual({ active: 'Aktive', expired: 'Skaduar' });
  });
});
