import crypto from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from './harness';

/** A photo-like picture made with sharp: soft coloured noise (so the encoders have real work), in the size and type asked. */
export async function makePhoto(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'avif' = 'jpeg',
  opts: { exif?: Record<string, Record<string, string>>; orientation?: number; seed?: number } = {},
): Promise<Buffer> {
  const w = Math.min(width, 64);
  const h = Math.min(height, 64);
  const noise = Buffer.alloc(w * h * 3);
  let x = opts.seed ?? 7;
  for (let i = 0; i < noise.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = x & 0xff;
  }
  let img = sharp(noise, { raw: { width: w, height: h, channels: 3 } }).resize(width, height, { kernel: 'cubic' });
  if (opts.exif) img = img.withExif(opts.exif);
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  const encoded =
    format === 'jpeg' ? img.jpeg({ quality: 85 }) : format === 'png' ? img.png() : format === 'webp' ? img.webp() : img.avif();
  return encoded.toBuffer();
}

export interface FilePart {
  name: string;
  type?: string;
  bytes: Buffer;
  field?: string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipartBody(
  files: FilePart[],
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----shop${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'photos'}"; filename="${f.name}"\r\n` +
          `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Posts `files` as an admin's upload of photos for a product. */
export function uploadPhotos(t: TestApp, productId: string, files: FilePart[], headers: Record<string, string>) {
  const body = multipartBody(files);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/products/${productId}/images`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** A phone of its own for a photo test (named `name` and a number), so the tests' photos do not meet. */
let madeProducts = 0;
export async function newPhotoProduct(t: TestApp, admin: Record<string, string>, name: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: admin,
    payload: { name: `${name} ${++madeProducts}`, price: 199, category: 'phone', stock: 5 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}
