import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shop/shared/schemas/common';
import {
  createOrderBodySchema,
  createOrderResponseSchema,
  idempotencyKeySchema,
  orderMessages,
  orderSchema,
  orderValidationErrorSchema,
  priceConflictSchema,
  unknownProductsSchema,
} from '@shop/shared/schemas/order';
import { Invalid } from '../services/errors';
import { createOrder, listMyOrders } from '../services/orders';

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Krijon një porosi; çmimet dhe totali llogariten nga baza e të dhënave',
        description:
          'Dërgoni `Idempotency-Key` për çdo përpjekje checkout-i: një përsëritje me të njëjtin çelës kthen porosinë e parë pa krijuar një të dytë.',
        security: [{ bearer: [] }],
        headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
        body: createOrderBodySchema,
        response: {
          201: createOrderResponseSchema,
          400: z.union([unknownProductsSchema, orderValidationErrorSchema]),
          401: errorSchema,
          409: z.union([priceConflictSchema, errorSchema]),
          422: errorSchema,
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
      const { order, replay } = await createOrder(app.db, req.authUser!.id, req.body, key);
      if (replay) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send({ message: orderMessages.success, order });
    },
  );

  app.get(
    '/orders/mine',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Porositë e përdoruesit të kyçur, më të rejat së pari',
        security: [{ bearer: [] }],
        response: { 200: z.array(orderSchema), 401: errorSchema },
      },
    },
    async (req) => listMyOrders(app.db, req.authUser!.id),
  );
};

export default orderRoutes;
