import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@shop/shared/schemas/common';
import { numericIdParamsSchema } from '@shop/shared/schemas/admin';
import {
  salePriceBodySchema,
  salePriceCancelledSchema,
  salePriceCreatedSchema,
  salePriceListSchema,
  salePriceMsg,
  salePriceQuerySchema,
} from '@shop/shared/schemas/sale-prices';
import { tolerateEmptyJsonBody } from '../lib/empty-json';
import { cancelSchedule, createSchedules, getSchedules } from '../services/sale-prices';

const security = [{ bearer: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * 'Ulje me afat' (issue 29, decision 050), the owner's: the schedules, planning a sale for some of a
 * product's variants, cancelling one. A cancel that puts a price back empties this instance's
 * product cache at once; the job's moves do the same from app.ts.
 */
const adminSalePriceRoutes: FastifyPluginAsyncZod = async (app) => {
  tolerateEmptyJsonBody(app);

  app.get(
    '/admin/sale-prices',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Uljet me afat të një produkti (productId), ose të fundit të të gjithëve',
        security,
        querystring: salePriceQuerySchema,
        response: { 200: salePriceListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req) => getSchedules(app.db, req.query.productId),
  );

  app.post(
    '/admin/sale-prices',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Planifikon një ulje me afat për variantet e zgjedhura (çmim ose përqindje, nga/deri); të gjitha ose asnjë; 409 kur mbivendoset me një tjetër',
        security,
        body: salePriceBodySchema,
        response: { 201: salePriceCreatedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const schedules = await createSchedules(app.db, req.authUser!, req.body, new Date());
      return reply.code(201).send({ msg: salePriceMsg.created(schedules.length), schedules });
    },
  );

  app.post(
    '/admin/sale-prices/:id/cancel',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Anulon një ulje të planifikuar, ose mbaron menjëherë një aktive (çmimi i rregullt rikthehet); 409 kur ka mbaruar',
        security,
        params: numericIdParamsSchema,
        response: { 200: salePriceCancelledSchema, ...errors },
      },
    },
    async (req) => {
      const schedule = await cancelSchedule(app.db, req.authUser!, req.params.id, new Date());
      app.productCache.invalidate();
      return { msg: salePriceMsg.cancelled, schedule };
    },
  );
};

export default adminSalePriceRoutes;
