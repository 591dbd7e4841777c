import { DEFAULT_COUNTER_DISCOUNT_MAX_PERCENT } from '@shop/shared/domain/counter';
import type { DbOrTx } from '../db/client';
import { settingText } from '../repositories/counter-sales';

/**
 * THE one place the counter reads the owner's limit of a line's discount, in percent (decision 044).
 * The shop's settings (JSON under `shop_settings` in `app_settings`, built on another branch) hold
 * it as `counterDiscountMaxPercent`; until the owner sets it, or when the stored value is not a
 * percent, the domain's default (10 %) applies.
 */
export async function counterDiscountMaxPercent(db: DbOrTx): Promise<number> {
  const text = await settingText(db, 'shop_settings');
  if (text === undefined) return DEFAULT_COUNTER_DISCOUNT_MAX_PERCENT;
  try {
    const value = (JSON.parse(text) as { counterDiscountMaxPercent?: unknown }).counterDiscountMaxPercent;
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100 ? value : DEFAULT_COUNTER_DISCOUNT_MAX_PERCENT;
  } catch {
    return DEFAULT_COUNTER_DISCOUNT_MAX_PERCENT;
  }
}
