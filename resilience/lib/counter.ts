/**
 * Counter sales in the resilience load (issue 28, decisions 044 and 051): a phone received by
 * IMEI, sold one unit per sale by a few workers; every sale answered 201 must be in the database
 * with its unit sold, no unit sold twice, the stock never below zero and every unit either on the
 * shelf or in exactly one sale.
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { imeiCheckDigit } from '@shop/shared/domain/units';
import type { HttpClient } from './http';
import { runId } from './shop';

const newImei = () => {
  const body = `35${BigInt(`0x${crypto.randomBytes(6).toString('hex')}`)
    .toString()
    .padStart(12, '0')
    .slice(-12)}`;
  return body + imeiCheckDigit(body);
};

export interface CounterPhone {
  productId: string;
  variantId: number;
  price: number;
  imeis: string[];
}

/** A phone of its own with `n` units received by IMEI (after the orders' stock was read: it is not theirs). */
export async function counterPhone(client: HttpClient, adminTok: string, n: number): Promise<CounterPhone> {
  const price = 199.99;
  const created = await client.post(
    '/api/admin/products',
    { name: `Telefon Arka ${runId}`, price, category: 'phone', brand: 'Samsung', stock: 0 },
    { token: adminTok },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const productId = (created.body as { id: string }).id;
  const variants = await client.get(`/api/admin/products/${encodeURIComponent(productId)}/variants`, { token: adminTok });
  expect(variants.status).toBe(200);
  const variantId = (variants.body as { variants: { id: number }[] }).variants[0]!.id;
  const imeis = Array.from({ length: n }, newImei);
  const received = await client.post('/api/admin/units/receive', { variantId, imeis }, { token: adminTok });
  expect(received.status, JSON.stringify(received.body)).toBe(201);
  return { productId, variantId, price, imeis };
}

/** What the counter's workers sent and what they were told. */
export class CounterLedger {
  /** IMEI → the sale id the server answered 201 with. */
  readonly acknowledged = new Map<string, number>();
  /** IMEIs whose request got no answer (the server was killed): sold or not, never twice. */
  readonly cutOff = new Set<string>();
  readonly failures: { imei: string; status: number; body: unknown }[] = [];
}

/** `workers` sellers taking the phone's IMEIs one by one until `stop()`, the IMEIs run out, or the server is gone. */
export function counterStream(client: HttpClient, adminTok: string, phone: CounterPhone, ledger: CounterLedger, workers = 2) {
  let running = true;
  const queue = [...phone.imeis];
  const all = Array.from({ length: workers }, async () => {
    while (running) {
      const imei = queue.shift();
      if (imei === undefined) break;
      const answer = await client.post(
        '/api/admin/counter-sales',
        {
          receiptNo: `FK-${imei.slice(-6)}`,
          lines: [{ variantId: phone.variantId, quantity: 1, imei }],
          payment: { cashGiven: phone.price },
        },
        { token: adminTok, timeoutMs: 15_000 },
      );
      if (answer.status === 201) ledger.acknowledged.set(imei, (answer.body as { sale: { id: number } }).sale.id);
      else if (answer.status === 0) {
        ledger.cutOff.add(imei);
        break;
      } else ledger.failures.push({ imei, status: answer.status, body: answer.body });
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(all);
    },
  };
}

/**
 * Nothing acknowledged is lost: each sale answered 201 is stored with its IMEI and the unit sold;
 * each sold unit is in exactly one sale; the stock equals the units on the shelf and is never
 * negative; shelf + sold = received.
 */
export async function expectCounterIntact(client: HttpClient, adminTok: string, phone: CounterPhone, ledger: CounterLedger) {
  expect(ledger.failures).toEqual([]);
  const units = await client.get(`/api/admin/units?variantId=${phone.variantId}`, { token: adminTok });
  expect(units.status).toBe(200);
  const list = units.body as { stock: number | null; units: { imei: string; status: string }[]; counts: Record<string, number> };
  const status = new Map(list.units.map((u) => [u.imei, u.status]));
  for (const [imei, saleId] of ledger.acknowledged) {
    const sale = await client.get(`/api/admin/counter-sales/${saleId}`, { token: adminTok });
    expect(sale.status, `sale ${saleId} of IMEI ${imei} answered 201 is gone`).toBe(200);
    expect((sale.body as { lines: { imei: string | null }[] }).lines.map((l) => l.imei)).toEqual([imei]);
    expect(status.get(imei), `IMEI ${imei} sold (201) but not 'sold'`).toBe('sold');
  }
  const sold = [...status].filter(([, s]) => s === 'sold').map(([i]) => i);
  for (const imei of sold) {
    const found = await client.get(`/api/admin/counter-sales?q=${imei}`, { token: adminTok });
    expect(found.status).toBe(200);
    expect((found.body as { sales: unknown[] }).sales, `IMEI ${imei} in more or fewer than one sale`).toHaveLength(1);
    expect(ledger.acknowledged.has(imei) || ledger.cutOff.has(imei), `IMEI ${imei} sold but never sent`).toBe(true);
  }
  const inStock = list.counts.in_stock ?? 0;
  expect(list.stock).toBe(inStock);
  expect(inStock).toBeGreaterThanOrEqual(0);
  expect(inStock + sold.length).toBe(phone.imeis.length);
  return { acknowledged: ledger.acknowledged.size, sold: sold.length, cutOff: ledger.cutOff.size };
}
