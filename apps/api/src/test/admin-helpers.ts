import { expect } from 'vitest';
import type { InjectOptions } from 'fastify';
import { msg } from '@shop/shared/messages';
import { createUser, type TestApp } from './harness';

export type Actor = Awaited<ReturnType<typeof createUser>>;

/** An active admin, a customer and a blocked admin, each with a valid token. */
export async function adminActors(t: TestApp) {
  const admin = await createUser(t, { role: 'admin', name: 'Admin Testi' });
  const customer = await createUser(t, { name: 'Klient Testi' });
  const blockedAdmin = await createUser(t, { role: 'admin', blocked: true, name: 'Admin i Bllokuar' });
  return { admin, customer, blockedAdmin };
}

/**
 * The admin guard on one call: 401 without a token and with a forged one, 403 for a customer
 * and for a blocked admin, each with an Albanian msg. The caller checks the database is unchanged.
 */
export async function expectAdminOnly(t: TestApp, actors: { customer: Actor; blockedAdmin: Actor }, req: InjectOptions) {
  const send = (headers: Record<string, string>) => t.app.inject({ ...req, headers: { ...(req.headers as object), ...headers } });
  const none = await send({});
  expect(none.statusCode, `${req.method} ${req.url} without a token`).toBe(401);
  expect(none.json()).toEqual({ msg: msg.unauthorized });
  const forged = await send({ authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' });
  expect(forged.statusCode).toBe(401);
  expect(forged.json()).toEqual({ msg: msg.invalidToken });
  const customer = await send(actors.customer.auth);
  expect(customer.statusCode, `${req.method} ${req.url} as a customer`).toBe(403);
  expect(customer.json()).toEqual({ msg: msg.forbidden });
  const blocked = await send(actors.blockedAdmin.auth);
  expect(blocked.statusCode, `${req.method} ${req.url} as a blocked admin`).toBe(403);
  expect(blocked.json()).toEqual({ msg: msg.blocked });
}

export interface ListedProduct {
  id: string;
  name: string;
  price: number;
  category: string;
}

export async function storefrontProducts(t: TestApp): Promise<ListedProduct[]> {
  return (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as ListedProduct[];
}

/**
 * The option values of a product's default variant ('Titanium i shkretëtirës / 256 GB' for the
 * seeded iPhone 16 Pro Max, '' for a product without options), as order lines and stock lists name it.
 */
export async function defaultVariantTitle(t: TestApp, id: string): Promise<string> {
  const product = (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json() as {
    variants: { title: string; isDefault: boolean }[];
  };
  return product.variants.find((v) => v.isDefault)!.title;
}

/** A product's name as the low-stock list names its default variant: 'Samsung Galaxy S25 Ultra (Titanium i zi / 256 GB)'. */
export async function defaultVariantName(t: TestApp, p: { id: string; name: string }): Promise<string> {
  const title = await defaultVariantTitle(t, p.id);
  return title ? `${p.name} (${title})` : p.name;
}

/** Places an order the way the shop does: database prices, bearer token. Returns the order. */
export async function placeOrder(t: TestApp, customer: Actor, lines: { id: string; price: number; quantity: number }[]) {
  const total = lines.reduce((s, l) => s + Math.round(l.price * 100) * l.quantity, 0) / 100;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: customer.auth,
    payload: { items: lines.map((l) => ({ id: l.id, quantity: l.quantity, price: l.price })), total },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as { id: number; total: number; status: string };
}

/** A warranty sheet that passes every rule (every field filled), for tests to start from. */
export const completeWarrantySheet = {
  emri: 'Arta',
  mbiemri: 'Krasniqi',
  telefoni: '044 123 456',
  email: 'arta@example.com',
  marka: 'Apple',
  modeli: 'iPhone 15 Pro',
  imei: '35693810123456',
  softInfo: 'iOS 18',
  kohezgjatja: '12 muaj',
  cmimi: 89.5,
  komente: 'Bateri e re',
  llojiPageses: 'POS',
} as const;

/** A repair intake that passes every rule (every field filled), for tests to start from. */
export const completeRepairIntake = {
  customerName: 'Arta Krasniqi',
  customerPhone: '+383 44 987 654',
  customerEmail: 'arta.servis@example.com',
  brand: 'Apple',
  model: 'iPhone 15 Pro',
  imei: '35693810123456',
  colour: 'E zezë',
  fault: 'Ekrani nuk reagon në prekje.',
  conditions: ['scratches', 'cracked-glass'],
  conditionNotes: 'Gërvishtje në anën e pasme.',
  accessories: ['charger', 'case'],
  pin: '48213579',
  pattern: '2-5-8-7',
  estimate: 120,
  deposit: 20,
  technician: 'Besnik Gashi',
} as const;

/**
 * What a repair move needs beyond its status (issue 26): the estimate the customer will approve
 * when it is sent for approval, the final price, payment and warranty when the device is handed over.
 */
export const moveNeeds = (status: string, amount = 120): Record<string, unknown> =>
  status === 'awaiting-approval'
    ? { estimate: amount }
    : status === 'delivered'
      ? { finalPrice: amount, payment: 'Cash', warrantyMonths: 3 }
      : {};
