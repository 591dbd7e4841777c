import fp from 'fastify-plugin';
import { ResponseCache } from '../lib/response-cache';
import type { CachedJson } from '../lib/cached-json';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public product answers, kept between writes (decision 008). */
    productCache: ResponseCache<CachedJson>;
  }
}

/**
 * Keeps the product cache in step with the products table: any committed write, by this or
 * another instance sharing the database, empties it (through the products_changed notification),
 * and while notifications cannot be received it is off, so nothing stale is ever served for long.
 */
export default fp(
  async (app) => {
    const cache = new ResponseCache<CachedJson>();
    app.decorate('productCache', cache);
    let closing = false;
    const stop = await app.database.watchProducts({
      onChange: () => cache.invalidate(),
      onListening: (listening) => {
        if (!closing && listening !== cache.isLive) {
          if (listening) app.log.info('product changes are followed: product cache on');
          else app.log.warn('product change notifications lost: product cache off until they are back');
        }
        cache.setLive(listening);
      },
    });
    app.addHook('onClose', async () => {
      closing = true;
      await stop();
    });
  },
  { name: 'product-cache', dependencies: ['db'] },
);
