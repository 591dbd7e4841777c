import { guestOrderPath } from '@shop/shared/schemas/guest-order';
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '@shop/shared/messages';
import { CachedJson, sendCached } from '../lib/cached-json';
import { completeHead, pageHtml, templateHead, withGoogleClientId, type PageHead } from '../lib/page-head';
import { redactUrl } from '../lib/log-redaction';
import { ResponseCache } from '../lib/response-cache';
import { loadWebRenderer, type PageAnswer, type WebRenderer } from '../lib/web-renderer';

export interface WebOptions {
  /** The web build (apps/web/dist); without it, only the API is served. */
  root?: string;
  /** The shop's public address, for canonical addresses and preview pictures. */
  publicBase: string;
  /** A picture for link previews of pages without their own (a path). */
  previewImage: string;
  /** The status and what the database says of the page (services/storefront-pages.ts). */
  page: (pathname: string, query: URLSearchParams) => Promise<{ status: 200 | 404; head: Partial<PageHead> | null }>;
  /** Route patterns of the shopper pages, answered without a look on disk first ('/' always is). */
  pageRoutes: readonly string[];
  /** Whether a rendered page is kept until the products change (services/storefront-pages.ts). */
  isKeptPage: (pathname: string) => boolean;
  /** The longest a rendered page waits for its data (after it, it is rendered loading). */
  renderDataWaitMs: number;
  /** GOOGLE_CLIENT_ID: every page says it (or that there is none), for the login screens' Google button. */
  googleClientId?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The rendered shopper pages kept until the products change (only with a web build). */
    pageCache?: ResponseCache<unknown>;
    /**
     * Answers the page at the request's path (its query kept) rendered with the server's answer
     * to a form it posted (issue 26: the login's error, the repair tracking's result), with
     * `status`. Only with a web build (routes/page-forms.ts is registered only then).
     */
    renderPage?: (request: FastifyRequest, reply: FastifyReply, status: number, answer?: PageAnswer) => Promise<FastifyReply>;
  }
}

/** A finished page: status and bytes (compressed forms made on demand). */
interface BuiltPage {
  status: number;
  bytes: CachedJson;
  /** The page was asked for at its own canonical address (only such pages are kept). */
  canonical: boolean;
}

/**
 * Serves the built web app: hashed assets cached for a year, any non-API GET that is not a file
 * answered with a page, never cached by browsers. A shopper page is rendered on the server (the
 * web build's entry-server, decision 017) with its content, its own head (title, description,
 * canonical, preview tags, JSON-LD) and its data for hydration; pages made from the products are
 * kept until the products change (the product cache's notification). Other pages are index.html
 * for the browser to render. A missing product or blog post is a 404 page.
 */
/** The pages of guest orders (`/porosia-ime/{secret}`, decision 042). */
const GUEST_ORDER_PREFIX = guestOrderPath('');

