import { todayInShop } from '@shop/shared/domain/time';
import type { AdminStats } from '@shop/shared/schemas/admin';
import type { DbOrTx } from '../db/client';
import { loadStats } from '../repositories/admin-stats';
import { repairStats } from './repairs';

/**
 * The sales figures as of today in the shop's zone (domain/time), whatever zone the server runs
 * in, and the repair counter's figures.
 */
export async function salesStats(db: DbOrTx): Promise<AdminStats> {
  const [sales, repairs] = await Promise.all([loadStats(db, todayInShop()), repairStats(db)]);
  return { ...sales, repairs };
}
