import { describe, expect, it } from 'vitest';
import {
  countsAsSale,
  orderStatuses,
  saleOrderStatuses,
  standingOrderStatuses,
  unverifiedOrderRefusal,
  type UnverifiedOrderSettings,
} from './orders';

describe('unverifiedOrderRefusal (issue 24 finding 7)', () => {
  const shipped: UnverifiedOrderSettings = { maxOpenOrders: 2, maxUnits: 5, delivery: 'allowed' };
  const account = (openOrders: number, openUnits: number, emailVerified = false) => ({ emailVerified, openOrders, openUnits });
  const pickup = (units: number) => ({ fulfilment: 'pickup' as const, units });

  it('lets an unverified account hold 2 open orders of 5 units in all, the new one included', () => {
    expect(unverifiedOrderRefusal(account(0, 0), pickup(5), shipped)).toBeUndefined();
    expect(unverifiedOrderRefusal(account(1, 3), pickup(2), shipped)).toBeUndefined();
    expect(unverifiedOrderRefusal(account(0, 0), pickup(6), shipped)).toEqual({ reason: 'units', max: 5, held: 0 });
    expect(unverifiedOrderRefusal(account(1, 4), pickup(2), shipped)).toEqual({ reason: 'units', max: 5, held: 4 });
    expect(unverifiedOrderRefusal(account(2, 2), pickup(1), shipped)).toEqual({ reason: 'open-orders', max: 2 });
  });

  it('never refuses a verified account', () => {
    expect(
      unverifiedOrderRefusal(account(9, 90, true), { fulfilment: 'delivery', units: 10 }, { ...shipped, delivery: 'verified-only' }),
    ).toBeUndefined();
  });

  it("'verified-only' keeps home delivery for verified accounts; 0 open orders means no order before verifying", () => {
    const strict = { ...shipped, delivery: 'verified-only' as const };
    expect(unverifiedOrderRefusal(account(0, 0), { fulfilment: 'delivery', units: 1 }, strict)).toEqual({ reason: 'delivery' });
    expect(unverifiedOrderRefusal(account(0, 0), pickup(1), strict)).toBeUndefined();
    expect(unverifiedOrderRefusal(account(0, 0), pickup(1), { ...shipped, maxOpenOrders: 0 })).toEqual({ reason: 'open-orders', max: 0 });
  });
});

describe('countsAsSale (issue 26): the one rule of what a sale is', () => {
  it('counts confirmed, shipped and delivered orders, not pending or cancelled ones', () => {
    expect(orderStatuses.filter(countsAsSale)).toEqual(['confirmed', 'shipped', 'delivered']);
    expect(saleOrderStatuses).toEqual(['confirmed', 'shipped', 'delivered']);
    expect(standingOrderStatuses).toEqual(orderStatuses.filter((s) => s !== 'cancelled'));
  });
});
