import { todayInShop } from '@shop/shared/domain/time';
import type { AdminStats } from '@shop/shared/schemas/admin';
import type { DbOrTx } from '../db/client';
import { loadStats } from '../repositories/admin-stats';

/** The sales figures as of today in the shop's zone (domain/time), whatever zone the server runs in. */
export const salesStats = (db: DbOrTx): Promise<AdminStats> => loadStats(db, todayInShop());
