import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shop/shared/schemas/common';
import { adminOrderSchema, adminOrderStatusBodySchema, numericIdParamsSchema } from '@shop/shared/schemas/admin';
import { listAdminOrders } from '../repositories/admin-orders';
import { setOrderStatus } from '../services/admin-orders';

const security = [{ bearer: [] }];

/** Orders for admins (product.md §2.9, 4): the list, and pending -> delivered | cancelled. */
const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/orders',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Lista e porosive, më të rejat së pari',
        security,
        response: { 200: z.array(adminOrderSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async () => listAdminOrders(app.db),
  );

  app.patch(
    '/admin/orders/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Shënon një porosi në pritje si të dorëzuar ose të anuluar (409 nga çdo gjendje tjetër)',
        security,
        params: numericIdParamsSchema,
        body: adminOrderStatusBodySchema,
        response: { 200: adminOrderSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req) => setOrderStatus(app.db, app.config, req.authUser!, req.params.id, req.body.status),
  );
};

export default adminOrderRoutes;
