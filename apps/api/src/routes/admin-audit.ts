import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@shop/shared/schemas/common';
import { auditPageSchema, auditQuerySchema } from '@shop/shared/schemas/audit';
import { listAudit } from '../services/audit';

/** 'Historiku' (issue 13, finding 8): what admins did, newest first, filtered by admin and kind. */
const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Historiku i veprimeve të administratorëve, më të rejat së pari (20 për faqe)',
        security: [{ bearer: [] }],
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req) => listAudit(app.db, req.query),
  );
};

export default adminAuditRoutes;
