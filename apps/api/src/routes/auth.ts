import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@shop/shared/schemas/common';
import {
  authMessages,
  authResponseSchema,
  googleBodySchema,
  loginBodySchema,
  profileSchema,
  registerBodySchema,
} from '@shop/shared/schemas/auth';
import { msg } from '@shop/shared/messages';
import { HttpError } from '../lib/http-error';
import { getDummyHash, hashPassword, verifyPassword } from '../lib/passwords';
import { createGoogleVerifier, GoogleTokenError } from '../lib/google-id-token';
import { createKeyedRateLimit } from '../lib/keyed-rate-limit';
import { createCustomer, findOrCreateGoogleUser, findUserByEmail, toPublicUser } from '../repositories/users';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  // Per IP (route config, counted before anything else) ...
  const rateLimit = { max: config.RATE_LIMIT_AUTH_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS };
  // ... and per account, keyed by the normalised email, so many IPs cannot hammer one account.
  const perEmail = (name: string) =>
    createKeyedRateLimit(app, {
      name,
      max: config.RATE_LIMIT_AUTH_MAX,
      timeWindow: config.RATE_LIMIT_WINDOW_MS,
      message: authMessages.tooManyForAccount,
    });
  const registerLimit = perEmail('register');
  const loginLimit = perEmail('login');
  const googleLimit = perEmail('google');

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
      const { name, email, password, phone } = req.body;
      await registerLimit(req, reply, email);
      if (await findUserByEmail(app.db, email)) throw new HttpError(409, authMessages.emailTaken);
      const passwordHash = await hashPassword(password);
      const user = await createCustomer(app.db, { name, email, passwordHash, phone: phone || null });
      if (!user) throw new HttpError(409, authMessages.emailTaken);
      const token = await app.signToken(user);
      return reply.status(201).send({ token, user: toPublicUser(user) });
    },
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Kyçje me email dhe fjalëkalim',
        description: 'Email ose fjalëkalim i gabuar: i njëjti 401. Llogari e bllokuar: 403.',
        body: loginBodySchema,
        response: { 200: authResponseSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      const { email, password } = req.body;
      await loginLimit(req, reply, email);
      const user = await findUserByEmail(app.db, email);
      // Verify against a dummy hash when there is no such account (or it has no password, as
      // with Google-only accounts), so the timing says nothing about which accounts exist.
      const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
      if (!user || !user.passwordHash || !ok) throw new HttpError(401, authMessages.invalidCredentials);
      if (user.blocked) throw new HttpError(403, msg.blocked);
      const token = await app.signToken(user);
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
          'krijon llogarinë ose e lidh me atë që ka të njëjtin email të verifikuar.',
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
      if (!verifyGoogleToken) throw new HttpError(503, authMessages.googleNotConfigured);
      let identity;
      try {
        identity = await verifyGoogleToken(req.body.token);
      } catch (err) {
        if (!(err instanceof GoogleTokenError)) throw err;
        if (err.reason === 'unavailable') {
          req.log.warn({ err: err.cause }, 'google key set unavailable');
          throw new HttpError(503, authMessages.googleUnavailable);
        }
        req.log.info({ reason: err.reason, cause: (err.cause as Error | undefined)?.message }, 'google token refused');
        throw new HttpError(401, err.reason === 'unverified-email' ? authMessages.googleEmailUnverified : authMessages.googleInvalid);
      }
      await googleLimit(req, reply, identity.email);
      const result = await findOrCreateGoogleUser(app.db, identity);
      if ('conflict' in result) throw new HttpError(409, authMessages.googleAccountConflict);
      if (result.user.blocked) throw new HttpError(403, msg.blocked);
      const token = await app.signToken(result.user);
      return { token, user: toPublicUser(result.user) };
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
    async (req) => {
      const u = req.authUser!;
      return { id: u.id, name: u.name, email: u.email, role: u.role };
    },
  );
};

export default authRoutes;
