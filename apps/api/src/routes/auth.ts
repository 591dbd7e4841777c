import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@shop/shared/schemas/common';
import { authMessages, authResponseSchema, loginBodySchema, profileSchema, registerBodySchema } from '@shop/shared/schemas/auth';
import { msg } from '@shop/shared/messages';
import { HttpError } from '../lib/http-error';
import { getDummyHash, hashPassword, verifyPassword } from '../lib/passwords';
import { createCustomer, findUserByEmail, toPublicUser } from '../repositories/users';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = { max: app.config.RATE_LIMIT_AUTH_MAX, timeWindow: app.config.RATE_LIMIT_WINDOW_MS };

  app.post(
    '/auth/register',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Regjistrim i një klienti (roli është gjithmonë user)',
        body: registerBodySchema,
        response: { 201: authResponseSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      const { name, email, password, phone } = req.body;
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
        body: loginBodySchema,
        response: { 200: authResponseSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema },
      },
    },
    async (req) => {
      const { email, password } = req.body;
      const user = await findUserByEmail(app.db, email);
      // Verify against a dummy hash when there is no such account, so timing says nothing.
      const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
      if (!user || !user.passwordHash || !ok) throw new HttpError(401, authMessages.invalidCredentials);
      if (user.blocked) throw new HttpError(403, msg.blocked);
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
    async (req) => {
      const u = req.authUser!;
      return { id: u.id, name: u.name, email: u.email, role: u.role };
    },
  );
};

export default authRoutes;
