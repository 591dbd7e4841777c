import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@shop/shared/schemas/common';
import {
  counterCustomerQuerySchema,
  counterCustomersSchema,
  counterLookupQuerySchema,
  counterLookupSchema,
  counterSaleBodySchema,
  counterSaleCreatedSchema,
  counterSaleListQuerySchema,
  counterSaleListSchema,
  counterSaleParamsSchema,
  counterSaleSchema,
  counterReturnBodySchema,
} from '@shop/shared/schemas/counter';
import {
  counterCustomers,
  counterLookup,
  counterSale,
  counterSales,
  createCounterSale,
  returnCounterLines,
} from '../services/counter-sales';

const security = [{ bearer: [] }];
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** The counter sale 'Shitje në dyqan' (issue 28, decision 044): staff and the owner. */
const adminCounterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/counter-sales',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Shitje në dyqan: rreshtat, zbritjet, klienti, pagesa dhe numri i kuponit fiskal; një transaksion, 409 kur mungon stoku ose njësia',
        security,
        body: counterSaleBodySchema,
        response: { 201: counterSaleCreatedSchema, ...refusals, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req, reply) => {
      // A gift card code is a try against the staff member's limit (decision 048; the shop's address is everyone's at the till).
      if (req.body.payment.giftCard) await app.giftCardTries(req, reply, { perIp: false });
      const result = await createCounterSale(app.db, req.authUser!, req.body);
      app.productCache.invalidate();
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/admin/counter-sales',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Shitjet në dyqan, më të rejat së pari (kërkim me kupon, klient ose IMEI); kufiri i zbritjes',
        security,
        querystring: counterSaleListQuerySchema,
        response: { 200: counterSaleListSchema, ...refusals },
      },
    },
    async (req) => counterSales(app.db, req.query.q),
  );

  app.get(
    '/admin/counter-sales/lookup',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Arka: një IMEI, EAN/SKU i skanuar ose një emër i shkruar',
        security,
        querystring: counterLookupQuerySchema,
        response: { 200: counterLookupSchema, ...refusals, 409: errorSchema },
      },
    },
    async (req) => counterLookup(app.db, req.query.q),
  );

  app.get(
    '/admin/counter-sales/customers',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Klientët e regjistruar sipas telefonit ose e-mailit, për shitjen në dyqan',
        security,
        querystring: counterCustomerQuerySchema,
        response: { 200: counterCustomersSchema, ...refusals },
      },
    },
    async (req) => counterCustomers(app.db, req.query.q),
  );

  app.get(
    '/admin/counter-sales/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Një shitje në dyqan (për kuponin dhe fletët e garancionit)',
        security,
        params: counterSaleParamsSchema,
        response: { 200: counterSaleSchema, ...refusals, 404: errorSchema },
      },
    },
    async (req) => counterSale(app.db, req.params.id),
  );

  app.post(
    '/admin/counter-sales/:id/returns',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Kthim brenda 14 ditëve: rreshtat, në stok apo jo, si kthehen paratë; pas 14 ditëve vetëm pronari me arsye',
        security,
        params: counterSaleParamsSchema,
        body: counterReturnBodySchema,
        response: { 201: counterSaleCreatedSchema, ...refusals, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req, reply) => {
      const result = await returnCounterLines(app.db, req.authUser!, req.params.id, req.body);
      app.productCache.invalidate();
      return reply.code(201).send(result);
    },
  );
};

export default adminCounterRoutes;
