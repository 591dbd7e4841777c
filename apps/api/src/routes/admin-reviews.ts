import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@shop/shared/schemas/common';
import { numericIdParamsSchema } from '@shop/shared/schemas/admin';
import {
  adminReviewsPageSchema,
  adminReviewsQuerySchema,
  reviewVisibilityAnswerSchema,
  reviewVisibilityBodySchema,
} from '@shop/shared/schemas/review';
import { listReviewsForAdmin, setReviewVisibility } from '../services/reviews';

const security = [{ bearer: [] }];

/** Staff's view of the reviews ('Vlerësimet'): every review, hidden ones too; hide or show one (audited). */
const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/reviews',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Vlerësimet e klientëve, më të rejat së pari (20 për faqe), të gjitha, të dukshmet ose të fshehurat',
        security,
        querystring: adminReviewsQuerySchema,
        response: { 200: adminReviewsPageSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req) => listReviewsForAdmin(app.db, req.query),
  );

  app.patch(
    '/admin/reviews/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Fsheh një vlerësim ose e shfaq përsëri (regjistrohet në Historiku)',
        security,
        params: numericIdParamsSchema,
        body: reviewVisibilityBodySchema,
        response: { 200: reviewVisibilityAnswerSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const saved = await setReviewVisibility(app.db, req.authUser!, req.params.id, req.body.hidden);
      // This instance answers the new average at once; the others hear the notification.
      app.productCache.invalidate();
      return saved;
    },
  );
};

export default adminReviewRoutes;
