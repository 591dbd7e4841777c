import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { msg } from '@shop/shared/messages';
import { collectionSchema, errorSchema } from '@shop/shared/schemas/common';
import { productListItemSchema, productSchema } from '@shop/shared/schemas/product';
import { findProduct, listProducts, toListItem, toProduct } from '../repositories/products';
import { HttpError } from '../lib/http-error';

const listSchema = z.array(productListItemSchema);

/**
 * Sends JSON text made (and checked against the route's response schema) when it was cached:
 * Fastify sends a string with a JSON content type as it is, without running the serializer.
 */
function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json as never);
}

/**
 * The storefront's product reads. Answers are kept as finished JSON between writes to the
 * products table (plugins/product-cache.ts, decision 008); the schemas still describe them in
 * the OpenAPI document and check every answer when it is made.
 */
const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        summary: 'Lista e produkteve',
        querystring: z.object({ collection: collectionSchema.optional() }),
        response: { 200: listSchema },
      },
    },
    async (req, reply) => {
      const { collection } = req.query;
      const json = await app.productCache.get(`list:${collection ?? ''}`, async () =>
        JSON.stringify(listSchema.parse((await listProducts(app.db, { collection })).map(toListItem))),
      );
      return sendJson(reply, json!);
    },
  );

  app.get(
    '/products/:id',
    {
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
      const json = await app.productCache.get(`product:${id.toLowerCase()}`, async () => {
        const row = await findProduct(app.db, id);
        return row ? JSON.stringify(productSchema.parse(toProduct(row))) : undefined;
      });
      if (json === undefined) throw new HttpError(404, msg.productNotFound);
      return sendJson(reply, json);
    },
  );
};

export default productRoutes;
