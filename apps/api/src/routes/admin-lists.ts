import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shop/shared/schemas/common';
import { exportKinds } from '@shop/shared/domain/admin-lists';
import {
  adminProductPageSchema,
  adminUserPageSchema,
  exportQuerySchema,
  productListQuerySchema,
  statsRangeQuerySchema,
  statsRangeSchema,
  userListQuerySchema,
  warrantyListQuerySchema,
  warrantyPageSchema,
} from '@shop/shared/schemas/admin-lists';
import { csvStream } from '../lib/csv';
import { productPage, userPage, warrantyPage } from '../services/admin-lists';
import { openExport } from '../services/exports';
import { statsForRange } from '../services/stats-range';

const security = [{ bearer: [] }];
const csvFileSchema = z.string().describe('Skedari CSV (text/csv; charset=utf-8)');
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

const exportSummaries: Record<(typeof exportKinds)[number], string> = {
  orders: 'CSV i porosive të periudhës, një rresht për çdo artikull me kolonat e porosisë',
  warranty: 'CSV i fletëve të garancionit me datë në periudhë',
  customers: 'CSV i klientëve të regjistruar në periudhë, me porositë dhe shumën e shpenzuar',
  newsletter: 'CSV i adresave të newsletter-it të ruajtura në periudhë',
};

/**
 * The admin's lists that scale, the CSV exports and the statistics of a range (decision 021).
 * The spec's lists (GET /admin/products, /admin/users_new, /admin/warranty) answer as before;
 * these are new addresses beside them. Admins only, checked before anything is read.
 */
const adminListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/products/search',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Produktet me kërkim (emri, id, përshkrimi, marka, SKU), renditje (data, emri, çmimi, stoku) dhe faqe',
        security,
        querystring: productListQuerySchema,
        response: { 200: adminProductPageSchema, ...errors },
      },
    },
    async (req) => productPage(app.db, req.query),
  );

  app.get(
    '/admin/users_new/search',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Përdoruesit me kërkim (emri, email-i, telefoni), renditje (data, emri, email-i) dhe faqe',
        security,
        querystring: userListQuerySchema,
        response: { 200: adminUserPageSchema, ...errors },
      },
    },
    async (req) => userPage(app.db, req.query),
  );

  app.get(
    '/admin/warranty/search',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['warranty'],
        summary: 'Fletët e garancionit me kërkim në çdo fushë, renditje (data, emri, çmimi) dhe faqe',
        security,
        querystring: warrantyListQuerySchema,
        response: { 200: warrantyPageSchema, ...errors },
      },
    },
    async (req) => warrantyPage(app.db, req.query),
  );

  app.get(
    '/admin/stats/range',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Statistikat e një periudhe (nga/deri, ditë në zonën e dyqanit; pa to: 30 ditët e fundit): shitjet ditore, sipas kategorisë, 10 produktet kryesore, porositë sipas statusit, vlera mesatare, sipas kanalit (online dhe në dyqan)',
        security,
        querystring: statsRangeQuerySchema,
        response: { 200: statsRangeSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return statsForRange(app.db, req.query);
    },
  );

  for (const kind of exportKinds) {
    app.get(
      `/admin/export/${kind}.csv`,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: ['admin'],
          summary: `${exportSummaries[kind]} (UTF-8 me BOM, ';' si ndarës; nga/deri ditë në zonën e dyqanit)`,
          security,
          querystring: exportQuerySchema,
          // A stream: Fastify sends it as it is, the schema only documents it.
          response: { 200: csvFileSchema, ...errors },
        },
      },
      async (req, reply) => {
        const file = await openExport(app.db, req.authUser!, kind, req.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(csvStream(file.header, file.rows) as unknown as string);
      },
    );
  }
};

export default adminListRoutes;
