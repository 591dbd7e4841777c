import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '@shop/shared/messages';
import { isAdmin } from '@shop/shared/domain/accounts';
import { findSessionUser, type SessionUser } from '../repositories/users';
import { Forbidden, Unauthenticated } from '../services/errors';
import { assertAdminSecondFactor } from '../services/two-factor';

declare module 'fastify' {
  interface FastifyInstance {
    signToken(user: { id: number; role: string }): Promise<string>;
    /** 401 unless the bearer token is valid and its user exists and is not blocked. */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** 401 without a valid token; 403 for a non-admin or a blocked account. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    authUser: SessionUser | null;
  }
}

const ISSUER = 'mobileshop-ks';

export default fp(
  async (app, opts: { secret: string; expiresIn: string }) => {
    const key = new TextEncoder().encode(opts.secret);

    app.decorate('signToken', (user: { id: number; role: string }) =>
      new SignJWT({ role: user.role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(opts.expiresIn)
        .sign(key),
    );

    app.decorateRequest('authUser', null);

    /** The token's user, or the reason there is none. */
    async function authenticate(request: FastifyRequest): Promise<SessionUser> {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
      if (!match?.[1]) throw new Unauthenticated(msg.unauthorized);
      let sub: number;
      try {
        const { payload } = await jwtVerify(match[1], key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          requiredClaims: ['sub', 'exp'],
        });
        sub = Number(payload.sub);
        if (!Number.isSafeInteger(sub) || sub <= 0) throw new Error('bad sub');
      } catch {
        throw new Unauthenticated(msg.invalidToken);
      }
      const user = await findSessionUser(app.db, sub);
      if (!user) throw new Unauthenticated(msg.invalidToken);
      return user;
    }

    app.decorate('requireUser', async (request: FastifyRequest) => {
      const user = await authenticate(request);
      if (user.blocked) throw new Unauthenticated(msg.blocked);
      request.authUser = user;
    });

    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const user = await authenticate(request);
      if (user.blocked) throw new Forbidden(msg.blocked);
      if (!isAdmin(user)) throw new Forbidden(msg.forbidden);
      assertAdminSecondFactor(app.config, user);
      request.authUser = user;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
