import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@shop/shared/schemas/auth';
import { adminMsg } from '@shop/shared/messages-admin';
import { countRows, createTestApp, type TestApp } from '../test/harness';
import { adminActors, type Actor } from '../test/admin-helpers';

/** Findings 6 and 7 of the security review (issue 13): names that imitate others, images on other hosts. */
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await adminActors(t));
});
afterAll(() => t.close());

describe('finding 6: names with bidi-control or zero-width characters', () => {
  const imitations = ['Admin\u202Enitsal', 'Ad\u200Bmin Testi', '\u2067Arta\u2069', 'Arta\u200F', 'Ad\u2060min', 'Ar\uFEFFta'];

  it('refuses them at registration with 400 and an Albanian reason, storing nothing', async () => {
    const before = await countRows(t, 'users');
    for (const [i, name] of imitations.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name, email: `imitim${i}@example.com`, password: 'nje-fjalekalim-i-gjate' },
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toEqual({ msg: authMessages.nameInvalidChars });
    }
    expect(await countRows(t, 'users')).toBe(before);
  });

  it('still takes names with Albanian and other scripts’ letters', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Ërza Çeku-Bërisha', email: 'erza@example.com', password: 'nje-fjalekalim-i-gjate' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.name).toBe('Ërza Çeku-Bërisha');
  });
});

describe('finding 7: a product image must stay on this site or be https', () => {
  const otherHosts = ['/\\evil.test/x.png', '/\\\\evil.test/x.png', '/\t/evil.test/x.png', '//evil.test/x.png', '/\u200b/evil.test/x.png'];

  it('refuses paths a browser reads as another host, on create and on edit, changing nothing', async () => {
    const before = await countRows(t, 'products');
    for (const image of otherHosts) {
      for (const url of ['/api/admin/products', '/api/products']) {
        const res = await t.app.inject({ method: 'POST', url, headers: admin.auth, payload: { name: 'Telefon', price: 10, image } });
        expect(res.statusCode, `${url} ${JSON.stringify(image)}`).toBe(400);
        expect(res.json()).toEqual({ msg: adminMsg.image });
      }
    }
    expect(await countRows(t, 'products')).toBe(before);

    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin.auth,
      payload: { name: 'Kufje', price: 20, image: '/images/kufje.webp' },
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as string;
    for (const image of otherHosts) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${id}`,
        headers: admin.auth,
        payload: { name: 'Kufje', price: 20, image },
      });
      expect(res.statusCode, JSON.stringify(image)).toBe(400);
    }
    const after = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(after.json().image).toBe('/images/kufje.webp');
  });
});
