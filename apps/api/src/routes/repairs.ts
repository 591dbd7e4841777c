import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@shop/shared/schemas/common';
import { repairAnswerBodySchema, repairTrackBodySchema, repairTrackingSchema } from '@shop/shared/schemas/repairs';
import { answerRepair, trackRepair } from '../services/repair-tracking';
import type { RepairDeps } from '../services/repairs';

/**
 * The customers' tracking page (`/servisi/statusi`, issue 16): the ticket code and a proof (the
 * IMEI's last 4 digits or the phone) show the status; a customer may answer the estimate. A wrong
 * code and a wrong proof get the same 404, and both calls share ONE per-IP limit: a lookup and an
 * answer each take one from the same RATE_LIMIT_REPAIR_TRACK_MAX per window, so answering never
 * buys a second budget of guesses (decision 027).
 */
const repairRoutes: FastifyPluginAsyncZod<{ trackLimit: onRequestHookHandler }> = async (app, { trackLimit }) => {
  const deps: RepairDeps = { config: app.config, pins: app.repairPins };
  // One limiter (one store, one key per address, made in app.ts) run before both routes and the
  // tracking page's own lookups (routes/page-forms.ts); a route's own `config.rateLimit` would
  // give each route a store of its own.

  app.post(
    '/repairs/track',
    {
      onRequest: trackLimit,
      schema: {
        tags: ['repairs'],
        summary: 'Statusi i një riparimi me kodin dhe 4 shifrat e fundit të IMEI-t ose numrin e telefonit',
        description:
          'Tregon statusin, historinë pa shënimet e brendshme dhe çmimin. Kodi i gabuar dhe prova e gabuar marrin të njëjtin 404.',
        body: repairTrackBodySchema,
        response: { 200: repairTrackingSchema, 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (req) => trackRepair(app.db, req.body),
  );

  app.post(
    '/repairs/track/answer',
    {
      onRequest: trackLimit,
      schema: {
        tags: ['repairs'],
        summary: 'Klienti aprovon ose refuzon çmimin e parashikuar; përgjigjet me statusin e ri',
        description:
          'Aprovimi (me `amount`, çmimin që pa klienti) e çon riparimin në “Në riparim”, refuzimi në “Pa riparim”. ' +
          '409 kur riparimi nuk pret aprovim ose kur çmimi ka ndryshuar ndërkohë.',
        body: repairAnswerBodySchema,
        response: { 200: repairTrackingSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (req) => answerRepair(app.db, deps, req.body),
  );
};

export default repairRoutes;
