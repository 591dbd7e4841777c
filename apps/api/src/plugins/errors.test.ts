import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@shop/shared/messages';
import { httpMsg } from '@shop/shared/messages-http';
import { adminMsg } from '@shop/shared/messages-admin';
import { authMessages } from '@shop/shared/schemas/auth';
import { countRows, createTestApp, createUser, type TestApp } from '../test/harness';
import { seedProducts } from '../db/seed/products';
import Fastify from 'fastify';
import errorsPlugin from './errors';
import * as domain from '../services/errors';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  customer = await createUser(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

/** Writes raw bytes to the listening server and returns what it answers before closing. */
function rawRequest(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => (answer += d));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.write(text);
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

describe('text the database cannot hold (a NUL character)', () => {
  it('is a 400 with an Albanian msg in a body, and nothing is written', async () => {
    const before = { products: await countRows(t, 'products'), orders: await countRows(t, 'orders'), users: await countRows(t, 'users') };
    const product = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin.auth,
      payload: { name: 'Telefon\u0000', price: 10 },
    });
    expect(product.statusCode).toBe(400);
    expect(product.json()).toEqual({ msg: httpMsg.invalidCharacters });
    // An image path with a control character never reaches the database: it is no path of this site.
    const image = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.auth,
      payload: { name: 'Telefon', price: 10, image: '/a\u0000.jpg' },
    });
    expect(image.statusCode).toBe(400);
    expect(image.json()).toEqual({ msg: adminMsg.image });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: { items: [{ id: 'a\u0000b', quantity: 1, price: 1 }], total: 1 },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toEqual({ msg: httpMsg.invalidCharacters });
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Emri\u0000', email: 'nul@test.local', password: 'Ylberi-Prishtina-2026!' },
    });
    expect(register.statusCode).toBe(400);
    // Nor does a name's: control characters are among those a name may not hold (finding 6).
    expect(register.json()).toEqual({ msg: authMessages.nameInvalidChars });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a\u0000@b', password: 'password-123' } });
    expect(login.statusCode).toBe(400);
    const sheet = await t.app.inject({
      method: 'POST',
      url: '/api/admin/warranty',
      headers: admin.auth,
      payload: { status: 'draft', komente: 'x\u0000' },
    });
    expect(sheet.statusCode).toBe(400);
    expect(sheet.json()).toEqual({ msg: httpMsg.invalidCharacters });
    expect({ products: await countRows(t, 'products'), orders: await countRows(t, 'orders'), users: await countRows(t, 'users') }).toEqual(
      before,
    );
    expect(await countRows(t, 'warranty_sheets')).toBe(0);
  });

  it('is a 400 in a path parameter, and a delete deletes nothing', async () => {
    const before = await countRows(t, 'products');
    for (const req of [
      { method: 'GET' as const, url: '/api/products/a%00b' },
      { method: 'GET' as const, url: '/api/blog/%00' },
      { method: 'DELETE' as const, url: '/api/admin/products/a%00b', headers: admin.auth },
    ]) {
      const res = await t.app.inject(req);
      expect(res.statusCode, req.url).toBe(400);
      expect(res.json()).toEqual({ msg: httpMsg.invalidCharacters });
    }
    expect(await countRows(t, 'products')).toBe(before);
  });
});

describe('errors raised before the error handler', () => {
  it('answers a URL whose %-escapes do not decode with 400 in Albanian', async () => {
    for (const url of ['/api/products/%E0%A4%A', '/api/admin/users_new/%ZZ', '/%C0%AF']) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.auth });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ msg: httpMsg.badUrl });
    }
  });

  it('answers a path parameter over the length limit with 414 in Albanian', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${'x'.repeat(300)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ msg: httpMsg.urlTooLong });
  });

  it('answers requests the HTTP parser refuses with an Albanian msg', async () => {
    const malformed = await rawRequest('GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(malformed)).toEqual({ msg: httpMsg.badRequest });
    const huge = await rawRequest(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(huge)).toEqual({ msg: httpMsg.headersTooLarge });
  });
});

describe('other client errors', () => {
  it('says an unsupported Content-Encoding is the encoding (415), not bad JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json', 'content-encoding': 'compress' },
      payload: JSON.stringify({ email: 'a@b.com' }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ msg: httpMsg.unsupportedEncoding });
    expect(await countRows(t, 'newsletter_subscriptions')).toBe(0);
  });

  it('gives any other 4xx a message that fits its status', async () => {
    t.app.log.level = 'silent';
    // A compressed body that does not decompress: Fastify's compress plugin says 400.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: 'not gzip',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: httpMsg.badRequest });
  });
});

describe('cache-control on API answers', () => {
  it('is no-store on answers that carry a token or a user’s data, and on errors', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.user.email, password: admin.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/auth/profile', '/api/orders/mine', '/api/admin/users_new', '/api/admin/orders', '/api/admin/warranty']) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.auth });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const denied = await t.app.inject({ method: 'GET', url: '/api/admin/users_new', headers: customer.auth });
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['cache-control']).toBe('no-store');
    const product = await t.app.inject({ method: 'GET', url: `/api/products/${seedProducts[0]!.id}` });
    expect(product.headers['cache-control']).toBe('no-store');
    expect(product.headers['x-content-type-options']).toBe('nosniff');
  });

  it('still lets the 404 of an unknown API path be Albanian JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nuk-ekziston' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: msg.notFoundRoute });
  });
});

describe('domain errors', () => {
  const kinds = [
    [domain.Invalid, 400],
    [domain.Unauthenticated, 401],
    [domain.Forbidden, 403],
    [domain.NotFound, 404],
    [domain.Conflict, 409],
    [domain.Unprocessable, 422],
    [domain.TooManyRequests, 429],
    [domain.Unavailable, 503],
  ] as const;

  it.each(kinds.map(([Kind, status]) => ({ kind: Kind.name, Kind, status })))(
    '$kind leaves with $status and { msg, ...details }',
    async ({ Kind, status }) => {
      const app = Fastify();
      await app.register(errorsPlugin);
      app.get('/plain', async () => {
        throw new Kind('Diçka nuk shkoi');
      });
      app.get('/details', async () => {
        throw new Kind('Çmimet kanë ndryshuar', { total: 12.5, unknownIds: ['a'] });
      });
      const plain = await app.inject({ method: 'GET', url: '/plain' });
      expect(plain.statusCode).toBe(status);
      expect(plain.json()).toEqual({ msg: 'Diçka nuk shkoi' });
      const details = await app.inject({ method: 'GET', url: '/details' });
      expect(details.statusCode).toBe(status);
      expect(details.json()).toEqual({ msg: 'Çmimet kanë ndryshuar', total: 12.5, unknownIds: ['a'] });
      await app.close();
    },
  );

  it('a domain error of no known kind is a 500 that shows nothing of it', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/', async () => {
      throw new domain.DomainError('e brendshme');
    });
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ msg: msg.serverError });
    await app.close();
  });
});
