import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CachedJson, COMPRESS_THRESHOLD, pickEncoding, sendCached } from './cached-json';

describe('pickEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['deflate', undefined],
    ['identity', undefined],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['BR', 'br'],
    ['gzip;q=0, br;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.3, gzip;q=0', 'br'],
    ['*;q=0', undefined],
    ['identity;q=1, br;q=0.5', undefined],
    ['br;q=0.5', 'br'],
    ['gzip ; q=0.7 , br ; q=0.6', 'gzip'],
    // A weight that is not a number is ignored, as if none were given.
    ['br;q=abc', 'br'],
  ] as const)('%j -> %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });

  it('answers the same for a header seen before (the picks are remembered)', () => {
    for (let i = 0; i < 3; i++) expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    for (let i = 0; i < 200; i++) expect(pickEncoding(`gzip;q=0.${i % 10}, x-${i}`)).toBe(i % 10 === 0 ? undefined : 'gzip');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
  });

  it('reads a header given more than once', () => {
    expect(pickEncoding(['gzip;q=0.2', 'br;q=0.9'])).toBe('br');
  });
});

describe('CachedJson', () => {
  const big = Buffer.from(JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: `produkt-${i}`, emri: 'Mbrojtëse telefoni' }))));

  it('compresses once per encoding, to bytes that decompress to the same JSON', async () => {
    const answer = new CachedJson(big);
    const br = answer.as('br')!;
    expect(answer.as('br')).toBe(br);
    expect(zlib.brotliDecompressSync(await br).equals(big)).toBe(true);
    expect(zlib.gunzipSync(await answer.as('gzip')!).equals(big)).toBe(true);
    expect((await br).length).toBeLessThan(big.length / 4);
  });

  it('sends small answers and clients without an encoding the bytes as they are', () => {
    expect(new CachedJson(Buffer.alloc(COMPRESS_THRESHOLD - 1, 'a')).as('br')).toBeUndefined();
    expect(new CachedJson(big).as(undefined)).toBeUndefined();
  });

  it('keeps each compressed form once made, and sends the same bytes from it to every client', async () => {
    const answer = new CachedJson(big);
    expect(answer.ready('br')).toBeUndefined();
    const app = Fastify();
    app.get('/list', (request, reply) => sendCached(request, reply, answer, 'application/json; charset=utf-8'));
    const ask = (encoding: string) => app.inject({ method: 'GET', url: '/list', headers: { 'accept-encoding': encoding } });
    const first = await ask('gzip, deflate, br, zstd');
    const made = answer.ready('br');
    expect(made).toBeDefined();
    const again = await ask('br, gzip');
    expect(answer.ready('br')).toBe(made);
    for (const res of [first, again]) {
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.rawPayload.equals(made!)).toBe(true);
    }
    expect(zlib.brotliDecompressSync(again.rawPayload).equals(big)).toBe(true);
    const gz = await ask('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(answer.ready('gzip')!)).toBe(true);
    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(big)).toBe(true);
    await app.close();
  });
});
