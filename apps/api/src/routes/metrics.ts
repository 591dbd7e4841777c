import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { opsText } from '@shop/shared/messages-ops';

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/**
 * GET /metrics in Prometheus' text format (plugins/metrics.ts). With METRICS_TOKEN set it asks for
 * `Authorization: Bearer <token>` (compared in constant time) and answers 401 otherwise.
 */
const metricsRoutes: FastifyPluginAsync<{ token?: string }> = async (app, opts) => {
  const expected = opts.token ? digest(`Bearer ${opts.token}`) : undefined;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected && !crypto.timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({ msg: opsText.metricsUnauthorized });
    }
    const body = await app.metrics.metrics();
    return reply.header('content-type', app.metrics.contentType).header('cache-control', 'no-store').send(body);
  });
};

export default metricsRoutes;
