import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tolerateEmptyJsonBody } from '../lib/empty-json';
import { errorSchema } from '@shop/shared/schemas/common';
import { numericIdParamsSchema } from '@shop/shared/schemas/admin';
import { mailMsg } from '@shop/shared/messages-mail';
import { outboxPageSchema, outboxQuerySchema, outboxRetrySchema } from '@shop/shared/schemas/outbox';
import { listOutbox, retryOutboxMail } from '../services/admin-outbox';

const security = [{ bearer: [] }];

/** The mail outbox for admins ('E-mailet'): what was sent, what waits, what failed; retry a failed one. */
const adminOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  tolerateEmptyJsonBody(app);

  app.get(
    '/admin/outbox',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'E-mailet e dyqanit, më të rejat së pari (20 për faqe), sipas gjendjes',
        description:
          'Një e-mail që mban një lidhje sekrete (rivendosje fjalëkalimi, verifikim email-i) shfaqet me lidhjen të fshehur; ' +
          'çdo lexim shënohet në Historik (outbox.read).',
        security,
        querystring: outboxQuerySchema,
        response: { 200: outboxPageSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req) => listOutbox(app.db, req.authUser!, req.query, app.mailSender.configured),
  );

  app.post(
    '/admin/outbox/:id/retry',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Një e-mail që dështoi provohet përsëri',
        security,
        params: numericIdParamsSchema,
        response: { 200: outboxRetrySchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req) => {
      const mail = await retryOutboxMail(app.db, req.authUser!, req.params.id);
      app.mailSender.wake();
      return { msg: mailMsg.retryQueued, mail };
    },
  );
};

export default adminOutboxRoutes;
