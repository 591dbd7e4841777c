import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequests } from '../services/errors';

/**
 * A rate limit keyed by a value the handler knows (a normalised email), on top of the per-IP
 * limit of the route config. It uses @fastify/rate-limit's store, so with REDIS_URL the count is
 * shared by every instance. The value is hashed, so the store never holds addresses in clear.
 *
 * Returns a check to call in the handler: it counts one attempt for `value` and throws 429 with
 * `message` once the limit is passed.
 */
export function createKeyedRateLimit(
  app: FastifyInstance,
  opts: { name: string; max: number; timeWindow: number; message: string },
): (request: FastifyRequest, reply: FastifyReply, value: string) => Promise<void> {
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max: opts.max,
    timeWindow: opts.timeWindow,
    keyGenerator: (req) => keys.get(req) ?? '',
  });
  return async (request, reply, value) => {
    const digest = crypto.createHash('sha256').update(value).digest('base64url').slice(0, 22);
    keys.set(request, `${opts.name}:${digest}`);
    const res = await limiter(request);
    if (!res.isAllowed && res.isExceeded) {
      reply.header('retry-after', String(res.ttlInSeconds));
      throw new TooManyRequests(opts.message);
    }
  };
}
