import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { msg } from '@shop/shared/messages';
import { defaultShopSettings } from '@shop/shared/domain/shop-settings';
import { settingsMsg } from '@shop/shared/schemas/shop-settings';
import { appSettings, auditLog } from '../db/schema';
import { createTestApp, createUser, type TestApp } from '../test/harness';

/** 'Cilësimet' (issue 30, decision 043). PGlite by default, PostgreSQL with DATABASE_URL. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { role: 'admin', name: 'Pronari Cilësimeve' });
  staff = await createUser(t, { role: 'staff', name: 'Punonjësi Cilësimeve' });
});
afterAll(async () => {
  await t?.close();
});

const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/admin/settings', headers });
const put = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload });
const stored = async () => (await t.db.select().from(appSettings).where(eq(appSettings.key, 'shop_settings')))[0]?.value ?? null;

describe("'Cilësimet'", () => {
  it('answers the defaults before anything is saved; the public contact has no private fields', async () => {
    const res = await get(owner.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaultShopSettings);
    const contact = await t.app.inject({ method: 'GET', url: '/api/settings/contact' });
    expect(contact.statusCode).toBe(200);
    expect(contact.json()).toEqual({
      shopName: defaultShopSettings.shopName,
      shopPhone: defaultShopSettings.shopPhone,
      whatsappNumber: defaultShopSettings.whatsappNumber,
      viberNumber: defaultShopSettings.viberNumber,
      bankName: defaultShopSettings.bankName,
      iban: defaultShopSettings.iban,
      couriers: defaultShopSettings.couriers.map((c) => c.name),
    });
  });

  it('is the owner’s: staff get 403, a guest 401, nothing stored', async () => {
    const s = await get(staff.auth);
    expect(s.statusCode).toBe(403);
    expect(s.json()).toEqual({ msg: msg.ownerOnly });
    expect((await put(staff.auth, defaultShopSettings)).statusCode).toBe(403);
    expect((await put({}, defaultShopSettings)).statusCode).toBe(401);
    expect(await stored()).toBeNull();
  });

  it('saves the whole document normalised, audited with only what changed; the contact follows', async () => {
    const next = {
      ...defaultShopSettings,
      whatsappNumber: '+41 79 123 45 67',
      iban: 'de89 3704 0044 0532 0130 00',
      transferDays: 5,
      couriers: [{ name: 'Posta e Kosovës', trackingUrl: 'https://posta.example/t/{tracking}' }],
    };
    const res = await put(owner.auth, next);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ whatsappNumber: '+41 79 123 45 67', iban: 'DE89370400440532013000', transferDays: 5 });
    expect(JSON.parse((await stored())!)).toEqual(res.json());
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.kind, 'settings.update')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorId: owner.user.id, targetType: 'settings', targetId: 'shop' });
    expect(Object.keys(entry!.after as object).sort()).toEqual(['couriers', 'iban', 'transferDays', 'whatsappNumber']);
    expect(entry!.before).toMatchObject({ transferDays: 3, iban: defaultShopSettings.iban });
    const contact = await t.app.inject({ method: 'GET', url: '/api/settings/contact' });
    expect(contact.json()).toMatchObject({ whatsappNumber: '+41 79 123 45 67', iban: 'DE89370400440532013000' });
    // Saving the same again records nothing new.
    const count = (await t.db.select().from(auditLog).where(eq(auditLog.kind, 'settings.update'))).length;
    expect((await put(owner.auth, res.json() as object)).statusCode).toBe(200);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.kind, 'settings.update'))).length).toBe(count);
  });

  it.each([
    ['an IBAN with a wrong checksum', { iban: 'XK061212012345678906' }, 'IBAN nuk është i saktë: shifrat e kontrollit nuk përputhen.'],
    ['a Kosovo IBAN of the wrong length', { iban: 'XK05121201234567890' }, 'IBAN i Kosovës ka XK dhe 18 shifra (20 shenja gjithsej).'],
    ['a WhatsApp number that is none', { whatsappNumber: '12345' }, settingsMsg.whatsapp],
    ['0 days', { transferDays: 0 }, settingsMsg.transferDays],
    ['a discount over 100%', { counterDiscountMaxPercent: 150 }, settingsMsg.discount],
    ['no couriers', { couriers: [] }, settingsMsg.couriers],
    [
      'a tracking address without its placeholder',
      { couriers: [{ name: 'Posta', trackingUrl: 'https://x.example/' }] },
      settingsMsg.trackingUrl,
    ],
    [
      'a tracking address over http',
      { couriers: [{ name: 'Posta', trackingUrl: 'http://x.example/{tracking}' }] },
      settingsMsg.trackingUrl,
    ],
    [
      'the same courier twice',
      {
        couriers: [
          { name: 'Posta', trackingUrl: '' },
          { name: 'POSTA', trackingUrl: '' },
        ],
      },
      settingsMsg.courierTwice('POSTA'),
    ],
  ])('refuses %s with its Albanian message, nothing changed', async (_why, change, message) => {
    const before = await stored();
    const res = await put(owner.auth, { ...defaultShopSettings, ...change });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { msg: string }).msg).toContain(message);
    expect(await stored()).toBe(before);
  });

  it('a stored document this version cannot read falls back to the defaults field by field', async () => {
    await t.db
      .update(appSettings)
      .set({ value: JSON.stringify({ transferDays: 7, iban: 'nope', unknown: 1 }) })
      .where(eq(appSettings.key, 'shop_settings'));
    const res = await get(owner.auth);
    expect(res.json()).toEqual({ ...defaultShopSettings, transferDays: 7 });
  });
});
