/**
 * The baseline of the API benchmark: a bare Fastify server (no plugins, no hooks, no database)
 * answering from memory the exact bytes, content type and encoding the shop's server answered for
 * each measured address: the product reads under /api and the HTML pages (`/`, `/products/:id`).
 * Run as its own process: `node --import tsx bench/lib/baseline-server.ts <bodies.json>` with PORT.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

export interface BaselineAnswer {
  /** Path and query, e.g. "/api/products?collection=iphone", "/api/products/iphone-16" or "/products/iphone". */
  url: string;
  /** The Content-Type our server sent with these bytes (JSON when not given). */
  contentType?: string;
  /** Set when these bytes are the answer to a client that accepts this encoding. */
  encoding?: string;
  base64: string;
}

export interface BaselineBodies {
  answers: BaselineAnswer[];
}

const bodiesFile = process.argv[2];
if (!bodiesFile) throw new Error('usage: baseline-server.ts <bodies.json>');
const { answers } = JSON.parse(fs.readFileSync(bodiesFile, 'utf8')) as BaselineBodies;

// Held as bytes, the cheapest thing a server can send: the baseline is the best case. Product ids
// match in any letter case, as on the shop's server.
const key = (url: string) => url.toLowerCase();
const json = 'application/json; charset=utf-8';
const plain = new Map<string, { type: string; bytes: Buffer }>();
const encoded = new Map<string, { type: string; encoding: string; bytes: Buffer }>();
for (const a of answers) {
  const bytes = Buffer.from(a.base64, 'base64');
  const type = a.contentType ?? json;
  if (a.encoding) encoded.set(key(a.url), { type, encoding: a.encoding, bytes });
  else plain.set(key(a.url), { type, bytes });
}

const app = Fastify({ logger: false });

const answer = (url: string, acceptEncoding: string | undefined, reply: import('fastify').FastifyReply) => {
  const enc = encoded.get(key(url));
  if (enc && acceptEncoding?.includes(enc.encoding)) return reply.type(enc.type).header('content-encoding', enc.encoding).send(enc.bytes);
  const body = plain.get(key(url));
  if (body === undefined) return reply.code(404).type(json).send('{"msg":"not measured"}');
  return reply.type(body.type).send(body.bytes);
};

app.get('/api/products', (req, reply) => answer(req.url, req.headers['accept-encoding'], reply));
app.get('/api/products/:id', (req, reply) => answer(req.url, req.headers['accept-encoding'], reply));
// The shop's pages: the home page, a product page and a catalogue (/products/iphone).
app.get('/', (req, reply) => answer(req.url, req.headers['accept-encoding'], reply));
app.get('/products/:id', (req, reply) => answer(req.url, req.headers['accept-encoding'], reply));

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
