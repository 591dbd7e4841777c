import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@shop/shared/schemas/common';
import { numericIdParamsSchema } from '@shop/shared/schemas/admin';
import {
  repairCreateBodySchema,
  repairDetailSchema,
  repairMoveBodySchema,
  repairPageSchema,
  repairPinSchema,
  repairSearchQuerySchema,
  repairUpdateBodySchema,
} from '@shop/shared/schemas/repairs';
import { createRepair, editRepair, moveRepair, readRepairPin, repairDetail, searchRepairs, type RepairDeps } from '../services/repairs';

const security = [{ bearer: [] }];
const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/**
 * The repair counter for staff ('Riparimet', product.md §12, issue 16): the searchable list,
 * intake, one ticket, edits while open, status moves along domain/repairs, and the device's PIN
 * (each read in the audit log, decision 018).
 */
const adminRepairRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: RepairDeps = { config: app.config, pins: app.repairPins };

  app.get(
    '/admin/repairs',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Riparimet sipas statusit, kërkimit (kodi, emri, telefoni, IMEI) dhe fletës së garancionit, më të rejat së pari, me faqe',
        security,
        querystring: repairSearchQuerySchema,
        response: { 200: repairPageSchema, ...guarded },
      },
    },
    async (req) => searchRepairs(app.db, req.query),
  );

  app.post(
    '/admin/repairs',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Hap një riparim: klienti, pajisja, defekti, gjendja, aksesorët, PIN-i (i enkriptuar), çmimi dhe depozita',
        description:
          'Me `warrantySheetId` riparimi hapet nga një fletë garancioni e printuar me të njëjtin IMEI; brenda periudhës ' +
          'së garancionit është riparim në garancion me çmim 0.',
        security,
        body: repairCreateBodySchema,
        response: { 201: repairDetailSchema, ...guarded },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return createRepair(app.db, deps, req.authUser!, req.body);
    },
  );

  app.get(
    '/admin/repairs/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Një riparim me historinë, hapat e mundshëm dhe lidhjen e ndjekjes (pa PIN-in)',
        security,
        params: numericIdParamsSchema,
        response: { 200: repairDetailSchema, ...guarded, 404: errorSchema },
      },
    },
    async (req) => repairDetail(app.db, deps, req.params.id),
  );

  app.patch(
    '/admin/repairs/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Ndryshon fushat e dërguara të një riparimi të hapur; 409 kur riparimi është mbyllur',
        description: '`pin: ""` e fshin PIN-in. Çmimi i një riparimi në garancion mbetet 0.',
        security,
        params: numericIdParamsSchema,
        body: repairUpdateBodySchema,
        response: { 200: repairDetailSchema, ...guarded, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req) => editRepair(app.db, deps, req.authUser!, req.params.id, req.body),
  );

  app.post(
    '/admin/repairs/:id/status',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Kalon riparimin në statusin tjetër me një shënim; 409 kur kalimi nuk lejohet',
        description:
          'Klienti me email merr një email për statuset që i njoftohen. Në një status përfundimtar PIN-i dhe vizatimi fshihen. ' +
          '“Pret aprovimin” kërkon `estimate` (çmimi që klienti aprovon); “Dorëzuar” kërkon `finalPrice`, `payment` dhe ' +
          '`warrantyMonths` (me `warrantyNote`): depozita zbritet nga çmimi përfundimtar.',
        security,
        params: numericIdParamsSchema,
        body: repairMoveBodySchema,
        response: { 200: repairDetailSchema, ...guarded, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req) => moveRepair(app.db, deps, req.authUser!, req.params.id, req.body),
  );

  app.get(
    '/admin/repairs/:id/pin',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'PIN-i dhe vizatimi i pajisjes për teknikun (null kur nuk ka); çdo lexim shënohet në Historiku',
        security,
        params: numericIdParamsSchema,
        response: { 200: repairPinSchema, ...guarded, 404: errorSchema },
      },
    },
    async (req) => readRepairPin(app.db, deps, req.authUser!, req.params.id),
  );
};

export default adminRepairRoutes;
