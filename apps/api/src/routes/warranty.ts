import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shop/shared/schemas/common';
import { warrantyBodySchema, warrantyIdParamsSchema, warrantySheetSchema } from '@shop/shared/schemas/warranty';
import { warrantyMessages } from '@shop/shared/messages-warranty';
import { tolerateEmptyJsonBody } from '../lib/empty-json';
import { listSheets, pingSheets, toSheet } from '../repositories/warranty';
import { createSheet, deleteSheet, recordSheetPrint, updateSheet } from '../services/warranty';

const authErrors = { 401: errorSchema, 403: errorSchema };
const msgSchema = z.object({ msg: z.string() });

/**
 * Warranty sheets (product.md §7 /api/admin/warranty*): admins only. A printed sheet passes the same
 * ordered rules as the form; a draft may be incomplete but not malformed. `data` is always the
 * server's today in the shop's zone; a printed sheet is final.
 */
const warrantyRoutes: FastifyPluginAsyncZod = async (app) => {
  // 'Printo' posts with no body (some clients still send the JSON content type).
  tolerateEmptyJsonBody(app);
  // onRequest, not preHandler: a caller without an admin's token learns nothing about bodies.
  const common = { onRequest: app.requireAdmin };
  const tags = ['warranty'];
  const security = [{ bearer: [] }];

  app.get(
    '/admin/warranty/provemua',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Kontrolli i shëndetit: përgjigjet me { msg } kur ruajtja e garancioneve arrihet',
        response: { 200: msgSchema, ...authErrors, 503: errorSchema },
      },
    },
    async () => {
      await pingSheets(app.db);
      return { msg: warrantyMessages.online };
    },
  );

  app.get(
    '/admin/warranty',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Të gjitha fletët e garancionit, më të rejat së pari',
        response: { 200: z.array(warrantySheetSchema), ...authErrors },
      },
    },
    async () => (await listSheets(app.db)).map(toSheet),
  );

  app.post(
    '/admin/warranty',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Ruan një fletë garancioni si draft ose si të printuar (data është e sotmja e serverit)',
        body: warrantyBodySchema,
        response: { 201: warrantySheetSchema, 400: errorSchema, ...authErrors },
      },
    },
    async (req, reply) => {
      return reply.status(201).send(await createSheet(app.db, req.authUser!, req.body));
    },
  );

  app.put(
    '/admin/warranty/:id',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Plotëson ose printon një draft (një fletë e printuar nuk ndryshohet më)',
        params: warrantyIdParamsSchema,
        body: warrantyBodySchema,
        response: { 200: warrantySheetSchema, 400: errorSchema, ...authErrors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req) => updateSheet(app.db, req.authUser!, req.params.id, req.body),
  );

  app.post(
    '/admin/warranty/:id/print',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Shënon në Historik printimin e një flete të printuar (ueb-i e thërret para dritares së printimit)',
        description: 'Vetëm një fletë e printuar: një draft merr 409. Nuk ndryshon fletën.',
        params: warrantyIdParamsSchema,
        response: { 200: msgSchema, 400: errorSchema, ...authErrors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req) => {
      await recordSheetPrint(app.db, req.authUser!, req.params.id);
      return { msg: warrantyMessages.printRecorded };
    },
  );

  app.delete(
    '/admin/warranty/:id',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Fshin një fletë garancioni',
        params: warrantyIdParamsSchema,
        response: { 200: msgSchema, 400: errorSchema, ...authErrors, 404: errorSchema },
      },
    },
    async (req) => {
      await deleteSheet(app.db, req.authUser!, req.params.id);
      return { msg: warrantyMessages.deleted };
    },
  );
};

export default warrantyRoutes;
