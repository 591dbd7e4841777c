import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@shop/shared/schemas/common';
import { numericIdParamsSchema } from '@shop/shared/schemas/admin';
import {
  dayCloseBodySchema,
  dayCloseCreatedSchema,
  dayCloseListSchema,
  dayCloseParamsSchema,
  dayCloseQuerySchema,
  dayCloseReportSchema,
  dayCloseSchema,
  orderAfterSaleSchema,
  orderReturnBodySchema,
  orderReturnCreatedSchema,
  repairSaleSchema,
} from '@shop/shared/schemas/day-close';
import { closeDay, dayClose, dayCloseReport, dayCloses } from '../services/day-close';
import { orderAfterSale, returnOrderLines } from '../services/order-returns';
import { repairSale } from '../services/repair-sale';

const security = [{ bearer: [] }];
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** 'Mbyllja e ditës' and the returns of online orders (issue 28, decision 051): staff and the owner. */
const adminDayCloseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/day-close',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Mbyllja e ditës: raporti i një arke për një ditë (i mbyllur ose deri tani)',
        security,
        querystring: dayCloseQuerySchema,
        response: { 200: dayCloseReportSchema, ...refusals },
      },
    },
    async (req) => dayCloseReport(app.db, req.query.till, req.query.day),
  );

  app.post(
    '/admin/day-close',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Mbyll ditën e një arke: paratë e numëruara; raporti ruhet dhe nuk ndryshohet më (409 për një mbyllje të dytë)',
        security,
        body: dayCloseBodySchema,
        response: { 201: dayCloseCreatedSchema, ...refusals, 409: errorSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await closeDay(app.db, req.authUser!, req.body)),
  );

  app.get(
    '/admin/day-closes',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Mbylljet e ditëve, më të rejat së pari (100)',
        security,
        response: { 200: dayCloseListSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => dayCloses(app.db),
  );

  app.get(
    '/admin/day-closes/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Një mbyllje dite (për ta printuar përsëri)',
        security,
        params: dayCloseParamsSchema,
        response: { 200: dayCloseSchema, ...refusals, 404: errorSchema },
      },
    },
    async (req) => dayClose(app.db, req.params.id),
  );

  app.get(
    '/admin/orders/:id/after-sale',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Pas shitjes: rreshtat që mund të kthehen, kthimet dhe fletët e garancionit të porosisë',
        security,
        params: numericIdParamsSchema,
        response: { 200: orderAfterSaleSchema, ...refusals, 404: errorSchema },
      },
    },
    async (req) => orderAfterSale(app.db, req.params.id),
  );

  app.post(
    '/admin/orders/:id/returns',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Kthim i një porosie të dorëzuar brenda 14 ditëve; pas tyre vetëm pronari me arsye',
        security,
        params: numericIdParamsSchema,
        body: orderReturnBodySchema,
        response: { 201: orderReturnCreatedSchema, ...refusals, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req, reply) => {
      const result = await returnOrderLines(app.db, req.authUser!, req.params.id, req.body);
      app.productCache.invalidate();
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/admin/repairs/:id/sale',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Shitja e telefonit të riparimit sipas IMEI-së: shitja në dyqan ose porosia, fleta dhe garancia',
        security,
        params: numericIdParamsSchema,
        response: { 200: repairSaleSchema, ...refusals, 404: errorSchema },
      },
    },
    async (req) => repairSale(app.db, req.params.id),
  );
};

export default adminDayCloseRoutes;
