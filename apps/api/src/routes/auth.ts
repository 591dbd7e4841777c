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
import { createGoogleVerifier } from '../lib/google-id-token';
import { createKeyedRateLimit } from '../lib/keyed-rate-limit';
import { toPublicUser } from '../repositories/users';
import { logIn, profileOf, register, signInWithGoogle, verifyGoogleIdentity } from '../services/accounts';

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
      await registerLimit(req, reply, req.body.email);
      const user = await register(app.db, req.body);
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
      const { email, password, code } = req.body;
      await loginLimit(req, reply, email);
      const user = await logIn(app.db, email, password, code);
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
      const identity = await verifyGoogleIdentity(verifyGoogleToken, req.body.token, req.log);
      await googleLimit(req, reply, identity.email);
      const user = await signInWithGoogle(app.db, identity, req.body.code);
      const token = await app.signToken(user);
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
};

export default authRoutes;