export default fp(
  async (app, opts: WebOptions) => {
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
    if (!root) {
      app.setNotFoundHandler((request, reply) => {
        const url = request.url.split('?')[0] ?? '';
        if (url.startsWith('/api')) return apiMiss(request, reply, url);
        return reply.status(404).send({ msg: msg.notFound });
      });
      return;
    }

    const indexText = withGoogleClientId(fs.readFileSync(path.join(root, 'index.html'), 'utf8'), opts.googleClientId);
    const plainIndex = new CachedJson(Buffer.from(indexText));
    const shopHead = templateHead(indexText);
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

    // The renderer reads the API as the browser would, but in this process, without a socket.
    const fetchApi: typeof fetch = async (input) => {
      const res = await app.inject({ method: 'GET', url: String(input), headers: { accept: 'application/json' } });
      return new Response(new Uint8Array(res.rawPayload), {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
      });
    };
    const renderer: WebRenderer | undefined = await loadWebRenderer(root, indexText, fetchApi, opts.renderDataWaitMs, opts.googleClientId);
    if (!renderer) app.log.info('the web build has no server renderer: pages are rendered by the browser');

    // Kept rendered pages follow the product cache: emptied by the same product-change notification.
    const pages = new ResponseCache<BuiltPage>();
    if (app.hasDecorator('productCache')) app.productCache.follow(pages);
    // Its hits and misses are counted on /metrics (plugins/metrics.ts).
    app.decorate('pageCache', pages);

    const build = async (url: string, pathname: string, kept: boolean, answer?: PageAnswer): Promise<BuiltPage> => {
      let stored: Awaited<ReturnType<WebOptions['page']>>;
      try {
        stored = await opts.page(pathname, new URLSearchParams(url.split('?')[1] ?? ''));
      } catch (err) {
        // While the database cannot say, the page is still served (it shows what it can).
        app.log.warn({ err }, 'page details could not be read');
        stored = { status: 200, head: null };
      }
      let rendered = null;
      try {
        rendered = renderer ? await renderer.render(url, answer) : null;
      } catch (err) {
        app.log.error({ err, url: redactUrl(url) }, 'server rendering failed: the browser renders the page');
      }
      if (!rendered && !stored.head) return { status: stored.status, bytes: plainIndex, canonical: false };
      const head = completeHead(stored.head, rendered?.head ?? {}, {
        ...shopHead,
        base: opts.publicBase,
        pathname,
        image: opts.previewImage,
      });
      const body = rendered && renderer ? { ...rendered, ...renderer.assets(rendered.modules) } : undefined;
      const html = pageHtml(indexText, head, pathname, body);
      const canonical = head.canonical === opts.publicBase + pathname;
      return { status: stored.status, bytes: new CachedJson(Buffer.from(html), !(kept && canonical && stored.status === 200)), canonical };
    };

    const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.url;
      // An alias is its page's address; a path no page has goes to '/' (product.md §2.1), so no
      // page exists under two addresses (issue 26). A missing product or post stays a 404 page.
      const redirect = renderer?.redirect(url);
      if (redirect) return reply.header('cache-control', 'no-cache').redirect(redirect.location, redirect.status);
      const [pathname = '/', query] = url.split('?');
      // Kept: a page made from the products, asked for at its own address, without a query.
      const kept = !query && !pathname.startsWith(GUEST_ORDER_PREFIX) && opts.isKeptPage(pathname);
      const page = kept
        ? await pages.get(
            pathname,
            () => build(url, pathname, true),
            (p) => p.status === 200 && p.canonical,
          )
        : await build(url, pathname, false);
      reply.status(page!.status).header('cache-control', 'no-cache');
      // A guest order's page (decision 042): its address is its secret, so no cache on the way
      // keeps it, no search engine indexes it and no other site learns it from a Referer.
      if (pathname.startsWith(GUEST_ORDER_PREFIX)) {
        reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
      }
      return sendCached(request, reply, page!.bytes, 'text/html; charset=utf-8');
    };

    app.decorate('renderPage', async (request: FastifyRequest, reply: FastifyReply, status: number, answer?: PageAnswer) => {
      const url = request.url;
      const page = await build(url, url.split('?')[0] ?? '/', false, answer);
      // What a form answered is this visitor's own: never kept by a cache on the way.
      reply.status(page.status === 200 ? status : page.status).header('cache-control', 'no-store');
      return sendCached(request, reply, page.bytes, 'text/html; charset=utf-8');
    });

    // Pages are GETs with no body to decompress and bytes compressed once (lib/cached-json.ts): no
    // hooks of @fastify/compress on them.
    for (const route of ['/', ...opts.pageRoutes]) app.get(route, { compress: false, decompress: false }, servePage);
    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      if (url.startsWith('/api/') || url === '/api') return apiMiss(request, reply, url);
      if ((request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]{2,5}$/i.test(url)) return servePage(request, reply);
      return reply.status(404).type('text/plain; charset=utf-8').send('Nuk u gjet.');
    });
  },
  { name: 'web' },
);
