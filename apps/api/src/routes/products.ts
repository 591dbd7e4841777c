import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '@shop/shared/messages';
import { productIdKey } from '@shop/shared/domain/catalogue';
import { collectionSchema, errorSchema } from '@shop/shared/schemas/common';
import { productListItemSchema, productSchema, relatedProductsSchema } from '@shop/shared/schemas/product';
import { listProducts, toListItem } from '../repositories/products';
import { findProductPage } from '../services/product-variants';
import { relatedTo } from '../services/catalogue';
import { NotFound } from '../services/errors';
import { CachedJson, sendCached } from '../lib/cached-json';
import { browseAnswerSchema, browseQuerySchema } from '@shop/shared/schemas/catalogue-browse';
import { browseCacheKey, browseCatalogue } from '../services/catalogue-browse';

const listSchema = z.array(productListItemSchema);

/** An answer made once and checked against the route's response schema, as the bytes to keep. */
const toCached = (schema: z.ZodType, value: unknown) => new CachedJson(Buffer.from(JSON.stringify(schema.parse(value))));

/**
 * The storefront's product reads. Answers are kept as finished JSON between writes to the
 * products table (plugins/product-cache.ts, decision 008); the schemas still describe them in
 * the OpenAPI document and check every answer when it is made.
 */
const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      compress: false,
      decompress: false,
      schema: {
        tags: ['products'],
        summary: 'Lista e produkteve',
        querystring: z.object({ collection: collectionSchema.optional() }),
        response: { 200: listSchema },
      },
    },
    async (req, reply) => {
      const { collection } = req.query;
      const answer = await app.productCache.get(`list:${collection ?? ''}`, async () =>
        toCached(listSchema, (await listProducts(app.db, { collection })).map(toListItem)),
      );
      return sendCached(req, reply, answer!, 'application/json; charset=utf-8');
    },
  );

  // The catalogue's pages and search (decision 022): a page, its total and the facets' counts.
  // Only the plain catalogue's first pages are kept (browseCacheKey); the rest is made each time.
  app.get(
    '/products/browse',
    {
      compress: false,
      decompress: false,
      schema: {
        tags: ['products'],
        summary: 'Një faqe e katalogut ose e kërkimit, me renditje, filtra dhe numërime për secilin filtër',
        querystring: browseQuerySchema,
        response: { 200: browseAnswerSchema, 400: errorSchema },
      },
    },
    async (req, reply) => {
      const load = async () => toCached(browseAnswerSchema, await browseCatalogue(app.db, req.query));
      const key = browseCacheKey(req.query);
      const answer = key === null ? await load() : await app.productCache.get(key, load);
      return sendCached(req, reply, answer!, 'application/json; charset=utf-8');
    },
  );

  app.get(
    '/products/:id',
    {
      compress: false,
      decompress: false,
      schema: {
        tags: ['products'],
        summary: 'Një produkt me të gjitha të dhënat (id pa dallim shkronjash)',
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: productSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      // Keyed by the id as asked, lower-cased: only ids of real products are ever kept.
      const answer = await app.productCache.get(`product:${productIdKey(id)}`, async () => {
        const product = await findProductPage(app.db, id);
        return product ? toCached(productSchema, product) : undefined;
      });
      if (answer === undefined) throw new NotFound(msg.productNotFound);
      return sendCached(req, reply, answer, 'application/json; charset=utf-8');
    },
  );

  app.get(
    '/products/:id/related',
    {
      compress: false,
      decompress: false,
      schema: {
        tags: ['products'],
        summary: 'Produkte të ngjashme dhe aksesorë që i përshtaten produktit (domain/related.ts)',
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: relatedProductsSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const answer = await app.productCache.get(`related:${productIdKey(req.params.id)}`, async () => {
        const related = await relatedTo(app.db, req.params.id);
        return related ? toCached(relatedProductsSchema, related) : undefined;
      });
      if (answer === undefined) throw new NotFound(msg.productNotFound);
      return sendCached(req, reply, answer, 'application/json; charset=utf-8');
    },
  );
};

export default productRoutes;
