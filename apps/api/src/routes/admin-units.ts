import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@shop/shared/schemas/common';
import { receiveUnitsBodySchema, receiveUnitsResultSchema, unitListQuerySchema, unitListSchema } from '@shop/shared/schemas/units';
import { receiveUnits, variantUnits } from '../services/stock-units';

const security = [{ bearer: [] }];

/** Phones as units for staff (issue 28, decision 040): 'Pranim malli' and a variant's units. */
const adminUnitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/units/receive',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Pranim malli: njësitë me IMEI të një varianti, të gjitha ose asnjë; 409 për një IMEI që është tashmë në sistem',
        security,
        body: receiveUnitsBodySchema,
        response: {
          201: receiveUnitsResultSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (req, reply) => {
      const result = await receiveUnits(app.db, req.authUser!, req.body);
      app.productCache.invalidate();
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/admin/units',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Njësitë e një varianti sipas statusit, kërkim me IMEI',
        security,
        querystring: unitListQuerySchema,
        response: { 200: unitListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (req) => variantUnits(app.db, req.query),
  );
};

export default adminUnitRoutes;
