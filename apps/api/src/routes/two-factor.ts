import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { errorSchema } from '@shop/shared/schemas/common';
import { authMessages, messageResponseSchema } from '@shop/shared/schemas/auth';
import { twoFactorMessages as twoFactorText } from '@shop/shared/messages-two-factor';
import {
  disableTwoFactorBodySchema,
  enableTwoFactorBodySchema,
  recoveryCodesBodySchema,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
} from '@shop/shared/schemas/two-factor';
import { googleVerifierOf } from '../lib/google-id-token';
import { createKeyedRateLimit } from '../lib/keyed-rate-limit';
import { verifyGoogleIdentity } from '../services/accounts';
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  type ChangeContext,
} from '../services/two-factor';

/**
 * Admin two-factor sign-in: setup (a QR code), enable (current password and the first code,
 * recovery codes once), disable and new recovery codes (current password and a code). For an
 * account without password, a fresh Google ID token (`googleToken`) stands in for it. Under /auth,
 * so with ADMIN_2FA=required an admin who has not turned it on can still reach them (the admin
 * routes refuse him until he does).
 */
const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  // Codes and passwords are guessed here as at login: the same per-IP limit ...
  const rateLimit = { max: config.RATE_LIMIT_AUTH_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS };
  // ... and per account, like a password change (the password is asked on each of these).
  const changeLimit = createKeyedRateLimit(app, {
    name: 'two-factor-change',
    max: config.RATE_LIMIT_AUTH_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    message: authMessages.tooManyAttempts,
  });
  const security = [{ bearer: [] }];
  const verifyGoogleToken = googleVerifierOf(config);
  const contextOf = (req: FastifyRequest): ChangeContext => ({
    verifyGoogle: (token) => verifyGoogleIdentity(verifyGoogleToken, token, req.log),
    currentSession: req.sessionId ?? undefined,
  });
  /** The refusals of a two-factor change: a bad body, password or Google proof (400), no session or a
   * wrong code (401), not an admin (403: turning on and new codes), nothing to change (409), the pause
   * after wrong codes (429), a full password queue (503). */
  const changeRefusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema, 503: errorSchema };
  const reauthNote =
    'Kërkon fjalëkalimin aktual (`password`); një llogari pa fjalëkalim dërgon në vend të tij `googleToken`, ' +
    'ID token-in e një kyçjeje me Google të 5 minutave të fundit. Ndryshimi shënohet te "Historiku" dhe i dërgohet me email llogarisë.';

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
        summary: 'Aktivizon verifikimin në dy hapa me fjalëkalimin aktual dhe kodin e parë nga aplikacioni',
        description: `Kthen 10 kode rezervë njëpërdorimëshe, vetëm këtë herë. Kodi pranohet ±30 sekonda. ${reauthNote}`,
        security,
        body: enableTwoFactorBodySchema,
        response: { 200: twoFactorEnabledSchema, ...changeRefusals },
      },
    },
    async (req, reply) => {
      await changeLimit(req, reply, String(req.authUser!.id));
      return enableTwoFactor(app.db, req.authUser!.id, req.body, contextOf(req));
    },
  );

  app.post(
    '/auth/2fa/disable',
    {
      onRequest: app.requireUser,
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Çaktivizon verifikimin në dy hapa (fjalëkalimi aktual dhe një kod)',
        description: `Kodi numërohet si në kyçje: pas kodeve të gabuara radhazi, një pauzë (429 me Retry-After). ${reauthNote}`,
        security,
        body: disableTwoFactorBodySchema,
        response: { 200: messageResponseSchema, ...changeRefusals },
      },
    },
    async (req, reply) => {
      await changeLimit(req, reply, String(req.authUser!.id));
      await disableTwoFactor(app.db, req.authUser!.id, req.body, contextOf(req));
      return { msg: twoFactorText.disabled };
    },
  );

  app.post(
    '/auth/2fa/recovery-codes',
    {
      onRequest: app.requireUser,
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Krijon 10 kode rezervë të reja (të vjetrat nuk vlejnë më)',
        description: `Kërkon edhe një kod verifikimi (ose një kod rezervë). Kodet e reja kthehen vetëm këtë herë. ${reauthNote}`,
        security,
        body: recoveryCodesBodySchema,
        response: { 200: twoFactorEnabledSchema, ...changeRefusals },
      },
    },
    async (req, reply) => {
      await changeLimit(req, reply, String(req.authUser!.id));
      return regenerateRecoveryCodes(app.db, req.authUser!.id, req.body, contextOf(req));
    },
  );
};

export default twoFactorRoutes;
