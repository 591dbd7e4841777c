import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { photoMsg } from '@shop/shared/messages-photos';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminPhoto } from '@shop/shared/schemas/photos';
import type { Product, ProductListItem } from '@shop/shared/schemas/product';
import { auditLog, productImages } from '../db/schema';
import { countRows, createSecondInstance, createTestApp, type TestApp } from '../test/harness';
import { adminActors, expectAdminOnly, storefrontProducts } from '../test/admin-helpers';
import { makePhoto, multipartBody, newPhotoProduct, uploadPhotos, type FilePart } from '../test/photos';

let t: TestApp;
let actors: Awaited<ReturnType<typeof adminActors>>;
let jpeg: Buffer;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  actors = await adminActors(t);
  jpeg = await makePhoto(1200, 900, 'jpeg', { exif: { IFD0: { Artist: 'Fotografi i Dyqanit', ImageDescription: 'GPS sekret' } } });
  png = await makePhoto(500, 400, 'png', { seed: 3 });
});
afterAll(async () => {
  await t?.close();
});

/** A product of its own for each test, so their photos do not meet. */
const newProduct = () => newPhotoProduct(t, actors.admin.auth, 'Telefon me Foto');

const upload = (productId: string, files: FilePart[], headers: Record<string, string> = actors.admin.auth) =>
  uploadPhotos(t, productId, files, headers);
const photosOf = (res: { json(): unknown }) => (res.json() as { photos: AdminPhoto[] }).photos;
const storedPhotos = async () => countRows(t, 'product_images');
const storedCopies = async () => countRows(t, 'product_image_variants');
const product = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json() as Product;
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
/** The copies a srcset names: [url, width]. */
const copiesOf = (srcset: string) =>
  srcset.split(', ').map((entry) => {
    const [url, w] = entry.split(' ');
    return [url!, Number(w!.replace('w', ''))] as const;
  });

