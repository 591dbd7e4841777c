import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { photoLimits } from '@shop/shared/domain/photos';
import { photoMsg } from '@shop/shared/messages-photos';
import { errorSchema } from '@shop/shared/schemas/common';
import { numericIdParamsSchema, productIdParamsSchema } from '@shop/shared/schemas/admin';
import { adminPhotosAnswerSchema, photoErrorSchema, photoFileParamsSchema, photoOrderBodySchema } from '@shop/shared/schemas/photos';
import { tolerateEmptyJsonBody } from '../lib/empty-json';
import { addPhotos, photoCopy, removePhoto, reorderPhotos, type UploadedFile } from '../services/product-photos';
import { Invalid, TooLarge } from '../services/errors';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
/** A full photo queue (decision 029): 503 with Retry-After. */
const busy = { 503: errorSchema };
const security = [{ bearer: [] }];

/** A year: the address changes whenever the bytes do (the hash is in it), so a copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Reads the files of a multipart upload into memory within the limits of domain/photos: at most
 * 10 MB a file and 8 files. Other fields are read and ignored; a limit or a broken body is an
 * Albanian 4xx, never a 500.
 */
async function readFiles(req: FastifyRequest): Promise<UploadedFile[]> {
  if (!req.isMultipart()) throw new Invalid(photoMsg.notMultipart);
  const files: UploadedFile[] = [];
  let name = '';
  try {
    const parts = req.parts({
      limits: { fileSize: photoLimits.maxBytes, files: photoLimits.maxPerProduct, fields: 10, fieldSize: 1000, parts: 30, headerPairs: 50 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      name = part.filename;
      files.push({ name: part.filename, bytes: await part.toBuffer() });
    }
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new TooLarge(photoMsg.tooLarge, { file: name });
    if (code === 'FST_FILES_LIMIT') throw new Invalid(photoMsg.tooMany);
    throw new Invalid(photoMsg.badMultipart);
  }
  return files;
}

/**
 * Product photos (issue 17, decision 019): admins upload, reorder and remove them; anyone reads
 * the copies, addressed by their content hash and cached for a year. Every change empties this
 * instance's product cache at once; other instances hear of it through the products_changed
 * notification (the trigger of migration 0006).
 */
const productImageRoutes: FastifyPluginAsyncZod = async (app) => {
  tolerateEmptyJsonBody(app);
  // Multipart is read only by the upload route of this plugin; every other route still refuses it.
  await app.register(multipart, { throwFileSizeLimit: true });

  app.post(
    '/admin/products/:id/images',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Ngarkon një ose më shumë foto (multipart/form-data): JPEG, PNG, WebP, AVIF (HEIC kur lexohet), deri 10 MB secila, 200-8000 piksel, deri 40 megapiksel (422 përtej), deri 8 për produkt; 503 me Retry-After kur radha e fotove është plot',
        security,
        consumes: ['multipart/form-data'],
        params: productIdParamsSchema,
        response: { 201: adminPhotosAnswerSchema, ...errors, 400: photoErrorSchema, 413: photoErrorSchema, 422: photoErrorSchema, ...busy },
      },
    },
    async (req, reply) => {
      const files = await readFiles(req);
      const photos = await addPhotos(app.db, req.authUser!, req.params.id, files, app.photoQueue);
      app.productCache.invalidate();
      return reply.status(201).send({ msg: photoMsg.uploaded(files.length), photos });
    },
  );

  app.put(
    '/admin/products/:id/images',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Rendit fotot e produktit: çdo ID e fotove të tij një herë; e para shfaqet në kartë',
        security,
        params: productIdParamsSchema,
        body: photoOrderBodySchema,
        response: { 200: adminPhotosAnswerSchema, ...errors },
      },
    },
    async (req) => {
      const photos = await reorderPhotos(app.db, req.authUser!, req.params.id, req.body.order);
      app.productCache.invalidate();
      return { msg: photoMsg.reordered, photos };
    },
  );

  app.delete(
    '/admin/images/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Heq një foto produkti (me të gjitha kopjet); të tjerat ruajnë renditjen',
        security,
        params: numericIdParamsSchema,
        response: { 200: adminPhotosAnswerSchema, ...errors },
      },
    },
    async (req) => {
      const { photos } = await removePhoto(app.db, req.authUser!, req.params.id);
      app.productCache.invalidate();
      return { msg: photoMsg.removed, photos };
    },
  );

  app.get(
    '/images/:id/:file',
    {
      compress: false,
      schema: {
        tags: ['products'],
        summary:
          'Një kopje e fotos: /api/images/{id}/{hash}-{gjerësia}.webp (ose .avif), image/webp ose image/avif; ruhet në cache një vit. 400/404: { msg }',
        params: photoFileParamsSchema,
      },
    },
    async (req, reply) => {
      const { id, file } = req.params;
      const etag = `"${file.hash}-${file.width}-${file.format}"`;
      const bytes = await photoCopy(app.db, id, file);
      void reply.header('cache-control', IMMUTABLE).header('etag', etag).type(`image/${file.format}`);
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.send(bytes);
    },
  );
};

export default productImageRoutes;
