import type { DbOrTx } from '../db/client';
import { getShopSettings } from './shop-settings';

/**
 * THE one place the counter reads the owner's limit of a line's discount, in percent (decisions 043
 * and 044): `counterDiscountMaxPercent` of the shop's settings ('Cilësimet'), whose reader falls back
 * to the default (10 %, `DEFAULT_COUNTER_DISCOUNT_MAX_PERCENT`) until the owner sets it or when the
 * stored value cannot be read.
 */
export async function counterDiscountMaxPercent(db: DbOrTx): Promise<number> {
  return (await getShopSettings(db)).counterDiscountMaxPercent;
}
