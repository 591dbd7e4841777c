import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { authMessages } from '@shop/shared/schemas/auth';
import { orderMessages } from '@shop/shared/schemas/order';
import { repairMessages } from '@shop/shared/messages-repairs';
import { warrantyMessages } from '@shop/shared/messages-warranty';
import { countRows, createTestApp, createUser, type TestApp } from '../test/harness';
import { completeRepairIntake, completeWarrantySheet } from '../test/admin-helpers';

/**
 * Every name field refuses the characters of domain/names.ts with its Albanian message and
 * changes nothing: the account's name (register, profile), the delivery's recipient (profile,
 * order), a repair's customer (intake, edit) and a warranty sheet's first and last name (draft,
 * printed, edit).
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;
let repairId: number;
let sheetId: number;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_MAX: 10_000 });
  admin = await createUser(t, { role: 'admin' });
  customer = await createUser(t, { name: 'Arta Krasniqi' });
  const repair = await t.app.inject({ method: 'POST', url: '/api/admin/repairs', headers: admin.auth, payload: completeRepairIntake });
  expect(repair.statusCode, repair.body).toBe(201);
  repairId = (repair.json() as { id: number }).id;
  const sheet = await t.app.inject({
    method: 'POST',
    url: '/api/admin/warranty',
    headers: admin.auth,
    payload: { ...completeWarrantySheet, status: 'draft' },
  });
  expect(sheet.statusCode, sheet.body).toBe(201);
  sheetId = (sheet.json() as { id: number }).id;
});
afterAll(async () => {
  await t?.close();
});

/** The finding's characters, each inside an otherwise good name. */
const badNames = {
  'U+2028': 'Arta\u2028Krasniqi',
  'U+2029': 'Arta\u2029Krasniqi',
  'U+034F': 'Ar\u034Fta Krasniqi',
  'U+FE0F alone': 'Arta\uFE0F Krasniqi',
  'U+FE0F only': '\uFE0F\uFE0F',
  'U+E0100 alone': 'Arta\u{E0100} Krasniqi',
};

const delivery = { fullName: 'Arta Krasniqi', phone: '044 123 456', city: 'Prishtinë', address: 'Rr. Agim Ramadani 12' };

const fields: { field: string; message: string; table: string; request: (name: string) => InjectOptions }[] = [
  {
    field: 'register: name',
    message: authMessages.nameInvalidChars,
    table: 'users',
    request: (name) => ({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name, email: `emri-${Math.random().toString(36).slice(2)}@test.local`, password: 'Ylberi-Prishtina-2026!' },
    }),
  },
  {
    field: 'profile: name',
    message: authMessages.nameInvalidChars,
    table: 'users',
    request: (name) => ({ method: 'PATCH', url: '/api/auth/profile', headers: customer.auth, payload: { name } }),
  },
  {
    field: 'profile: delivery.fullName',
    message: orderMessages.fullNameChars,
    table: 'users',
    request: (name) => ({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: customer.auth,
      payload: { name: 'Arta Krasniqi', delivery: { ...delivery, fullName: name } },
    }),
  },
  {
    field: 'order: delivery.fullName',
    message: orderMessages.fullNameChars,
    table: 'orders',
    request: (name) => ({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: {
        items: [{ id: 'iphone-16-pro-max', quantity: 1, price: 1 }],
        total: 1,
        fulfilment: 'delivery',
        delivery: { ...delivery, fullName: name },
      },
    }),
  },
  {
    field: 'repair intake: customerName',
    message: repairMessages.nameChars,
    table: 'repair_tickets',
    request: (name) => ({
      method: 'POST',
      url: '/api/admin/repairs',
      headers: admin.auth,
      payload: { ...completeRepairIntake, customerName: name },
    }),
  },
  {
    field: 'repair edit: customerName',
    message: repairMessages.nameChars,
    table: 'repair_tickets',
    request: (name) => ({ method: 'PATCH', url: `/api/admin/repairs/${repairId}`, headers: admin.auth, payload: { customerName: name } }),
  },
  ...(['draft', 'printed'] as const).flatMap((status) => [
    {
      field: `warranty ${status}: emri`,
      message: warrantyMessages.emriChars,
      table: 'warranty_sheets',
      request: (name: string): InjectOptions => ({
        method: 'POST',
        url: '/api/admin/warranty',
        headers: admin.auth,
        payload: { ...completeWarrantySheet, status, emri: name },
      }),
    },
    {
      field: `warranty ${status}: mbiemri`,
      message: warrantyMessages.mbiemriChars,
      table: 'warranty_sheets',
      request: (name: string): InjectOptions => ({
        method: 'POST',
        url: '/api/admin/warranty',
        headers: admin.auth,
        payload: { ...completeWarrantySheet, status, mbiemri: name },
      }),
    },
  ]),
  {
    field: 'warranty edit: emri',
    message: warrantyMessages.emriChars,
    table: 'warranty_sheets',
    request: (name) => ({
      method: 'PUT',
      url: `/api/admin/warranty/${sheetId}`,
      headers: admin.auth,
      payload: { ...completeWarrantySheet, status: 'draft', emri: name },
    }),
  },
];

describe('issue 24 finding 11: every name field refuses line separators, U+034F and lone variation selectors (400, Albanian)', () => {
  it.each(fields)('$field', async ({ message, table, request }) => {
    const before = await countRows(t, table);
    for (const [what, name] of Object.entries(badNames)) {
      const res = await t.app.inject(request(name));
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json(), what).toMatchObject({ msg: message });
    }
    expect(await countRows(t, table)).toBe(before);
  });

  it('keeps names as they were, and accepts a selector after its emoji', async () => {
    const profile = (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: customer.auth })).json() as { name: string };
    expect(profile.name).toBe('Arta Krasniqi');
    const repair = (await t.app.inject({ method: 'GET', url: `/api/admin/repairs/${repairId}`, headers: admin.auth })).json() as {
      customerName: string;
    };
    expect(repair.customerName).toBe(completeRepairIntake.customerName);
    const ok = await t.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: customer.auth, payload: { name: 'Arta ❤️' } });
    expect(ok.statusCode, ok.body).toBe(200);
    const sheet = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/warranty/${sheetId}`,
      headers: admin.auth,
      payload: { ...completeWarrantySheet, status: 'draft', emri: 'Ërza', mbiemri: 'Çeku' },
    });
    expect(sheet.statusCode, sheet.body).toBe(200);
  });
});
