import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { numericIdParamsSchema } from '@shop/shared/schemas/admin';
import { errorSchema } from '@shop/shared/schemas/common';
import {
  checkoutSettingsSchema,
  createOrderBodySchema,
  createOrderResponseSchema,
  idempotencyKeySchema,
  orderDetailSchema,
  orderMessages,
  orderSchema,
  orderValidationErrorSchema,
  priceConflictSchema,
  stockConflictSchema,
  unknownProductsSchema,
} from '@shop/shared/schemas/order';
import { createKeyedRateLimit } from '../lib/keyed-rate-limit';
import { Invalid, TooManyRequests } from '../services/errors';
import { cancelMyOrder, checkoutSettings, createOrder, findMyOrder, isRetryOfOrder, listMyOrders } from '../services/orders';

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const bearer = [{ bearer: [] }];
  // POST /api/orders per IP and per customer (decision 015): 429 with an Albanian msg.
  const limit = (name: string, max: number) =>
    createKeyedRateLimit(app, { name, max, timeWindow: config.RATE_LIMIT_ORDERS_WINDOW_MS, message: orderMessages.rateLimited });
  const ipLimit = limit('orders-ip', config.RATE_LIMIT_ORDERS_IP_MAX);
  const userLimit = limit('orders-user', config.RATE_LIMIT_ORDERS_MAX);

  app.post(
    '/orders',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Krijon një porosi; çmimet, tarifa e dërgesës dhe totali llogariten nga serveri',
        description:
          'Dërgoni `Idempotency-Key` për çdo përpjekje checkout-i: një përsëritje me të njëjtin çelës kthen porosinë e parë pa krijuar një të dytë. ' +
          'Pa `fulfilment` porosia merret në dyqan (pa tarifë) dhe paguhet në dorë; për dërgesë në adresë kërkohet `delivery` dhe `total` përfshin tarifën. ' +
          'Stoku merret në të njëjtin transaksion: 409 kur nuk mjafton.',
        security: bearer,
        headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
        body: createOrderBodySchema,
        response: {
          201: createOrderResponseSchema,
          400: z.union([unknownProductsSchema, orderValidationErrorSchema]),
          401: errorSchema,
          409: z.union([priceConflictSchema, stockConflictSchema, errorSchema]),
          422: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (req, reply) => {
      const rawKey = req.headers['idempotency-key'];
      let key: string | undefined;
      if (rawKey !== undefined) {
        const parsed = idempotencyKeySchema.safeParse(rawKey);
        if (!parsed.success) throw new Invalid(orderMessages.idempotencyKey);
        key = parsed.data;
      }
      const userId = req.authUser!.id;
      await ipLimit(req, reply, req.ip);
      // A retry of an order already placed (same key) is not a new order: past the limit it still
      // gets its order back. Looked up only then, so a normal order costs no extra query.
      try {
        await userLimit(req, reply, String(userId));
      } catch (error) {
        if (!(error instanceof TooManyRequests && key && (await isRetryOfOrder(app.db, userId, key)))) throw error;
        reply.removeHeader('retry-after');
      }
      // A gift card code is a try against the per-IP and per-account limit (decision 048).
      if (req.body.giftCard) await app.giftCardTries(req, reply);
      const { order, replay } = await createOrder(app.db, config, userId, req.body, key);
      if (replay) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send({ message: orderMessages.success, order });
    },
  );

  app.get(
    '/orders/settings',
    {
      schema: {
        tags: ['orders'],
        summary: 'Tarifa e dërgesës, pragu i dërgesës falas, TVSH-ja dhe kufijtë e porosisë, për checkout-in',
        response: { 200: checkoutSettingsSchema },
      },
    },
    async () => checkoutSettings(config),
  );

  app.get(
    '/orders/mine',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Porositë e përdoruesit të kyçur, më të rejat së pari',
        security: bearer,
        response: { 200: z.array(orderSchema), 401: errorSchema },
      },
    },
    async (req) => listMyOrders(app.db, req.authUser!.id),
  );

  app.get(
    '/orders/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Një porosi e përdoruesit të kyçur, me historinë e statuseve',
        description: 'Porosia e një klienti tjetër merr 404, si një numër që nuk ekziston.',
        security: bearer,
        params: numericIdParamsSchema,
        response: { 200: orderDetailSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => findMyOrder(app.db, req.authUser!.id, req.params.id),
  );

  app.post(
    '/orders/:id/cancel',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Klienti anulon porosinë e vet sa është ende e pranuar; stoku kthehet',
        description: '409 kur dyqani e ka konfirmuar tashmë; porosia e një klienti tjetër merr 404.',
        security: bearer,
        params: numericIdParamsSchema,
        response: { 200: orderDetailSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req) => cancelMyOrder(app.db, config, req.authUser!, req.params.id),
  );
};

export default orderRoutes;
