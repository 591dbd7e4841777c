import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shop/shared/schemas/common';
import { catalogueImportLimits } from '@shop/shared/domain/catalogue-csv';
import {
  catalogueImportErrorSchema,
  catalogueImportQuerySchema,
  catalogueImportSchema,
  csvImportMsg,
} from '@shop/shared/schemas/catalogue-csv';
import { csvStream } from '../lib/csv';
import { catalogueExport, importCatalogue } from '../services/catalogue-csv';
import { Invalid } from '../services/errors';

const security = [{ bearer: [] }];
const errors = { 401: errorSchema, 403: errorSchema };

/** The types a browser or a script gives a .csv file (Windows calls it an Excel file). */
const csvTypes = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream'];

/**
 * The catalogue as CSV (issue 27, decision 039): the export of every product's variants, and the
 * import of the same columns, with a dry run. Staff only, checked before anything is read. The
 * body of the import is the file itself (one of `csvTypes`), at most catalogueImportLimits.bytes.
 */
const adminCatalogueCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(csvTypes, { parseAs: 'buffer', bodyLimit: catalogueImportLimits.bytes }, (_req, body, done) => done(null, body));

  app.get(
    '/admin/products/export.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Katalogu si CSV: një rresht për çdo variant (UTF-8 me BOM, ';' si ndarës), kolonat që pranon importi",
        security,
        response: { 200: z.string().describe('Skedari CSV (text/csv; charset=utf-8)'), ...errors },
      },
    },
    async (_req, reply) => {
      const file = catalogueExport(app.db);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(csvStream(file.header, file.rows) as unknown as string);
    },
  );

  app.post(
    '/admin/products/import',
    {
      onRequest: app.requireAdmin,
      bodyLimit: catalogueImportLimits.bytes,
      schema: {
        tags: ['admin'],
        summary:
          'Importon produkte me variante nga CSV (kolonat e eksportit); me ?dryRun=1 vetëm tregon çfarë do të ndryshonte. Asgjë nuk shkruhet nëse një rresht ka gabim.',
        security,
        querystring: catalogueImportQuerySchema,
        response: { 200: catalogueImportSchema, 400: catalogueImportErrorSchema, 413: errorSchema, ...errors },
      },
    },
    async (req) => {
      if (!Buffer.isBuffer(req.body)) throw new Invalid(csvImportMsg.noFile);
      const answer = await importCatalogue(app.db, req.authUser!, req.body, req.query.dryRun);
      if (!answer.dryRun) app.productCache.invalidate();
      return answer;
    },
  );
};

export default adminCatalogueCsvRoutes;