describe('uploading photos', () => {
  it('checks each file, strips its metadata and keeps WebP copies in the widths below its own, never upscaled', async () => {
    const id = await newProduct();
    expect((await sharp(jpeg).metadata()).exif, 'the test photo carries EXIF').toBeDefined();
    const res = await upload(id, [
      { name: 'para.jpg', type: 'image/jpeg', bytes: jpeg },
      { name: 'mbrapa.png', type: 'image/png', bytes: png },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ msg: photoMsg.uploaded(2) });
    const [first, second] = photosOf(res);
    expect(first).toMatchObject({ width: 1200, height: 900 });
    expect(second).toMatchObject({ width: 500, height: 400 });
    expect(copiesOf(first!.srcset!).map(([, w]) => w)).toEqual([320, 640, 1024, 1200]);
    expect(copiesOf(second!.srcset!).map(([, w]) => w)).toEqual([320, 500]);
    expect(first!.src).toMatch(/^\/api\/images\/\d+\/[0-9a-f]{16}-640\.webp$/);

    for (const photo of [first!, second!]) {
      for (const [url, width] of copiesOf(photo.srcset!)) {
        const copy = await get(url);
        expect(copy.statusCode, url).toBe(200);
        expect(copy.headers['content-type']).toBe('image/webp');
        expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(copy.rawPayload).metadata();
        expect(meta).toMatchObject({ format: 'webp', width });
        expect(meta.exif, `${url} keeps no EXIF`).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(copy.rawPayload.includes(Buffer.from('GPS sekret'))).toBe(false);
      }
      if (photo.avifSrcset) {
        for (const [url, width] of copiesOf(photo.avifSrcset)) {
          const copy = await get(url);
          expect(copy.headers['content-type']).toBe('image/avif');
          expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ format: 'heif', width });
        }
      }
    }
  });

  it('makes the first photo the product picture on the list, the detail and the admin list, with its srcset', async () => {
    const id = await newProduct();
    const before = (await storefrontProducts(t)).find((p) => p.id === id) as unknown as ProductListItem;
    expect(before).toMatchObject({ image: '/default-product.jpg', imageSrcset: null });
    const res = await upload(id, [{ name: 'a.png', bytes: png }]);
    expect(res.statusCode, res.body).toBe(201);
    const [photo] = photosOf(res);
    const listed = (await storefrontProducts(t)).find((p) => p.id === id) as unknown as ProductListItem;
    expect(listed).toMatchObject({ image: photo!.src, imageSrcset: photo!.srcset, imageAvifSrcset: photo!.avifSrcset });
    const detail = await product(id);
    expect(detail.image).toBe(photo!.src);
    expect(detail.images).toEqual([photo!.src]);
    expect(detail.gallery).toEqual([{ src: photo!.src, srcset: photo!.srcset, avifSrcset: photo!.avifSrcset, width: 500, height: 400 }]);
    const admin = (await get('/api/admin/products', actors.admin.auth)).json() as { id: string; image: string; photos: AdminPhoto[] }[];
    expect(admin.find((p) => p.id === id)).toMatchObject({ image: photo!.src, photos: [photo] });
  });

  it('keeps image links after the photos in the gallery, and the photo first', async () => {
    const id = await newProduct();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${id}`,
      headers: actors.admin.auth,
      payload: { name: 'Telefon me Link', price: 199, image: '/images/products/iphone-15.svg' },
    });
    expect(put.statusCode).toBe(200);
    expect((await product(id)).gallery).toEqual([
      { src: '/images/products/iphone-15.svg', srcset: null, avifSrcset: null, width: null, height: null },
    ]);
    const [photo] = photosOf(await upload(id, [{ name: 'a.png', bytes: png }]));
    const detail = await product(id);
    expect(detail.images).toEqual([photo!.src, '/images/products/iphone-15.svg']);
    expect(detail.image).toBe(photo!.src);
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    const id = await newProduct();
    const sideways = await makePhoto(800, 600, 'jpeg', { orientation: 6 });
    const res = await upload(id, [{ name: 'anash.jpg', bytes: sideways }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(photosOf(res)[0]).toMatchObject({ width: 600, height: 800 });
  });

  it('takes WebP and AVIF files too, by their content whatever their name', async () => {
    const id = await newProduct();
    const webp = await makePhoto(300, 300, 'webp');
    const avif = await makePhoto(300, 300, 'avif');
    const res = await upload(id, [
      { name: 'foto.bin', type: 'application/octet-stream', bytes: webp },
      { name: 'foto.jpg', type: 'image/jpeg', bytes: avif },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(photosOf(res)).toHaveLength(2);
    const formats = await t.db.select({ f: productImages.sourceFormat }).from(productImages).where(eq(productImages.productId, id));
    expect(formats.map((r) => r.f).sort()).toEqual(['avif', 'webp']);
  });
});

describe('refused uploads change nothing', () => {
  const refused = async (id: string, files: FilePart[], status: number, message: string, file?: string) => {
    const photos = await storedPhotos();
    const copies = await storedCopies();
    const audits = await countRows(t, 'audit_log');
    const res = await upload(id, files);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual(file === undefined ? { msg: message } : { msg: message, file });
    expect(await storedPhotos()).toBe(photos);
    expect(await storedCopies()).toBe(copies);
    expect(await countRows(t, 'audit_log')).toBe(audits);
  };

  it('refuses text named .png, even beside a good photo', async () => {
    const id = await newProduct();
    const text = Buffer.from('Kjo nuk është foto, vetëm tekst me emër PNG.\n'.repeat(50));
    await refused(id, [{ name: 'foto.png', type: 'image/png', bytes: text }], 400, photoMsg.notImage, 'foto.png');
    await refused(
      id,
      [
        { name: 'e-mire.jpg', type: 'image/jpeg', bytes: jpeg },
        { name: 'rreme.png', type: 'image/png', bytes: text },
      ],
      400,
      photoMsg.notImage,
      'rreme.png',
    );
  });

  it('refuses an SVG and a GIF (not among the types taken)', async () => {
    const id = await newProduct();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400"/></svg>');
    await refused(id, [{ name: 'a.svg', type: 'image/svg+xml', bytes: svg }], 400, photoMsg.notImage, 'a.svg');
    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c00' } })
      .gif()
      .toBuffer();
    await refused(id, [{ name: 'a.gif', type: 'image/gif', bytes: gif }], 400, photoMsg.notImage, 'a.gif');
  });

  it('refuses a file over 10 MB with 413', async () => {
    const id = await newProduct();
    const huge = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 + 1 - jpeg.length, 0)]);
    await refused(id, [{ name: 'e-madhe.jpg', type: 'image/jpeg', bytes: huge }], 413, photoMsg.tooLarge, 'e-madhe.jpg');
  });

  it('refuses pictures under 200 px or over 8000 px on a side', async () => {
    const id = await newProduct();
    await refused(id, [{ name: 'e-vogel.png', bytes: await makePhoto(199, 400, 'png') }], 400, photoMsg.tooSmall, 'e-vogel.png');
    const wide = await sharp({ create: { width: 8001, height: 200, channels: 3, background: '#eee' } })
      .png()
      .toBuffer();
    await refused(id, [{ name: 'e-gjere.png', bytes: wide }], 400, photoMsg.tooBig, 'e-gjere.png');
  });

  it('refuses more than 8 photos in one upload or in all', async () => {
    const id = await newProduct();
    const nine = Array.from({ length: 9 }, (_, i) => ({ name: `f${i}.png`, bytes: png }));
    await refused(id, nine, 400, photoMsg.tooMany);
    const six = await upload(
      id,
      nine.slice(0, 6).map((f) => f),
    );
    expect(six.statusCode, six.body).toBe(201);
    await refused(id, nine.slice(0, 3), 400, photoMsg.tooMany);
    expect(photosOf(await upload(id, nine.slice(0, 2)))).toHaveLength(8);
  }, 60_000);

  it('refuses an upload without files, a body that is not multipart, and a broken one', async () => {
    const id = await newProduct();
    await refused(id, [], 400, photoMsg.noFiles);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${id}/images`,
      headers: actors.admin.auth,
      payload: { photos: ['x'] },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ msg: photoMsg.notMultipart });
    const body = multipartBody([{ name: 'a.png', bytes: png }]);
    const cut = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${id}/images`,
      headers: { ...actors.admin.auth, ...body.headers },
      payload: body.payload.subarray(0, 300),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ msg: photoMsg.badMultipart });
  });

  it('answers 404 for a product that does not exist', async () => {
    const res = await upload('nuk-ekziston-kjo', [{ name: 'a.png', bytes: png }]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: adminMsg.productNotFound });
  });
});

describe('who may change photos', () => {
  it('answers 401 without a token and 403 for a customer or a blocked admin, before reading the files', async () => {
    const id = await newProduct();
    const [photo] = photosOf(await upload(id, [{ name: 'a.png', bytes: png }]));
    const photos = await storedPhotos();
    const body = multipartBody([{ name: 'b.png', bytes: png }]);
    await expectAdminOnly(t, actors, {
      method: 'POST',
      url: `/api/admin/products/${id}/images`,
      headers: body.headers,
      payload: body.payload,
    });
    await expectAdminOnly(t, actors, { method: 'PUT', url: `/api/admin/products/${id}/images`, payload: { order: [photo!.id] } });
    await expectAdminOnly(t, actors, { method: 'DELETE', url: `/api/admin/images/${photo!.id}` });
    expect(await storedPhotos()).toBe(photos);
    // Reading a copy needs nobody.
    expect((await get(photo!.src)).statusCode).toBe(200);
  });
});

describe('order and removal', () => {
  it('reorders the photos, and the new first becomes the product picture', async () => {
    const id = await newProduct();
    const [a, b, c] = photosOf(
      await upload(id, [
        { name: 'a.jpg', bytes: jpeg },
        { name: 'b.png', bytes: png },
        { name: 'c.png', bytes: await makePhoto(300, 300, 'png', { seed: 9 }) },
      ]),
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${id.toUpperCase()}/images`,
      headers: actors.admin.auth,
      payload: { order: [c!.id, a!.id, b!.id] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ msg: photoMsg.reordered });
    expect(photosOf(put).map((p) => p.id)).toEqual([c!.id, a!.id, b!.id]);
    const detail = await product(id);
    expect(detail.image).toBe(c!.src);
    expect(detail.gallery.map((g) => g.src)).toEqual([c!.src, a!.src, b!.src]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetId} = ${id}`)
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry).toMatchObject({
      kind: 'product.update',
      before: { photos: [a!.id, b!.id, c!.id] },
      after: { photos: [c!.id, a!.id, b!.id] },
    });

    for (const order of [[c!.id, a!.id], [c!.id, a!.id, b!.id, b!.id], [c!.id, a!.id, 999_999], []]) {
      const bad = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${id}/images`,
        headers: actors.admin.auth,
        payload: { order },
      });
      expect(bad.statusCode, JSON.stringify(order)).toBe(400);
      expect([photoMsg.order]).toContain((bad.json() as { msg: string }).msg);
    }
    expect((await product(id)).gallery.map((g) => g.src)).toEqual([c!.src, a!.src, b!.src]);
  });

  it('removes a photo with its copies; the rest keep their order and the removed copies are gone', async () => {
    const id = await newProduct();
    const [a, b] = photosOf(
      await upload(id, [
        { name: 'a.jpg', bytes: jpeg },
        { name: 'b.png', bytes: png },
      ]),
    );
    const copies = await storedCopies();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/images/${a!.id}`, headers: actors.admin.auth });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ msg: photoMsg.removed, photos: [b] });
    expect(await storedCopies()).toBeLessThan(copies);
    expect((await get(a!.src)).statusCode).toBe(404);
    expect((await product(id)).image).toBe(b!.src);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/images/${a!.id}`, headers: actors.admin.auth });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ msg: photoMsg.photoNotFound });
  });

  it('deleting a product removes its photos', async () => {
    const id = await newProduct();
    const [a] = photosOf(await upload(id, [{ name: 'a.png', bytes: png }]));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/products/${id}`, headers: actors.admin.auth })).statusCode).toBe(200);
    expect((await get(a!.src)).statusCode).toBe(404);
    expect(await t.db.select().from(productImages).where(eq(productImages.productId, id))).toEqual([]);
  });
});

describe('serving copies', () => {
  it('answers 304 to a matching If-None-Match, 404 for a wrong hash or width, 400 for a malformed address', async () => {
    const id = await newProduct();
    const [p] = photosOf(await upload(id, [{ name: 'a.png', bytes: png }]));
    const first = await get(p!.src);
    const etag = String(first.headers.etag);
    const cached = await get(p!.src, { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    const head = await t.app.inject({ method: 'HEAD', url: p!.src });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    const wrongHash = p!.src.replace(/\/[0-9a-f]{16}-/, '/0000000000000000-');
    const wrongWidth = p!.src.replace(/-\d+\.webp$/, '-1600.webp');
    for (const url of [wrongHash, wrongWidth, p!.src.replace('.webp', '.avif').replace(/\/\d+\//, '/2000000000/')]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ msg: photoMsg.photoNotFound });
    }
    for (const url of [
      '/api/images/0/0000000000000000-320.webp',
      '/api/images/1/abc-320.webp',
      '/api/images/1/0000000000000000-320.png',
      '/api/images/1/0000000000000000-9999.webp',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ msg: photoMsg.badPhotoFile });
    }
  });
});

describe('the product cache', () => {
  it('is emptied by a photo change, on this instance and on another one', async () => {
    const id = await newProduct();
    const second = await createSecondInstance(t);
    try {
      // Both instances keep the product's answer.
      expect((await second.app.inject({ method: 'GET', url: `/api/products/${id}` })).json()).toMatchObject({ gallery: [] });
      expect((await product(id)).gallery).toEqual([]);
      const [p] = photosOf(await upload(id, [{ name: 'a.png', bytes: png }]));
      expect((await product(id)).image).toBe(p!.src);
      // The other instance hears the trigger's notification (on PostgreSQL through its own listener).
      await expect
        .poll(async () => ((await second.app.inject({ method: 'GET', url: `/api/products/${id}` })).json() as Product).image, {
          timeout: 5000,
        })
        .toBe(p!.src);
    } finally {
      await second.close();
    }
  });
});
