import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shop/shared/schemas/common';
import {
  orderMessages,
  orderValidationErrorSchema,
  priceConflictSchema,
  stockConflictSchema,
  unknownProductsSchema,
} from '@shop/shared/schemas/order';
import { guestOrderBodySchema, guestOrderDetailSchema, guestOrderResponseSchema } from '@shop/shared/schemas/guest-order';
import { createKeyedRateLimit } from '../lib/keyed-rate-limit';
import { cancelGuestOrder, createGuestOrder, findGuestOrder } from '../services/guest-orders';

/** The secret of a link, any text: a malformed one answers 404 like a wrong one (no hint what a secret looks like). */
const tokenParams = z.object({ token: z.string().max(200) });

/** Orders without an account (issue 30, decision 042). */
const guestOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const limit = (name: string, max: number) =>
    createKeyedRateLimit(app, { name, max, timeWindow: config.RATE_LIMIT_ORDERS_WINDOW_MS, message: orderMessages.rateLimited });
  // Per IP as POST /api/orders counts, and per e-mail and per phone (a guest has no account id).
  const ipLimit = limit('guest-orders-ip', config.RATE_LIMIT_ORDERS_IP_MAX);
  const guestLimit = limit('orders-guest', config.RATE_LIMIT_ORDERS_MAX);
  // Opening or cancelling by link: a guess of secrets is slowed down per IP.
  const linkLimit = limit('guest-order-link', config.RATE_LIMIT_ORDERS_IP_MAX * 10);

  app.post(
    '/guest-orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Porosi pa llogari: emri, email-i dhe telefoni i klientit; çmimet dhe totali llogariten nga serveri',
        description:
          'Si POST /api/orders, me `guest` (emri, email-i për emailet e porosisë, telefoni nga çdo vend). ' +
          'Përgjigjet me `link`: faqja e porosisë, e njëjta lidhje që dërgohet me email. Kufijtë e një llogarie të paverifikuar vlejnë për email-in dhe telefonin.',
        body: guestOrderBodySchema,
        response: {
          201: guestOrderResponseSchema,
          400: z.union([unknownProductsSchema, orderValidationErrorSchema]),
          403: errorSchema,
          409: z.union([priceConflictSchema, stockConflictSchema, errorSchema]),
          429: errorSchema,
        },
      },
    },
    async (req, reply) => {
      await ipLimit(req, reply, req.ip);
      await guestLimit(req, reply, `email:${req.body.guest.email}`);
      await guestLimit(req, reply, `phone:${req.body.guest.phone}`);
      // A gift card code is a try against the per-IP limit (decision 048).
      if (req.body.giftCard) await app.giftCardTries(req, reply);
      const { order, link } = await createGuestOrder(app.db, config, req.body);
      return reply.status(201).send({ message: orderMessages.success, order, link });
    },
  );

  app.get(
    '/guest-orders/:token',
    {
      schema: {
        tags: ['orders'],
        summary: 'Porosia pa llogari e hapur me lidhjen e email-it',
        description: 'Një lidhje e gabuar, e ndryshuar ose e hamendësuar merr 404, si një porosi që nuk ekziston.',
        params: tokenParams,
        response: { 200: guestOrderDetailSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      await linkLimit(req, reply, req.ip);
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return findGuestOrder(app.db, req.params.token);
    },
  );

  app.post(
    '/guest-orders/:token/cancel',
    {
      schema: {
        tags: ['orders'],
        summary: 'Klienti pa llogari anulon porosinë sa është ende e pranuar; stoku kthehet',
        description: '409 kur dyqani e ka konfirmuar tashmë; një lidhje e gabuar merr 404.',
        params: tokenParams,
        response: { 200: guestOrderDetailSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      await linkLimit(req, reply, req.ip);
      reply.header('cache-control', 'no-store');
      return cancelGuestOrder(app.db, config, req.params.token);
    },
  );
};

export default guestOrderRoutes;
