import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@shop/shared/schemas/common';
import { messageResponseSchema } from '@shop/shared/schemas/auth';
import { twoFactorMessages as twoFactorText } from '@shop/shared/messages-two-factor';
import {
  disableTwoFactorBodySchema,
  enableTwoFactorBodySchema,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
} from '@shop/shared/schemas/two-factor';
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from '../services/two-factor';

/**
 * Admin two-factor sign-in: setup (a QR code), enable (first code, recovery codes once), disable
 * (password and code). Under /auth, so with ADMIN_2FA=required an admin who has not turned it on
 * can still reach them (the admin routes refuse him until he does).
 */
const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  // Codes and passwords are guessed here as at login: the same per-IP limit.
  const rateLimit = { max: config.RATE_LIMIT_AUTH_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS };
  const security = [{ bearer: [] }];

  app.post(
    '/auth/2fa/setup',
    {
      onRequest: app.requireUser,
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Fillon aktivizimin e verifikimit në dy hapa (vetëm administratorë)',
        description:
          'Krijon një çelës të ri (ruhet, por nuk aktivizohet ende) dhe e kthen si tekst, si URI `otpauth://` dhe si kod QR (PNG). ' +
          '409 kur verifikimi është tashmë aktiv.',
        security,
        response: { 200: twoFactorSetupSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (req) => startTwoFactorSetup(app.db, req.authUser!.id),
  );

  app.post(
    '/auth/2fa/enable',
    {
      onRequest: app.requireUser,
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Aktivizon verifikimin në dy hapa me kodin e parë nga aplikacioni',
        description: 'Kthen 10 kode rezervë njëpërdorimëshe, vetëm këtë herë. Kodi pranohet ±30 sekonda.',
        security,
        body: enableTwoFactorBodySchema,
        response: { 200: twoFactorEnabledSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (req) => enableTwoFactor(app.db, req.authUser!.id, req.body.code, req.sessionId ?? undefined),
  );

  app.post(
    '/auth/2fa/disable',
    {
      onRequest: app.requireUser,
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Çaktivizon verifikimin në dy hapa (fjalëkalimi dhe një kod)',
        security,
        body: disableTwoFactorBodySchema,
        response: { 200: messageResponseSchema, 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (req) => {
      await disableTwoFactor(app.db, req.authUser!.id, req.body.password, req.body.code);
      return { msg: twoFactorText.disabled };
    },
  );
};

export default twoFactorRoutes;
