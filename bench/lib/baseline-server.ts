/**
 * The baseline of the API benchmark: a bare Fastify server (no plugins, no hooks, no database)
 * answering from memory the exact bytes the shop's server answered for each measured address.
 * Run as its own process: `node --import tsx bench/lib/baseline-server.ts <bodies.json>` with PORT.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

export interface BaselineBodies {
  /** Whole URL (path and query) -> body, e.g. "/api/products?collection=iphone". */
  lists: Record<string, string>;
  /** Lower-case product id -> body of GET /api/products/{id}. */
  products: Record<string, string>;
}

const bodiesFile = process.argv[2];
if (!bodiesFile) throw new Error('usage: baseline-server.ts <bodies.json>');
const bodies = JSON.parse(fs.readFileSync(bodiesFile, 'utf8')) as BaselineBodies;
const lists = new Map(Object.entries(bodies.lists));
const products = new Map(Object.entries(bodies.products));

const app = Fastify({ logger: false });
const json = 'application/json; charset=utf-8';

app.get('/api/products', (req, reply) => {
  const body = lists.get(req.url);
  if (body === undefined) return reply.code(404).type(json).send('{"msg":"not measured"}');
  return reply.type(json).send(body);
});

app.get<{ Params: { id: string } }>('/api/products/:id', (req, reply) => {
  const body = products.get(req.params.id.toLowerCase());
  if (body === undefined) return reply.code(404).type(json).send('{"msg":"not measured"}');
  return reply.type(json).send(body);
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
