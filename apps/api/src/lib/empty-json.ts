import type { FastifyInstance } from 'fastify';

/**
 * Within the calling plugin only: a request that says `Content-Type: application/json` but has
 * no body (many clients send the header on every DELETE or toggle) counts as "no body" instead of
 * a 400. Any non-empty body still goes through Fastify's own JSON parser (prototype-poisoning safe).
 */
export function tolerateEmptyJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parse(req, text, done);
  });
}
