import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tolerateEmptyJsonBody } from '../lib/empty-json';
import { errorSchema } from '@shop/shared/schemas/common';
import { adminMsg } from '@shop/shared/messages-admin';
import { adminProductBodySchema, adminProductSchema, deletedSchema, productIdParamsSchema } from '@shop/shared/schemas/admin';
import { listAdminProducts, toAdminProduct } from '../repositories/admin-products';
import { createProduct, deleteProduct, updateProduct } from '../services/admin-products';
import { getAdminVariants, putVariants } from '../services/product-variants';
import { adminVariantsSchema, variantsBodySchema } from '@shop/shared/schemas/variants';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const security = [{ bearer: [] }];

/**
 * Product management for admins (product.md §2.9, 7). Every route needs an admin's token. After each
 * write this instance's product cache is emptied at once; other instances hear of it through
 * the database's products_changed notification (decision 008).
 */
const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  tolerateEmptyJsonBody(app);

  app.get(
    '/admin/products',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Të gjitha produktet për administrim, më të rejat së pari',
        security,
        response: { 200: z.array(adminProductSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async () => (await listAdminProducts(app.db)).map(toAdminProduct),
  );

  for (const url of ['/admin/products', '/products']) {
    app.post(
      url,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: ['admin'],
          summary:
            url === '/products'
              ? 'Shton një produkt nga forma e veçantë (me kategori)'
              : 'Shton një produkt; id bëhet nga emri (p.sh. "samsung-galaxy-a55", "-2" kur ekziston)',
          security,
          body: adminProductBodySchema,
          response: { 201: adminProductSchema, ...errors },
        },
      },
      async (req, reply) => {
        const row = await createProduct(app.db, req.authUser!, req.body);
        app.productCache.invalidate();
        return reply.status(201).send(toAdminProduct(row));
      },
    );
  }

  app.put(
    '/admin/products/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Ndryshon një produkt (id pa dallim shkronjash); fusha e fotos zëvendëson foton kryesore',
        security,
        params: productIdParamsSchema,
        body: adminProductBodySchema,
        response: { 200: adminProductSchema, ...errors, 404: errorSchema },
      },
    },
    async (req) => {
      const row = await updateProduct(app.db, req.authUser!, req.params.id, req.body);
      app.productCache.invalidate();
      return toAdminProduct(row);
    },
  );

  app.delete(
    '/admin/products/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Fshin një produkt; porositë që e kanë e ruajnë rreshtin e tyre',
        security,
        params: productIdParamsSchema,
        response: { 200: deletedSchema, ...errors, 404: errorSchema },
      },
    },
    async (req) => {
      const id = await deleteProduct(app.db, req.authUser!, req.params.id);
      app.productCache.invalidate();
      return { message: adminMsg.productDeleted, id };
    },
  );

  // A product's options and variants (issue 27, decision 039).
  app.get(
    '/admin/products/:id/variants',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Opsionet dhe variantet e një produkti (SKU, barkodi, çmimi, stoku, fotot)',
        security,
        params: productIdParamsSchema,
        response: { 200: adminVariantsSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (req) => getAdminVariants(app.db, req.params.id),
  );

  app.put(
    '/admin/products/:id/variants',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Zëvendëson opsionet dhe variantet e një produkti; variantet me të njëjtin SKU mbajnë id-në e tyre',
        security,
        params: productIdParamsSchema,
        body: variantsBodySchema,
        response: { 200: adminVariantsSchema, ...errors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req) => {
      const answer = await putVariants(app.db, req.authUser!, req.params.id, req.body);
      app.productCache.invalidate();
      return answer;
    },
  );
};

export default adminProductRoutes;
