import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tolerateEmptyJsonBody } from '../lib/empty-json';
import { errorSchema } from '@shop/shared/schemas/common';
import { adminMsg } from '@shop/shared/messages-admin';
import { adminUserSchema, blockBodySchema, deletedSchema, numericIdParamsSchema, roleBodySchema } from '@shop/shared/schemas/admin';
import { twoFactorMessages } from '@shop/shared/messages-two-factor';
import { clearTwoFactorBodySchema } from '@shop/shared/schemas/two-factor';
import { messageResponseSchema } from '@shop/shared/schemas/auth';
import { googleVerifierOf } from '../lib/google-id-token';
import { listUsers } from '../repositories/admin-users';
import { verifyGoogleIdentity } from '../services/accounts';
import { deleteUser, setBlocked, setRole } from '../services/admin-users';
import { clearTwoFactorByAdmin } from '../services/two-factor';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const security = [{ bearer: [] }];

/**
 * User management (product.md §2.9, 4, 7). An admin cannot delete, block or demote their own account,
 * and the last active admin always stays (409).
 */
const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  tolerateEmptyJsonBody(app);
  const verifyGoogleToken = googleVerifierOf(app.config);

  app.get(
    '/admin/users_new',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Lista e përdoruesve (pa fjalëkalime)',
        security,
        response: { 200: z.array(adminUserSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async () => listUsers(app.db),
  );

  app.delete(
    '/admin/users_new/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Fshin një përdorues; porositë e tij mbeten (si "Anonim")',
        security,
        params: numericIdParamsSchema,
        response: { 200: deletedSchema, ...errors },
      },
    },
    async (req) => {
      await deleteUser(app.db, req.authUser!, req.params.id);
      // Their reviews went with them: this instance answers the new averages at once (the others
      // hear the products_changed notification of the ratings' trigger).
      app.productCache.invalidate();
      return { message: adminMsg.userDeleted, id: req.params.id };
    },
  );

  app.put(
    '/admin/users_new/:id/role',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Vendos rolin: user ose admin',
        security,
        params: numericIdParamsSchema,
        body: roleBodySchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (req) => setRole(app.db, req.authUser!, req.params.id, req.body.role),
  );

  app.put(
    '/admin/users_new/:id/block',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Bllokon ose zhbllokon: pa trup e kthen gjendjen, me { blocked } e vendos',
        security,
        params: numericIdParamsSchema,
        body: blockBodySchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (req) => setBlocked(app.db, req.authUser!, req.params.id, req.body?.blocked),
  );

  app.post(
    '/admin/users_new/:id/two-factor/clear',
    {
      onRequest: app.requireAdmin,
      config: { rateLimit: { max: app.config.RATE_LIMIT_AUTH_MAX, timeWindow: app.config.RATE_LIMIT_WINDOW_MS } },
      schema: {
        tags: ['admin'],
        summary: 'Heq verifikimin në dy hapa të një administratori tjetër (procedura e rikuperimit)',
        description:
          'Për një llogari që humbi aplikacionin dhe kodet rezervë (vendimi 025). Kërkon fjalëkalimin aktual të administratorit që vepron ' +
          '(ose `googleToken` të freskët për llogari pa fjalëkalim). Sesionet e llogarisë mbyllen; shënohet te "Historiku" ' +
          '(two-factor.clear) dhe i dërgohet email llogarisë. Llogaria juaj: 409.',
        security,
        params: numericIdParamsSchema,
        body: clearTwoFactorBodySchema,
        response: { 200: messageResponseSchema, ...errors, 429: errorSchema, 503: errorSchema },
      },
    },
    async (req) => {
      await clearTwoFactorByAdmin(app.db, req.authUser!, req.params.id, req.body, {
        verifyGoogle: (token) => verifyGoogleIdentity(verifyGoogleToken, token, req.log),
      });
      return { msg: twoFactorMessages.cleared };
    },
  );
};

export default adminUserRoutes;
