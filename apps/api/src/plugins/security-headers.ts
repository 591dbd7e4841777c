import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options. With fixed options (no nonces, no functions) they
 * are the same for every response, so they are worked out once at start-up instead of on every
 * request (@fastify/helmet builds a new helmet and parses the CSP again for each request, which
 * cost about an eighth of a product read's time; decision 008).
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return [...headers];
}

/**
 * JSON answers of the API: the headers that matter for a response that is not a page (OWASP's
 * REST security cheat sheet), not the page set. The CSP lets nothing load or frame it; nosniff
 * keeps it from being read as HTML or script; CORP keeps other sites' pages from pulling it in;
 * no-store keeps tokens, prices and users' data out of every cache (a route may set its own).
 */
const apiHeaders: [string, string][] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cross-origin-resource-policy', 'same-origin'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['cache-control', 'no-store'],
];

/** Two years, subdomains included (the preload list's minimum is one year). */
const HSTS = 'max-age=63072000; includeSubDomains';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Security headers (ARCHITECTURE.md, security: CSP, nosniff, frame-ancestors, referrer policy) on every response,
 * set by one synchronous hook from lists made at start-up: helmet's page set for the web app and
 * the API's browsable docs (which are pages too), the API set for API answers.
 */
export default fp(
  async (app, options: { page: HelmetOptions; hsts?: boolean }) => {
    // HSTS only when the shop is served over https (PUBLIC_URL): over plain http browsers ignore
    // it, and sent by a shop that is not on https yet it would lock browsers out of it for a year.
    const hsts: [string, string][] = options.hsts ? [['strict-transport-security', HSTS]] : [];
    const page = [...helmetHeaders(options.page), ...hsts];
    const docs: [string, string][] = [...page, ['cache-control', 'no-store']];
    const api = [...apiHeaders, ...hsts];
    app.addHook('onRequest', (request, reply, done) => {
      const { url } = request;
      const headers = isApi(url) ? (url.startsWith('/api/docs') ? docs : api) : page;
      const res = reply.raw;
      for (const [name, value] of headers) res.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
