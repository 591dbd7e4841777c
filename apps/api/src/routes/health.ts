import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '@shop/shared/messages';
import { opsText } from '@shop/shared/messages-ops';
import { errorSchema } from '@shop/shared/schemas/common';
import { checkReadiness } from '../services/readiness';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process serves and reaches its database.
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Gjendja e shërbimit (përgjigjet kur baza e të dhënave arrihet)',
        response: { 200: z.object({ ok: z.literal(true) }), 503: errorSchema },
      },
    },
    async (_req, reply) => {
      try {
        await app.database.ping();
      } catch {
        return reply.status(503).send({ msg: msg.unavailable });
      }
      return { ok: true as const };
    },
  );

  // Readiness (decision 020): a load balancer sends traffic only while this says 200.
  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Gati për kërkesa: baza e të dhënave arrihet dhe ka të gjitha migrimet',
        response: { 200: z.object({ ok: z.literal(true) }), 503: errorSchema },
      },
    },
    async (_req, reply) => {
      const state = await checkReadiness(app.database);
      if (state.ready) return { ok: true as const };
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ msg: state.reason === 'database' ? opsText.notReadyDatabase : opsText.notReadyMigrations });
    },
  );
};

export default healthRoutes;
