import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '@shop/shared/messages';
import { errorSchema } from '@shop/shared/schemas/common';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
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
};

export default healthRoutes;
