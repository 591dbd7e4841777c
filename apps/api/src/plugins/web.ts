import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '@shop/shared/messages';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and any
 * non-API GET that is not a file answered with index.html so the client router takes over, with
 * the status `pageStatus` gives (404 for a product or blog post that does not exist).
 */
export default fp(
  async (app, opts: { root?: string; pageStatus?: (pathname: string) => Promise<200 | 404> }) => {
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
      /** 404 for a missing product or blog post; while the database cannot say, the page is served as 200. */
      const statusOf = async (url: string): Promise<200 | 404> => {
        try {
          return opts.pageStatus ? await opts.pageStatus(url) : 200;
        } catch {
          return 200;
        }
      };
      app.setNotFoundHandler(async (request, reply) => {
        const url = request.url.split('?')[0] ?? '';
        if (url.startsWith('/api/') || url === '/api') return apiMiss(request, reply, url);
        if ((request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]{2,5}$/i.test(url)) {
          // A missing product or blog post is a 404 page (the app shows the not-found text).
          const status = await statusOf(url);
          return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
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
