import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@shop/shared/schemas/common';
import {
  authMessages,
  authResponseSchema,
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  googleBodySchema,
  loginBodySchema,
  messageResponseSchema,
  profileSchema,
  profileUpdateBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  verifyEmailBodySchema,
} from '@shop/shared/schemas/auth';
import { orderValidationErrorSchema } from '@shop/shared/schemas/order';
import { createGoogleVerifier } from '../lib/google-id-token';
import { createKeyedRateLimit } from '../lib/keyed-rate-limit';
import type { LoginLimits } from '../lib/login-limits';
import { publicBase } from '../mail/accounts';
import { toPublicUser } from '../repositories/users';
import {
  changePassword,
  logIn,
  logOutEverywhere,
  profileOf,
  register,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signInWithGoogle,
  updateProfile,
  verifyEmail,
  verifyGoogleIdentity,
} from '../services/accounts';

const authRoutes: FastifyPluginAsyncZod<{ loginLimits: LoginLimits }> = async (app, { loginLimits }) => {
  const { config } = app;
  const base = publicBase(config);
  // Per IP (route config, counted before anything else) ...
  const rateLimit = { max: config.RATE_LIMIT_AUTH_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS };
  // ... and per value the handler knows (a normalised email, a user id).
  const keyed = (name: string, message: string = authMessages.tooManyForAccount) =>
    createKeyedRateLimit(app, { name, max: config.RATE_LIMIT_AUTH_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS, message });
  const registerLimit = keyed('register');
  // Login: per account AND IP, never per account alone, so attempts from elsewhere cannot lock
  // the owner out (finding 4, docs/decisions/012-login-limits.md); per IP 3 times that. Made once
  // in app.ts: the login page's form without JavaScript (routes/page-forms.ts) takes from the same.
  const googleLimit = keyed('google');
  // Per IP, 3 times the per-address one, as the login's.
  const forgotIpLimit = { ...rateLimit, max: config.RATE_LIMIT_AUTH_MAX * 3 };
  // 'Forgot password' like login: per address AND IP, never per address alone, so requests from
  // elsewhere cannot make the owner's own request answer 429; at most one mail per address per 5
  // minutes is the service's (issue 24 finding 4, decision 026).
  const forgotLimit = keyed('forgot-ip', authMessages.tooManyAttempts);
  const resendLimit = keyed('resend-verification');
  const changeLimit = keyed('change-password', authMessages.tooManyAttempts);

  const verifyGoogleToken = config.GOOGLE_CLIENT_ID
    ? createGoogleVerifier({
        clientId: config.GOOGLE_CLIENT_ID,
        jwksUrl: config.GOOGLE_JWKS_URL,
        issuers: config.GOOGLE_ISSUERS.split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      })
    : undefined;

  app.post(
    '/auth/register',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Regjistrim i një klienti (roli është gjithmonë user)',
        description: 'Email-i krahasohet pa dallim shkronjash të mëdha/vogla. Fusha `role` ose `isAdmin` në trup injorohet.',
        body: registerBodySchema,
        response: { 201: authResponseSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      await registerLimit(req, reply, req.body.email);
      const user = await register(app.db, req.body, base);
      const token = await app.signToken(user);
      return reply.status(201).send({ token, user: toPublicUser(user) });
    },
  );

  app.post(
    '/auth/login',
    {
      onRequest: loginLimits.perIp,
      schema: {
        tags: ['auth'],
        summary: 'Kyçje me email dhe fjalëkalim',
        description: 'Email ose fjalëkalim i gabuar: i njëjti 401. Llogari e bllokuar: 403.',
        body: loginBodySchema,
        response: { 200: authResponseSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      const { email, password, code } = req.body;
      await loginLimits.perAccount(req, reply, email);
      const user = await logIn(app.db, email, password, code);
      const token = await app.signToken(user, { twoFactor: user.totpEnabledAt !== null });
      return { token, user: toPublicUser(user) };
    },
  );

  app.post(
    '/auth/google',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Kyçje me Google (ID token nga Google Identity Services)',
        description:
          'Verifikon nënshkrimin e tokenit me çelësat e publikuar të Google, si dhe `iss`, `aud` dhe `exp`; ' +
          'krijon llogarinë (të verifikuar) ose e lidh me atë që ka të njëjtin email. Një llogari me fjalëkalim ' +
          'që nuk e ka verifikuar email-in merret nga Google (fjalëkalimi hiqet, sesionet mbyllen); një llogari ' +
          'e verifikuar lidhet vetëm kur kërkesa vjen nga sesioni i saj (me Bearer), përndryshe 409.',
        body: googleBodySchema,
        response: {
          200: authResponseSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          409: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (req, reply) => {
      const identity = await verifyGoogleIdentity(verifyGoogleToken, req.body.token, req.log);
      await googleLimit(req, reply, identity.email);
      const signedIn = await app.optionalUser(req);
      const user = await signInWithGoogle(app.db, identity, signedIn?.id, req.body.code, config);
      const token = await app.signToken(user, { twoFactor: user.totpEnabledAt !== null });
      return { token, user: toPublicUser(user) };
    },
  );

  app.get(
    '/auth/profile',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Profili i përdoruesit të kyçur',
        security: [{ bearer: [] }],
        response: { 200: profileSchema, 401: errorSchema },
      },
    },
    async (req) => profileOf(req.authUser!),
  );

  const bearer = [{ bearer: [] }];
  const userErrors = { 401: errorSchema, 403: errorSchema };

  app.patch(
    '/auth/profile',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Ndryshon emrin, telefonin dhe të dhënat e dërgesës të profilit',
        description: 'Telefoni "" e fshin; `delivery: null` i fshin të dhënat e dërgesës; një fushë që mungon mbetet siç është.',
        security: bearer,
        body: profileUpdateBodySchema,
        response: { 200: profileSchema, 400: orderValidationErrorSchema, ...userErrors },
      },
    },
    async (req) => updateProfile(app.db, req.authUser!, req.body),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Dalje: mbyll sesionin e këtij tokeni në server',
        description:
          'Pa dështuar: një token i pavlefshëm, i skaduar ose i një sesioni të mbyllur tashmë merr po ashtu 200, ' +
          'sepse sesioni nuk jeton më (dalja e dyfishtë nuk është gabim).',
        security: bearer,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => {
      // A live session of an active account ends; a dead token has nothing left to end (a blocked
      // account's sessions ended when it was blocked).
      if (await app.optionalUser(req)) await app.endSession(req);
      return { msg: authMessages.loggedOut };
    },
  );

  app.post(
    '/auth/logout-all',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Dalje nga të gjitha pajisjet: mbyll çdo sesion të përdoruesit',
        security: bearer,
        response: { 200: messageResponseSchema, ...userErrors },
      },
    },
    async (req) => {
      await logOutEverywhere(app.db, req.authUser!.id);
      return { msg: authMessages.loggedOutEverywhere };
    },
  );

  app.post(
    '/auth/change-password',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Ndryshim fjalëkalimi (kërkon fjalëkalimin e tanishëm)',
        description: 'Mbyll çdo sesion tjetër të përdoruesit dhe kthen një token të ri.',
        security: bearer,
        body: changePasswordBodySchema,
        response: { 200: authResponseSchema, 400: errorSchema, ...userErrors, 429: errorSchema },
      },
    },
    async (req, reply) => {
      await changeLimit(req, reply, String(req.authUser!.id));
      const user = await changePassword(app.db, req.authUser!, req.body);
      const token = await app.signToken(user, { twoFactor: req.sessionTwoFactorAt !== null });
      return { token, user: toPublicUser(user) };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { rateLimit: forgotIpLimit },
      schema: {
        tags: ['auth'],
        summary: 'Kërkesë për lidhje rivendosjeje të fjalëkalimit',
        description:
          'E njëjta përgjigje 202 nëse email-i ka llogari apo jo, dhe në të njëjtën kohë. Lidhja vlen 30 minuta dhe një herë; ' +
          'një adresë merr më së shumti një email në 5 minuta, dhe një kërkesë e re nuk i prish lidhjet e mëparshme. ' +
          'Kufiri: për IP dhe për adresë + IP (kurrë për adresë vetëm).',
        body: forgotPasswordBodySchema,
        response: { 202: messageResponseSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      await forgotLimit(req, reply, `${req.body.email.trim().toLowerCase()}\n${req.ip}`);
      await requestPasswordReset(app.db, req.body.email, base, req.ip);
      return reply.status(202).send({ msg: authMessages.resetRequested });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Vendos fjalëkalim të ri me lidhjen nga email-i',
        description: 'Lidhja përdoret një herë; pas rivendosjes mbyllen të gjitha sesionet.',
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (req) => {
      await resetPassword(app.db, req.body, req.ip);
      return { msg: authMessages.passwordReset };
    },
  );

  app.post(
    '/auth/verify-email',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Verifikim i email-it me lidhjen nga email-i',
        body: verifyEmailBodySchema,
        response: { 200: messageResponseSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (req) => {
      await verifyEmail(app.db, req.body.token);
      return { msg: authMessages.emailVerified };
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Dërgon përsëri email-in e verifikimit',
        description: '409 kur email-i është i verifikuar tashmë.',
        security: bearer,
        response: { 202: messageResponseSchema, ...userErrors, 409: errorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      await resendLimit(req, reply, String(req.authUser!.id));
      await resendVerification(app.db, req.authUser!, base);
      return reply.status(202).send({ msg: authMessages.verificationSent });
    },
  );
};

export default authRoutes;
