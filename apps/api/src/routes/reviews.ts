import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productIdKey } from '@shop/shared/domain/catalogue';
import { errorSchema } from '@shop/shared/schemas/common';
import { ownReviewSchema, productReviewsSchema, reviewBodySchema, reviewSavedSchema } from '@shop/shared/schemas/review';
import { createReview, editOwnReview, ownReview, productReviews } from '../services/reviews';
import { CachedJson, sendCached } from '../lib/cached-json';

const security = [{ bearer: [] }];
const params = z.object({ id: z.string().min(1).max(200) });

/**
 * Honest ratings on the storefront (issue 18, decision 023): a product's visible reviews for
 * everyone (kept with the product answers until the products change, decision 008), and for a
 * signed-in customer their own review, the first one and its edits.
 */
const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/:id/reviews',
    {
      compress: false,
      decompress: false,
      schema: {
        tags: ['products'],
        summary: 'Vlerësimet e dukshme të një produkti, më të rejat së pari, me mesataren dhe numrin',
        params,
        response: { 200: productReviewsSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const answer = await app.productCache.get(`reviews:${productIdKey(req.params.id)}`, async () => {
        const value = productReviewsSchema.parse(await productReviews(app.db, req.params.id));
        return new CachedJson(Buffer.from(JSON.stringify(value)));
      });
      return sendCached(req, reply, answer!, 'application/json; charset=utf-8');
    },
  );

  app.get(
    '/products/:id/reviews/mine',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['products'],
        summary: 'A mund ta vlerësojë klienti produktin, dhe vlerësimi i tij (edhe kur është fshehur)',
        security,
        params,
        response: { 200: ownReviewSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => ownReview(app.db, req.authUser!, req.params.id),
  );

  app.post(
    '/products/:id/reviews',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['products'],
        summary: 'Vlerësimi i parë i klientit (1-5 yje, koment opsional); vetëm me një porosi të dorëzuar që e përmban produktin',
        security,
        params,
        body: reviewBodySchema,
        response: { 201: reviewSavedSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req, reply) => {
      const saved = await createReview(app.db, req.authUser!, req.params.id, req.body);
      // This instance answers the new average at once; the others hear the notification.
      app.productCache.invalidate();
      return reply.code(201).send(saved);
    },
  );

  app.put(
    '/products/:id/reviews/mine',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['products'],
        summary: 'Klienti ndryshon vlerësimin e vet',
        security,
        params,
        body: reviewBodySchema,
        response: { 200: reviewSavedSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const saved = await editOwnReview(app.db, req.authUser!, req.params.id, req.body);
      app.productCache.invalidate();
      return saved;
    },
  );
};

export default reviewRoutes;
