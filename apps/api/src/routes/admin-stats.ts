import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@shop/shared/schemas/common';
import { adminStatsSchema } from '@shop/shared/schemas/admin';
import { salesStats } from '../services/admin-stats';

/** Sales statistics (product.md §2.9, 9); "today" is the date in the shop's zone (domain/time). */
const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/stats',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Statistikat: produkte, porosi, shitje (porositë e konfirmuara, të nisura dhe të dorëzuara), përdorues, shitjet e sotme dhe 30 ditët e fundit',
        security: [{ bearer: [] }],
        response: { 200: adminStatsSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return salesStats(app.db);
    },
  );
};

export default adminStatsRoutes;
