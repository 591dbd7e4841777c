import type { FastifyPluginAsync } from 'fastify';
import { publicBase } from '../mail/accounts';
import { buildSitemap, robotsTxt } from '../services/sitemap';

/** /sitemap.xml and /robots.txt at the site's root, on the shop's public address (PUBLIC_URL). */
const seoRoutes: FastifyPluginAsync = async (app) => {
  const base = publicBase(app.config);
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await buildSitemap(app.db, base)),
  );
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt(base)),
  );
};

export default seoRoutes;
