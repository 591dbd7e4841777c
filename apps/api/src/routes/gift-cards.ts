import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@shop/shared/schemas/common';
import { numericIdParamsSchema } from '@shop/shared/schemas/admin';
import {
  adjustGiftCardBodySchema,
  adjustGiftCardResultSchema,
  giftBalanceBodySchema,
  giftBalanceSchema,
  giftCardDetailSchema,
  giftCardListQuerySchema,
  giftCardListSchema,
  issueGiftCardBodySchema,
  issueGiftCardResultSchema,
} from '@shop/shared/schemas/gift-cards';
import { adjustGiftCard, giftBalance, giftCardDetail, giftCardList, issueGiftCardByHand } from '../services/gift-cards';

const security = [{ bearer: [] }];
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/**
 * Gift cards (issue 29, decision 048): the public balance look-up (the code in the body, never in
 * the address; one answer for a wrong code and an empty card; counted per IP and per account with
 * the checkout's and the counter's tries), and the staff's 'Kartat dhuratë': the list and a card's
 * ledger (staff and owner), issuing by hand and adjusting a balance (the owner's).
 */
const giftCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/gift-cards/balance',
    {
      schema: {
        tags: ['gift-cards'],
        summary: 'Bilanci i një karte dhuratë dhe përdorimet e fundit (data, ku, shuma), pa emra e pa produkte',
        description: 'Kodi i gabuar dhe karta pa bilanc marrin të njëjtin 404. I kufizuar për IP dhe për llogari.',
        body: giftBalanceBodySchema,
        response: { 200: giftBalanceSchema, 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      req.authUser = await app.optionalUser(req);
      await app.giftCardTries(req, reply);
      return giftBalance(app.db, req.body.code);
    },
  );

  app.get(
    '/admin/gift-cards',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Kartat dhuratë: 4 shenjat e fundit, vlera, bilanci, kush e lëshoi dhe kur, burimi',
        security,
        querystring: giftCardListQuerySchema,
        response: { 200: giftCardListSchema, ...refusals },
      },
    },
    async (req) => giftCardList(app.db, req.query.q),
  );

  app.get(
    '/admin/gift-cards/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Një kartë dhuratë me librin e saj (lëshuar, shpenzuar, kthyer, rregulluar)',
        security,
        params: numericIdParamsSchema,
        response: { 200: giftCardDetailSchema, ...refusals, 404: errorSchema },
      },
    },
    async (req) => giftCardDetail(app.db, req.params.id),
  );

  app.post(
    '/admin/gift-cards',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Lëshon një kartë dhuratë me dorë (vlera, arsyeja); kodi i plotë kthehet vetëm tani',
        security,
        body: issueGiftCardBodySchema,
        response: { 201: issueGiftCardResultSchema, ...refusals },
      },
    },
    async (req, reply) => reply.code(201).send(await issueGiftCardByHand(app.db, req.authUser!, req.body)),
  );

  app.post(
    '/admin/gift-cards/:id/adjust',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Rregullon bilancin e një karte (+/−) me arsye; kurrë nën zero',
        security,
        params: numericIdParamsSchema,
        body: adjustGiftCardBodySchema,
        response: { 200: adjustGiftCardResultSchema, ...refusals, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req) => adjustGiftCard(app.db, req.authUser!, req.params.id, req.body),
  );
};

export default giftCardRoutes;
