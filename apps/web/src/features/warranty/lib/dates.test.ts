import { describe, expect, it } from 'vitest';
import { addMonths, formatDateSq, todayInShopZone } from './dates';

describe('warranty dates', () => {
  it('adds months, keeping to the last day of a shorter month', () => {
    expect(addMonths('2025-03-15', 12)).toBe('2026-03-15');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2025-06-10', 24)).toBe('2027-06-10');
  });

  it('writes dates as DD.MM.YYYY', () => {
    expect(formatDateSq('2025-03-05')).toBe('05.03.2025');
    expect(formatDateSq('2025-03-05T10:00:00Z')).toBe('05.03.2025');
  });

  it("takes today's date in Kosovo's zone", () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Prishtina (UTC+1 in winter).
    expect(todayInShopZone(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(todayInShopZone(new Date('2025-07-01T12:00:00Z'))).toBe('2025-07-01');
  });
});
