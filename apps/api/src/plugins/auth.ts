import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '@shop/shared/messages';
import { entersStaffArea, mayCallAdminRoute } from '@shop/shared/domain/permissions';
import type { SessionUser } from '../repositories/users';
import { deleteSession, findLiveSession, insertSession, pruneExpiredSessions } from '../repositories/sessions';
import { pruneUserTokens } from '../repositories/user-tokens';
import { Forbidden, Unauthenticated } from '../services/errors';
import { assertAdminSecondFactor } from '../services/two-factor';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts a session for the user: a `sessions` row (random id, expiring after the token's max
     * age) and a JWT naming it (`sid`, `sub`, `iat`, `exp`). `twoFactor`: the sign-in passed the
     * second factor (kept in the row's two_factor_at).
     */
    signToken(user: { id: number; role: string }, opts?: { twoFactor?: boolean }): Promise<string>;
    /** Ends the request's own session (POST /auth/logout). */
    endSession(request: FastifyRequest): Promise<void>;
    /** 401 unless the bearer token is valid, its session lives and its user exists and is not blocked. */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * The staff area's guard, on every admin route: 401 without a valid token; 403 for a customer
     * or a blocked account; 403 `ownerOnly` for staff on a route not in `staffRoutes`
     * (domain/permissions.ts, decision 041): the route's own pattern decides, so a new route is the owner's.
     */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** The signed-in user when the request carries a valid token of an active account, else null (never throws for a bad token). */
    optionalUser(request: FastifyRequest): Promise<SessionUser | null>;
  }
  interface FastifyRequest {
    authUser: SessionUser | null;
    /** The id of the request's session (the token's `sid`), once authenticated. */
    sessionId: string | null;
    /** When the request's session passed the second factor; null when it did not. */
    sessionTwoFactorAt: Date | null;
  }
}

const ISSUER = 'mobileshop-ks';
/** Clock difference tolerated between instances for `iat`. */
const CLOCK_SKEW_S = 60;
const SID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** '7d', '12h', '30m', '45s' in seconds. */
export function durationSeconds(text: string): number {
  const m = /^(\d+)([smhd])$/.exec(text);
  if (!m) throw new Error(`bad duration ${text}`);
  return Number(m[1]) * { s: 1, m: 60, h: 3600, d: 86_400 }[m[2] as 's' | 'm' | 'h' | 'd'];
}

export default fp(
  async (app, opts: { secret: string; expiresIn: string }) => {
    const key = new TextEncoder().encode(opts.secret);
    const maxAge = durationSeconds(opts.expiresIn);

    app.decorate('signToken', async (user: { id: number; role: string }, o: { twoFactor?: boolean } = {}) => {
      const sid = crypto.randomBytes(32).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      await insertSession(app.db, {
        id: sid,
        userId: user.id,
        expiresAt: new Date((now + maxAge) * 1000),
        twoFactorAt: o.twoFactor ? new Date(now * 1000) : null,
      });
      return new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuer(ISSUER)
        .setIssuedAt(now)
        .setExpirationTime(now + maxAge)
        .sign(key);
    });

    app.decorateRequest('authUser', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('sessionTwoFactorAt', null);

    /** The token's user and session, or the reason there is none. */
    async function authenticate(request: FastifyRequest): Promise<SessionUser> {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
      if (!match?.[1]) throw new Unauthenticated(msg.unauthorized);
      let sub: number;
      let sid: string;
      try {
        const { payload } = await jwtVerify(match[1], key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          requiredClaims: ['sub', 'exp', 'iat', 'sid'],
          maxTokenAge: maxAge,
        });
        const now = Math.floor(Date.now() / 1000);
        const iat = payload.iat!;
        // Issued in the future (beyond a little clock skew), or meant to live longer than a session may.
        if (iat > now + CLOCK_SKEW_S) throw new Error('iat in the future');
        if (payload.exp! > iat + maxAge + CLOCK_SKEW_S) throw new Error('exp too far');
        sub = Number(payload.sub);
        if (!Number.isSafeInteger(sub) || sub <= 0) throw new Error('bad sub');
        if (typeof payload.sid !== 'string' || !SID_PATTERN.test(payload.sid)) throw new Error('bad sid');
        sid = payload.sid;
      } catch {
        throw new Unauthenticated(msg.invalidToken);
      }
      const session = await findLiveSession(app.db, sid);
      if (!session || session.sessionUserId !== sub) throw new Unauthenticated(msg.invalidToken);
      request.sessionId = sid;
      request.sessionTwoFactorAt = session.twoFactorAt;
      const { sessionUserId: _u, twoFactorAt: _t, ...user } = session;
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
      if (!entersStaffArea(user)) throw new Forbidden(msg.forbidden);
      if (!mayCallAdminRoute(user, request.method, request.routeOptions.url ?? '')) {
        throw new Forbidden(msg.ownerOnly);
      }
      assertAdminSecondFactor(app.config, user);
      request.authUser = user;
    });

    app.decorate('optionalUser', async (request: FastifyRequest) => {
      if (!request.headers.authorization) return null;
      try {
        const user = await authenticate(request);
        return user.blocked ? null : user;
      } catch (err) {
        if (err instanceof Unauthenticated) return null;
        throw err;
      }
    });

    app.decorate('endSession', async (request: FastifyRequest) => {
      if (request.sessionId) await deleteSession(app.db, request.sessionId);
    });

    // Expired sessions and old link tokens are pruned at start and then hourly (idempotent, any instance).
    const prune = () =>
      Promise.all([pruneExpiredSessions(app.db), pruneUserTokens(app.db)]).then(
        ([s, u]) => s + u > 0 && app.log.info({ sessions: s, tokens: u }, 'expired sessions and link tokens removed'),
        (err: unknown) => app.log.warn({ err }, 'pruning sessions failed'),
      );
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      void prune();
      timer = setInterval(() => void prune(), 60 * 60 * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'auth', dependencies: ['db'] },
);
