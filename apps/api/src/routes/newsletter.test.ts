import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../test/harness';

const OK = 'Faleminderit! Do të marrësh lajmet e fundit së shpejti në email.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_MAX: 8 });
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('POST /api/newsletter', () => {
  it('stores a new address and thanks the subscriber', async () => {
    const res = await post({ email: 'drita@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: OK });
    expect(await countRows(t, 'newsletter_subscriptions')).toBe(1);
  });

  it('treats a repeat address (any case, spaces around) as success and stores it once', async () => {
    const res = await post({ email: '  Drita@Example.COM ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: OK });
    expect(await countRows(t, 'newsletter_subscriptions')).toBe(1);
  });

  it.each([
    [{ email: 'jo-email' }, /email/],
    [{ email: '' }, /email/],
    [{}, /email/],
    [{ email: 42 }, /email/],
    [{ email: `${'a'.repeat(250)}@example.com` }, /email/],
  ])('rejects %j with 400 naming the field, storing nothing', async (body, re) => {
    const res = await post(body, '10.0.0.2');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(re);
    expect(await countRows(t, 'newsletter_subscriptions')).toBe(1);
  });

  it('rejects a body that is not JSON', async () => {
    const res = await post('{"email":', '10.0.0.3');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: 'Trupi i kërkesës nuk është JSON i vlefshëm.' });
    expect(await countRows(t, 'newsletter_subscriptions')).toBe(1);
  });

  it('limits the requests of one address per window', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await post({ email: `many${i}@example.com` }, '10.0.0.9')).statusCode);
    expect(codes.slice(0, 8)).toEqual(Array(8).fill(200));
    expect(codes.slice(8)).toEqual([429, 429]);
    const limited = await post({ email: 'late@example.com' }, '10.0.0.9');
    expect(limited.json()).toEqual({ msg: 'Shumë përpjekje. Provoni përsëri pas pak.' });
    expect(await countRows(t, 'newsletter_subscriptions')).toBe(9);
    // Another client is not affected.
    expect((await post({ email: 'tjeter@example.com' }, '10.0.0.10')).statusCode).toBe(200);
  });
});
