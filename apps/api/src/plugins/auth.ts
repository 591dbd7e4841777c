import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '@shop/shared/messages';
import { users } from '../db/schema';
import { HttpError } from '../lib/http-error';

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  role: 'user' | 'admin';
  blocked: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    signToken(user: { id: number; role: string }): Promise<string>;
    /** 401 unless the bearer token is valid and its user exists and is not blocked. */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** 401 without a valid token; 403 for a non-admin or a blocked account. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    authUser: AuthUser | null;
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
    async function authenticate(request: FastifyRequest): Promise<AuthUser> {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
      if (!match?.[1]) throw new HttpError(401, msg.unauthorized);
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
        throw new HttpError(401, msg.invalidToken);
      }
      const [row] = await app.db
        .select({ id: users.id, name: users.name, email: users.email, role: users.role, blocked: users.blocked })
        .from(users)
        .where(eq(users.id, sub));
      if (!row) throw new HttpError(401, msg.invalidToken);
      return row;
    }

    app.decorate('requireUser', async (request: FastifyRequest) => {
      const user = await authenticate(request);
      if (user.blocked) throw new HttpError(401, msg.blocked);
      request.authUser = user;
    });

    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const user = await authenticate(request);
      if (user.blocked) throw new HttpError(403, msg.blocked);
      if (user.role !== 'admin') throw new HttpError(403, msg.forbidden);
      request.authUser = user;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
