import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { msg } from '@shop/shared/messages';
import { HttpError } from '../lib/http-error';

/** Postgres error codes that mean the database is out of reach, not that the request is wrong. */
const unavailableCodes = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
]);

function isDbUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && unavailableCodes.has(code)) return true;
    const m = (e as { message?: unknown }).message;
    if (typeof m === 'string' && /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/i.test(m)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * One error handler for the whole API: every error leaves as { msg } in Albanian with its status;
 * a 5xx never shows internals.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error instanceof HttpError) {
        return reply.status(error.statusCode).send({ msg: error.message, ...error.extra });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || undefined;
        return reply.status(400).send({ msg: first?.message ?? msg.serverError, ...(field ? { field } : {}) });
      }
      const status = error.statusCode ?? 500;
      if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send({ msg: msg.bodyTooLarge });
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.status(415).send({ msg: msg.unsupportedMediaType });
      if (
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        (status === 400 && error instanceof SyntaxError)
      ) {
        return reply.status(400).send({ msg: msg.badJson });
      }
      if (status === 429) return reply.status(429).send({ msg: msg.tooManyRequests });
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, 'client error');
        return reply.status(status).send({ msg: status === 404 ? msg.notFound : msg.badJson });
      }
      if (isDbUnavailable(error)) {
        request.log.error({ err: error }, 'database unavailable');
        return reply.status(503).header('retry-after', '5').send({ msg: msg.unavailable });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ msg: msg.serverError });
    });
  },
  { name: 'errors' },
);
