import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { seedGiftCards } from '../db/seed/giftcards';
import { seedBlogPosts } from '../db/seed/blog';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/giftcards', () => {
  it('lists the 16 seeded cards in order, prices in euros', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/giftcards' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; name: string; desc: string; price: number; image: string }[];
    expect(list).toHaveLength(16);
    expect(list.map((g) => g.name)).toEqual(seedGiftCards.map((g) => g.name));
    expect(list.map((g) => g.price)).toEqual(seedGiftCards.map((g) => g.price));
    expect(Object.keys(list[0]!).sort()).toEqual(['desc', 'id', 'image', 'name', 'price']);
    expect(list.every((g) => Number.isInteger(g.id) && g.image.startsWith('/images/'))).toBe(true);
  });
});

describe('GET /api/blog', () => {
  it('lists the 2 posts newest first, without their HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blog' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Record<string, string>[];
    expect(list).toHaveLength(2);
    expect(list.map((p) => p.id)).toEqual(['kujdesi-per-bateri', 'si-te-zgjidhni-telefonin-e-duhur']);
    for (const p of list) {
      expect(Object.keys(p).sort()).toEqual(['date', 'excerpt', 'id', 'image', 'title']);
      expect(p.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('answers one post with its content, ids matched case-insensitively', async () => {
    const post = seedBlogPosts[0]!;
    const res = await t.app.inject({ method: 'GET', url: `/api/blog/${post.id.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(post);
  });

  it('says Artikulli nuk u gjet. for an unknown post', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blog/nuk-ekziston' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: 'Artikulli nuk u gjet.' });
  });

  it('is described in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json().paths as Record<string, unknown>;
    expect(paths['/api/giftcards']).toBeDefined();
    expect(paths['/api/blog']).toBeDefined();
    expect(paths['/api/blog/{id}']).toBeDefined();
  });
});
