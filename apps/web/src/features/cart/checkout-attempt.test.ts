import { describe, expect, it } from 'vitest';
import { attemptKey, endAttempt } from './checkout-attempt';

const body = { items: [{ id: 'p1', quantity: 1, price: 10 }], total: 10 };

describe('checkout attempt keys', () => {
  it('reuses the key for a retry of the same payload, also after a reload (sessionStorage)', () => {
    const key = attemptKey(body);
    expect(key).toMatch(/^[A-Za-z0-9-]{32,}$/);
    expect(attemptKey(structuredClone(body))).toBe(key);
    expect(JSON.parse(sessionStorage.getItem('checkout-attempt')!).key).toBe(key);
  });

  it('makes a new key for another payload and after the attempt ended', () => {
    const first = attemptKey(body);
    const other = attemptKey({ ...body, items: [{ ...body.items[0], quantity: 2 }], total: 20 });
    expect(other).not.toBe(first);
    endAttempt();
    const third = attemptKey({ ...body, items: [{ ...body.items[0], quantity: 2 }], total: 20 });
    expect(third).not.toBe(other);
  });
});
