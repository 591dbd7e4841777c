import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueMsg } from '@shop/shared/messages-catalogue';
import { errorSchema } from '@shop/shared/schemas/common';
import { newsletterRequestSchema, newsletterResponseSchema } from '@shop/shared/schemas/newsletter';
import { subscribe } from '../repositories/newsletter';

/**
 * POST /api/newsletter (product.md §10.5): the blog's box and the footer's field store the address.
 * A repeat address answers like a new one (no error, no second row), so the form cannot be used
 * to learn who is subscribed. Rate-limited per IP with the same budget as the sign-in forms.
 */
const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/newsletter',
    {
      config: { rateLimit: { max: app.config.RATE_LIMIT_AUTH_MAX, timeWindow: app.config.RATE_LIMIT_WINDOW_MS } },
      schema: {
        tags: ['newsletter'],
        summary: 'Abonim në buletinin me email',
        body: newsletterRequestSchema,
        response: { 200: newsletterResponseSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (req) => {
      await subscribe(app.db, req.body.email);
      return { msg: catalogueMsg.newsletterSuccess };
    },
  );
};

export default newsletterRoutes;
