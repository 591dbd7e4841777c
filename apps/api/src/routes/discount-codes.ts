import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { numericIdParamsSchema } from '@shop/shared/schemas/admin';
import { errorSchema } from '@shop/shared/schemas/common';
import {
  adminDiscountCodeSchema,
  createDiscountCodeBodySchema,
  discountCheckBodySchema,
  discountCheckResponseSchema,
  discountMessages,
  discountUseSchema,
  editDiscountCodeBodySchema,
  updateDiscountCodeBodySchema,
} from '@shop/shared/schemas/discounts';
import { createKeyedRateLimit } from '../lib/keyed-rate-limit';
import { checkDiscountCode, codeUses, createCode, listCodes, pauseCode, updateCode } from '../services/discount-codes';

const security = [{ bearer: [] }];
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** Discount codes (issue 29, decisions 049, 053, 055): the checkout's check (public) and the staff's screen. */
const discountCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  // Guessing codes: per IP and per account, the orders' budget per IP in the orders' window.
  const limit = (name: string) =>
    createKeyedRateLimit(app, {
      name,
      max: config.RATE_LIMIT_ORDERS_IP_MAX,
      timeWindow: config.RATE_LIMIT_ORDERS_WINDOW_MS,
      message: discountMessages.rateLimited,
    });
  const ipLimit = limit('discount-check-ip');
  const userLimit = limit('discount-check-user');

  app.post(
    '/discount-codes/check',
    {
      schema: {
        tags: ['orders'],
        summary: 'Kontrollon një kod zbritjeje për rreshtat e shportës me çmimet aktuale; 409 me arsyen kur nuk vlen',
        body: discountCheckBodySchema,
        response: { 200: discountCheckResponseSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      await ipLimit(req, reply, req.ip);
      // A signed-in customer (optional): limited per account too, and their own uses counted.
      const user = await app.optionalUser(req);
      if (user) await userLimit(req, reply, String(user.id));
      return checkDiscountCode(app.db, config, req.body, user?.id ?? null);
    },
  );

  app.get(
    '/admin/discount-codes',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Kodet e zbritjes me përdorimet (porositë jo të anuluara) dhe shumën e zbritur',
        security,
        response: { 200: z.array(adminDiscountCodeSchema), ...refusals },
      },
    },
    async () => listCodes(app.db),
  );

  app.post(
    '/admin/discount-codes',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Krijon një kod zbritjeje (punonjësit dhe pronari); 409 kur kodi ekziston',
        security,
        body: createDiscountCodeBodySchema,
        response: { 201: adminDiscountCodeSchema, ...refusals, 409: errorSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await createCode(app.db, req.authUser!, req.body)),
  );

  app.patch(
    '/admin/discount-codes/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Pezullon ose rifillon një kod zbritjeje',
        security,
        params: numericIdParamsSchema,
        body: updateDiscountCodeBodySchema,
        response: { 200: adminDiscountCodeSchema, ...refusals, 404: errorSchema },
      },
    },
    async (req) => pauseCode(app.db, req.authUser!, req.params.id, req.body.paused),
  );

  app.put(
    '/admin/discount-codes/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Ndryshon një kod zbritjeje (punonjësit dhe pronari): të gjitha fushat e krijimit; 409 kur teksti i një kodi të përdorur ndryshon, kur kufiri bie nën përdorimet ose kur kodi i ri ekziston',
        security,
        params: numericIdParamsSchema,
        body: editDiscountCodeBodySchema,
        response: { 200: adminDiscountCodeSchema, ...refusals, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req) => updateCode(app.db, req.authUser!, req.params.id, req.body),
  );

  app.get(
    '/admin/discount-codes/:id/uses',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Porositë që kanë përdorur kodin: data, klienti, zbritja',
        security,
        params: numericIdParamsSchema,
        response: { 200: z.array(discountUseSchema), ...refusals, 404: errorSchema },
      },
    },
    async (req) => codeUses(app.db, req.params.id),
  );
};

export default discountCodeRoutes;
