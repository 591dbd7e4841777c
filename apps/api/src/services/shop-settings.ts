/**
 * 'Cilësimet' (issue 30, decision 043): the shop's settings, stored as one JSON document in
 * app_settings under 'shop_settings'. Nothing stored yet, or a stored document this version cannot
 * read, means the defaults (domain/shop-settings.ts), field by field: a setting added later starts
 * at its default without a migration.
 */
import { defaultShopSettings, transferDeadline, type ShopSettings } from '@shop/shared/domain/shop-settings';
import type { Order } from '@shop/shared/schemas/order';
import { shopSettingsSchema } from '@shop/shared/schemas/shop-settings';
import type { Db, DbOrTx } from '../db/client';
import { readSetting, writeSetting } from '../repositories/app-settings';
import { recordAudit, type AuditActor } from './audit';

export const SHOP_SETTINGS_KEY = 'shop_settings';

/** The stored document merged over the defaults; each field that does not validate keeps its default. */
function fromStored(text: string | null): ShopSettings {
  if (!text) return defaultShopSettings;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return defaultShopSettings;
  }
  if (!stored || typeof stored !== 'object') return defaultShopSettings;
  const merged: Record<string, unknown> = { ...defaultShopSettings };
  for (const key of Object.keys(defaultShopSettings) as (keyof ShopSettings)[]) {
    const value = (stored as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const one = shopSettingsSchema.shape[key].safeParse(value);
    if (one.success) merged[key] = one.data;
  }
  return merged as unknown as ShopSettings;
}

export async function getShopSettings(db: DbOrTx): Promise<ShopSettings> {
  return fromStored(await readSetting(db, SHOP_SETTINGS_KEY));
}

/** Only the fields that changed, for 'Historiku'. */
function changes(before: ShopSettings, after: ShopSettings) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof ShopSettings)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    b[key] = before[key];
    a[key] = after[key];
  }
  return { b, a };
}

/** PUT /api/admin/settings: the whole document (already validated), audited with what changed. */
export async function saveShopSettings(db: Db, actor: AuditActor, next: ShopSettings): Promise<ShopSettings> {
  return db.transaction(async (tx) => {
    const before = fromStored(await readSetting(tx, SHOP_SETTINGS_KEY, { lock: true }));
    const { b, a } = changes(before, next);
    if (Object.keys(a).length === 0) return before;
    await writeSetting(tx, SHOP_SETTINGS_KEY, JSON.stringify(next));
    await recordAudit(tx, actor, { kind: 'settings.update', targetType: 'settings', targetId: 'shop', before: b, after: a });
    return next;
  });
}

/**
 * An order as the customer reads it (decision 043): a transfer order gets the shop's bank, IBAN
 * and the day it is cancelled when unpaid, from the settings as they are now.
 */
export function withBank<T extends Order>(order: T, settings: ShopSettings): T {
  if (!order.transfer) return order;
  return {
    ...order,
    transfer: {
      ...order.transfer,
      bankName: settings.bankName,
      iban: settings.iban,
      payBy: transferDeadline(new Date(order.createdAt), settings.transferDays).toISOString(),
    },
  };
}

/** `withBank` reading the settings itself. */
export async function withBankOf<T extends Order>(db: DbOrTx, order: T): Promise<T> {
  return order.transfer ? withBank(order, await getShopSettings(db)) : order;
}
