import { describe, expect, it } from 'vitest';
import { formatOrderDate } from './format-date';

describe('formatOrderDate', () => {
  it('shows the date and time in Kosovo, with Albanian month names', () => {
    // 23:30 UTC in winter is 00:30 the next day in Prishtina (UTC+1).
    expect(formatOrderDate('2026-01-31T23:30:00.000Z')).toBe('1 shkurt 2026, 00:30');
    // Summer time: UTC+2.
    expect(formatOrderDate('2026-07-04T08:05:00.000Z')).toBe('4 korrik 2026, 10:05');
    expect(formatOrderDate('2026-11-21T06:05:00.000Z')).toBe('21 nëntor 2026, 07:05');
  });

  it('shows nothing for a broken date instead of "Invalid Date"', () => {
    expect(formatOrderDate('nuk-eshte-date')).toBe('');
  });
});
