import { daysBefore, rangeDays } from '@shop/shared/domain/admin-lists';
import { lastDays, todayInShop } from '@shop/shared/domain/time';
import type { StatsRange } from '@shop/shared/schemas/admin-lists';
import type { DbOrTx } from '../db/client';
import { loadStatsRange } from '../repositories/stats-range';

/** Days the statistics page shows when no range is asked: the last 30, as the dashboard's chart. */
export const DEFAULT_RANGE_DAYS = 30;

/** The statistics of the range (days in the shop's zone, both included; the schema checked it), or of the last 30 days. */
export function statsForRange(db: DbOrTx, range: { from?: string; to?: string }, today = todayInShop()): Promise<StatsRange> {
  const to = range.to ?? today;
  const from = range.from ?? daysBefore(to, DEFAULT_RANGE_DAYS - 1);
  return loadStatsRange(db, lastDays(to, rangeDays(from, to)));
}
