import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '@shop/shared/messages';
import { collectionSchema, errorSchema } from '@shop/shared/schemas/common';
import { productListItemSchema, productSchema } from '@shop/shared/schemas/product';
import { findProduct, listProducts, toListItem, toProduct } from '../repositories/products';
import { HttpError } from '../lib/http-error';

const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        summary: 'Lista e produkteve',
        querystring: z.object({ collection: collectionSchema.optional() }),
        response: { 200: z.array(productListItemSchema) },
      },
    },
    async (req) => (await listProducts(app.db, req.query)).map(toListItem),
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
    async (req) => {
      const row = await findProduct(app.db, req.params.id);
      if (!row) throw new HttpError(404, msg.productNotFound);
      return toProduct(row);
    },
  );
};

export default productRoutes;
