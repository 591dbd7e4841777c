import http from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { msg } from '@shop/shared/messages';
import { httpMsg } from '@shop/shared/messages-http';
import {
  Busy,
  Conflict,
  DomainError,
  Forbidden,
  Invalid,
  NotFound,
  TooLarge,
  TooManyRequests,
  Unauthenticated,
  Unavailable,
  Unprocessable,
} from '../services/errors';

/** The one table from a domain error's meaning to its HTTP status. */
const domainStatuses: ReadonlyArray<readonly [abstract new (...args: never[]) => DomainError, number]> = [
  [Invalid, 400],
  [Unauthenticated, 401],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [TooLarge, 413],
  [Unprocessable, 422],
  [TooManyRequests, 429],
  [Unavailable, 503],
  [Busy, 503],
];

/** The HTTP status a domain error leaves with; undefined for a kind the table does not know (a 500). */
export function domainErrorStatus(error: unknown): number | undefined {
  return domainStatuses.find(([kind]) => error instanceof kind)?.[1];
}

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

/**
 * Postgres codes for text it cannot hold: a NUL character (22021) in a text column or parameter,
 * or "\u0000" in jsonb (22P05). Only a client's input gets there, so it is the client's 400.
 */
const invalidTextCodes = new Set(['22021', '22P05']);

function hasInvalidText(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && invalidTextCodes.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The Albanian message of any other 4xx, by status. */
function clientErrorMessage(status: number): string {
  switch (status) {
    case 401:
      return msg.unauthorized;
    case 403:
      return msg.forbidden;
    case 404:
      return msg.notFound;
    case 405:
      return msg.methodNotAllowed;
    case 408:
      return httpMsg.timeout;
    case 413:
      return msg.bodyTooLarge;
    case 414:
      return httpMsg.urlTooLong;
    case 415:
      return msg.unsupportedMediaType;
    case 429:
      return msg.tooManyRequests;
    case 431:
      return httpMsg.headersTooLarge;
    default:
      return httpMsg.badRequest;
  }
}

/**
 * Fastify's `frameworkErrors` option: errors raised while routing, before any hook or the error
 * handler runs (a URL whose %-escapes do not decode, a path parameter over maxParamLength).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : (error.statusCode ?? 500);
  const text = error.code === 'FST_ERR_BAD_URL' ? httpMsg.badUrl : status >= 500 ? msg.serverError : clientErrorMessage(status);
  void reply.status(status).header('x-content-type-options', 'nosniff').send({ msg: text });
}

/**
 * Fastify's `clientErrorHandler` option: requests Node's HTTP parser refuses before Fastify sees
 * them (malformed request line or headers, headers too large, a request that takes too long).
 * Same answers as Fastify's default, with an Albanian { msg }.
 */
export function clientErrorHandler(this: { log: { trace(o: object, m: string): void } }, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  this.log.trace({ err }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ msg: status === 400 ? httpMsg.badRequest : clientErrorMessage(status) });
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** Messages of pg and pg-pool when the server is out of reach or the connection was lost. */
const unavailableMessages =
  /Connection terminated|timeout exceeded when trying to connect|timeout expired|connect ECONNREFUSED|is not queryable|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * Whether an error means the database is out of reach (down, restarting, connection lost), looking
 * through causes (Drizzle wraps pg's errors) and an AggregateError's errors (a refused connection
 * to every address of a host name).
 */
export function isDbUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && unavailableCodes.has(code)) return true;
  const m = (err as { message?: unknown }).message;
  if (typeof m === 'string' && unavailableMessages.test(m)) return true;
  const errors = (err as { errors?: unknown }).errors;
  if (Array.isArray(errors) && errors.some((e) => isDbUnavailable(e, depth + 1))) return true;
  return isDbUnavailable((err as { cause?: unknown }).cause, depth + 1);
}

/**
 * One error handler for the whole API: every error leaves as { msg } in Albanian with its status;
 * a 5xx never shows internals.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
      if (error instanceof DomainError) {
        const status = domainErrorStatus(error);
        if (error instanceof Busy) void reply.header('retry-after', String(error.retryAfterSeconds));
        if (error instanceof TooManyRequests && error.retryAfterSeconds !== undefined) {
          void reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
        }
        if (status !== undefined) return reply.status(status).send({ msg: error.message, ...error.details });
        request.log.error({ err: error }, 'domain error without a status');
        return reply.status(500).send({ msg: msg.serverError });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || undefined;
        return reply.status(400).send({ msg: first?.message ?? msg.serverError, ...(field ? { field } : {}) });
      }
      const status = error.statusCode ?? 500;
      if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send({ msg: msg.bodyTooLarge });
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.status(415).send({ msg: msg.unsupportedMediaType });
      if (error.code === 'FST_CP_ERR_INVALID_CONTENT_ENCODING') return reply.status(415).send({ msg: httpMsg.unsupportedEncoding });
      if (
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        (status === 400 && error instanceof SyntaxError)
      ) {
        return reply.status(400).send({ msg: msg.badJson });
      }
      if (status === 429) return reply.status(429).send({ msg: msg.tooManyRequests });
      if (status >= 400 && status < 500) {
        // The request's own line (lib/request-log.ts) says the status; the cause is for debugging.
        request.log.debug({ err: error }, 'client error');
        return reply.status(status).send({ msg: clientErrorMessage(status) });
      }
      if (hasInvalidText(error)) {
        request.log.info({ err: error }, 'text the database cannot hold');
        return reply.status(400).send({ msg: httpMsg.invalidCharacters });
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
