import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactOf } from '@shop/shared/domain/shop-settings';
import { errorSchema } from '@shop/shared/schemas/common';
import { shopContactSchema, shopSettingsAnswerSchema, shopSettingsSchema } from '@shop/shared/schemas/shop-settings';
import { getShopSettings, saveShopSettings } from '../services/shop-settings';

const security = [{ bearer: [] }];

/** 'Cilësimet' (issue 30, decision 043): the owner reads and saves them; the storefront reads the contact part. */
const shopSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/settings',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Cilësimet e dyqanit (vetëm pronari)',
        security,
        response: { 200: shopSettingsAnswerSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => getShopSettings(app.db),
  );

  app.put(
    '/admin/settings',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Ruaj cilësimet e dyqanit (të gjitha fushat; IBAN me shifrat e kontrollit)',
        security,
        body: shopSettingsSchema,
        response: { 200: shopSettingsAnswerSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req) => saveShopSettings(app.db, req.authUser!, req.body),
  );

  app.get(
    '/settings/contact',
    {
      schema: {
        tags: ['settings'],
        summary: 'Numrat e WhatsApp/Viber dhe llogaria bankare e dyqanit',
        response: { 200: shopContactSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return contactOf(await getShopSettings(app.db));
    },
  );
};

export default shopSettingsRoutes;
