import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '@shop/shared/messages';
import { withPageHead, type PageHead } from '../lib/page-head';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and any
 * non-API GET that is not a file answered with index.html so the client router takes over, with
 * the status and head `page` gives (404 for a product or blog post that does not exist; a product's
 * or post's own title, description, preview tags and JSON-LD).
 */
export default fp(
  async (app, opts: { root?: string; page?: (pathname: string) => Promise<{ status: 200 | 404; head: PageHead | null }> }) => {
    /**
     * An unknown /api address is 404; a known one with the wrong method is 405 with Allow. A route
     * that itself answers "not found" (a missing file under /api/docs/static/*) stays a 404.
     */
    const apiMiss = (request: FastifyRequest, reply: FastifyReply, path: string) => {
      const allowed = app.routeIndex.allowed(path);
      if (allowed.length > 0 && !allowed.includes(request.method as (typeof allowed)[number]))
        return reply.status(405).header('allow', allowed.join(', ')).send({ msg: msg.methodNotAllowed });
      return reply.status(404).send({ msg: msg.notFoundRoute });
    };
    const root = opts.root && fs.existsSync(path.join(opts.root, 'index.html')) ? opts.root : undefined;
    if (root) {
      const indexHtml = fs.readFileSync(path.join(root, 'index.html'));
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        index: false,
        // The build writes .br and .gz copies of its text files (apps/web/vite.config.ts).
        preCompressed: true,
        setHeaders(res, filePath) {
          const rel = path.relative(root, filePath).split(path.sep).join('/');
          if (rel.startsWith('assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
          else if (rel === 'index.html') res.header('cache-control', 'no-cache');
          else res.header('cache-control', 'public, max-age=86400');
        },
      });
      app.get('/', (_req, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml));
      const indexText = indexHtml.toString('utf8');
      /** The page's status and first HTML; while the database cannot say, the plain app as 200. */
      const pageOf = async (url: string): Promise<{ status: 200 | 404; html: string | Buffer }> => {
        try {
          const page = opts.page ? await opts.page(url) : { status: 200 as const, head: null };
          return { status: page.status, html: page.head ? withPageHead(indexText, page.head, url) : indexHtml };
        } catch {
          return { status: 200, html: indexHtml };
        }
      };
      app.setNotFoundHandler(async (request, reply) => {
        const url = request.url.split('?')[0] ?? '';
        if (url.startsWith('/api/') || url === '/api') return apiMiss(request, reply, url);
        if ((request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]{2,5}$/i.test(url)) {
          // A missing product or blog post is a 404 page (the app shows the not-found text).
          const page = await pageOf(url);
          return reply.status(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page.html);
        }
        return reply.status(404).type('text/plain; charset=utf-8').send('Nuk u gjet.');
      });
    } else {
      app.setNotFoundHandler((request, reply) => {
        const url = request.url.split('?')[0] ?? '';
        if (url.startsWith('/api')) return apiMiss(request, reply, url);
        return reply.status(404).send({ msg: msg.notFound });
      });
    }
  },
  { name: 'web' },
);
