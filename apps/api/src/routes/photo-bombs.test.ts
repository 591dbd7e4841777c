import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { photoMsg } from '@shop/shared/messages-photos';
import { createTestApp, countRows, type TestApp } from '../test/harness';
import { adminActors } from '../test/admin-helpers';
import { makePhoto, newPhotoProduct, uploadPhotos, type FilePart } from '../test/photos';

/**
 * Issue 24 finding 14: six 8000 × 8000 PNGs at once took 16 s of work, tripled the catalogue's
 * answer time and peaked at 884 MB. Now a picture over 40 MP is refused from its header, one
 * upload at a time is made into copies (PHOTO_CONCURRENCY 1 here), two may wait
 * (PHOTO_QUEUE_MAX 2), and the next is answered 503 with Retry-After at once.
 */
let t: TestApp;
let admin: Record<string, string>;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp({ PHOTO_CONCURRENCY: 1, PHOTO_QUEUE_MAX: 2 });
  admin = (await adminActors(t)).admin.auth;
  png = await makePhoto(500, 400, 'png', { seed: 5 });
});
afterAll(async () => {
  await t?.close();
});

const newProduct = () => newPhotoProduct(t, admin, 'Telefon Bombë');

const upload = (productId: string, files: FilePart[]) => uploadPhotos(t, productId, files, admin);

/** A job that holds the photo queue's one slot until the test opens its gate (no timers). */
function holdTheSlot() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const held = t.app.photoQueue.run(() => gate);
  return { open, held };
}

describe('issue 24 finding 14: photo bombs', () => {
  it('refuses a picture over 40 MP from its header with 422 and an Albanian message, and stores nothing', async () => {
    const id = await newProduct();
    // 7000 × 6000 = 42 MP, both sides under the 8000 px limit; one colour, so the file is small.
    const bomb = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: '#ddd' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = await countRows(t, 'product_images');
    const res = await upload(id, [{ name: 'bombe.png', type: 'image/png', bytes: bomb }]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ msg: photoMsg.tooManyPixels, file: 'bombe.png' });
    expect(await countRows(t, 'product_images')).toBe(before);
  }, 60_000);

  it('answers 503 with Retry-After at once past the queue, while the catalogue keeps answering; the waiting uploads finish', async () => {
    const id = await newProduct();
    const slot = holdTheSlot();
    const waiting = [upload(id, [{ name: 'a.png', bytes: png }]), upload(id, [{ name: 'b.png', bytes: png }])];
    await vi.waitFor(() => expect(t.app.photoQueue.stats()).toMatchObject({ running: 1, waiting: 2 }), { timeout: 30_000, interval: 5 });

    const refused = await upload(id, [{ name: 'c.png', bytes: png }]);
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json()).toEqual({ msg: photoMsg.busy });

    // The shop answers while photos wait and work.
    for (const url of ['/api/products', `/api/products/${id}`, '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
    expect(t.app.photoQueue.stats()).toMatchObject({ running: 1, waiting: 2 });

    slot.open();
    await slot.held;
    for (const res of await Promise.all(waiting)) expect(res.statusCode, res.body).toBe(201);
    expect(t.app.photoQueue.stats()).toMatchObject({ running: 0, waiting: 0 });
  }, 60_000);

  it('keeps the catalogue answering while a large photo is being made into copies', async () => {
    const id = await newProduct();
    const big = await makePhoto(6000, 4000, 'jpeg', { seed: 9 });
    let uploaded = false;
    const pending = upload(id, [{ name: 'e-madhe.jpg', bytes: big }]).then((res) => {
      uploaded = true;
      return res;
    });
    await vi.waitFor(() => expect(t.app.photoQueue.stats().running).toBe(1), { timeout: 30_000, interval: 5 });
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await t.app.inject({ method: 'GET', url: '/api/products' })).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    expect(uploaded, 'the catalogue answered only after the photo was done').toBe(false);
    expect((await pending).statusCode).toBe(201);
  }, 60_000);
});
