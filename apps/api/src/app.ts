import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import '@shop/shared/zod-sq';
import { msg } from '@shop/shared/messages';
import type { Config } from './config';
import type { Database } from './db/client';
import dbPlugin from './plugins/db';
import productCachePlugin from './plugins/product-cache';
import metricsPlugin from './plugins/metrics';
import { RequestLogController } from './lib/request-log';
import metricsRoutes from './routes/metrics';
import securityHeaders from './plugins/security-headers';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors';
import authPlugin from './plugins/auth';
import seoRoutes from './routes/seo';
import webPlugin from './plugins/web';
import pageFormRoutes from './routes/page-forms';
import { createLoginLimits } from './lib/login-limits';
import { publicBase } from './mail/accounts';
import { DEFAULT_PREVIEW_IMAGE, isKeptPage, storefrontPage, storefrontRoutes } from './services/storefront-pages';
import healthRoutes from './routes/health';
import productRoutes from './routes/products';
import catalogueRoutes from './routes/catalogue';
import newsletterRoutes from './routes/newsletter';
import authRoutes from './routes/auth';
import twoFactorRoutes from './routes/two-factor';
import orderRoutes from './routes/orders';
import guestOrderRoutes from './routes/guest-orders';
import adminUserRoutes from './routes/admin-users';
import adminProductRoutes from './routes/admin-products';
import adminCatalogueCsvRoutes from './routes/admin-catalogue-csv';
import productImageRoutes from './routes/product-images';
import adminOrderRoutes from './routes/admin-orders';
import adminUnitRoutes from './routes/admin-units';
import shopSettingsRoutes from './routes/shop-settings';
import { cancelOverdueTransfers } from './services/transfer-expiry';
import adminSalePriceRoutes from './routes/admin-sale-prices';
import { startSalePriceJob } from './plugins/sale-price-job';
import adminCounterRoutes from './routes/admin-counter';
import adminDayCloseRoutes from './routes/admin-day-close';
import adminStatsRoutes from './routes/admin-stats';
import warrantyRoutes from './routes/warranty';
import adminAuditRoutes from './routes/admin-audit';
import adminOutboxRoutes from './routes/admin-outbox';
import adminRepairRoutes from './routes/admin-repairs';
import repairRoutes from './routes/repairs';
import giftCardRoutes from './routes/gift-cards';
import { createGiftCardTries } from './lib/gift-card-limit';
import adminListRoutes from './routes/admin-lists';
import reviewRoutes from './routes/reviews';
import adminReviewRoutes from './routes/admin-reviews';
import discountCodeRoutes from './routes/discount-codes';
import { pruneIdempotencyKeys } from './repositories/orders';
import { createMailSender, type MailSender } from './mail/sender';
import { createRouteIndex, type RouteIndex } from './lib/route-index';
import { requestSerializers } from './lib/log-redaction';
import { createPinCipher, repairPinKey, type PinCipher } from './lib/repair-pin';
import { createPhotoQueue } from './lib/photo-processing';
import { configurePasswordQueue } from './lib/password-queue';
import type { WorkQueue } from './lib/work-queue';

interface AppOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  logger?: boolean | object;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    routeIndex: RouteIndex;
    mailSender: MailSender;
    /** Seals and opens repair tickets' device PINs (decision 018). */
    repairPins: PinCipher;
    /** The queue uploaded photos are made into copies in (decision 029). */
    photoQueue: WorkQueue;
  }
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const logger = opts.logger ?? { level: config.LOG_LEVEL };
  const app = Fastify({
    // Query strings can carry tokens (sign-in, verification and reset links): the request
    // serializer redacts them, whatever logger options the caller gave.
    logger: typeof logger === 'object' ? { ...logger, serializers: { ...requestSerializers } } : logger,
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    // One line per request instead of Fastify's two, and none for quick successful reads unless
    // LOG_REQUESTS=all (lib/request-log.ts, decision 030).
    logController: new RequestLogController(config.LOG_REQUESTS, config.LOG_SLOW_MS),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors raised before the error handler can run still answer { msg } in Albanian.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  const routeIndex = createRouteIndex();
  app.decorate('routeIndex', routeIndex);
  app.decorate('repairPins', createPinCipher(repairPinKey(config.REPAIR_PIN_KEY, opts.jwtSecret)));
  // Bounded work queues (decision 029): photos per instance, argon2 for the whole process.
  app.decorate('photoQueue', createPhotoQueue({ concurrency: config.PHOTO_CONCURRENCY, maxWaiting: config.PHOTO_QUEUE_MAX }));
  configurePasswordQueue({ concurrency: config.PASSWORD_CONCURRENCY, maxWaiting: config.PASSWORD_QUEUE_MAX });
  app.decorate('mailSender', createMailSender({ db: opts.database.db, config, log: app.log }));
  app.addHook('onRoute', (route) => {
    // Only API routes: the web app's catch-all file route would match every path.
    if (route.url.startsWith('/api/')) routeIndex.add(route.method, route.url);
  });

  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database: opts.database });
  await app.register(productCachePlugin);
  // Prometheus figures of this instance (decision 020): every request is counted from here on.
  await app.register(metricsPlugin);

  // Pages get helmet's set; API answers the API set with no-store, since they carry live prices and
  // often a user's own data (tokens, orders, profiles). A route can still set its own cache-control.
  await app.register(securityHeaders, {
    hsts: config.PUBLIC_URL?.startsWith('https://') ?? false,
    page: {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
          styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
          // blob: for the previews of photos an admin is uploading (issue 17), made in the page itself.
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
          frameSrc: ['https://accounts.google.com/gsi/'],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      // Google's sign-in popup needs to talk back to the opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Sent by the plugin, and only over https (the `hsts` option above).
      strictTransportSecurity: false,
      frameguard: { action: 'deny' },
    },
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });

  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  redis?.on('error', (err) => app.log.warn({ err }, 'redis error'));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: config.RATE_LIMIT_NAMESPACE, skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, msg: msg.tooManyRequests, retryAfter: ctx.after }),
  });
  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => {});
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'MobileShop KS API',
        version: '1.0.0',
        description: 'API e dyqanit: produkte, llogari, porosi, administrim, garancione, riparime.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list' },
    uiHooks: {
      // swagger-ui sends /static/index.html on to the page, but with a query string it redirects to
      // itself (a loop). The page reads no query, so it goes to the page without one.
      onRequest: async (request, reply) => {
        if (request.url.startsWith('/api/docs/static/index.html?')) return reply.redirect('/api/docs/');
      },
    },
  });

  await app.register(authPlugin, { secret: opts.jwtSecret, expiresIn: config.JWT_EXPIRES_IN });

  // Limits shared by the API and the pages' forms without JavaScript (routes/page-forms.ts, issue 26).
  const loginLimits = createLoginLimits(app);
  const repairTrackLimit = app.rateLimit({
    max: config.RATE_LIMIT_REPAIR_TRACK_MAX,
    timeWindow: config.RATE_LIMIT_REPAIR_TRACK_WINDOW_MS,
    keyGenerator: (req) => `repair-track:${normalizeIP(req.ip)}`,
  });
  app.decorate(
    'giftCardTries',
    createGiftCardTries(app, { max: config.RATE_LIMIT_GIFT_CARD_MAX, timeWindow: config.RATE_LIMIT_GIFT_CARD_WINDOW_MS }),
  );

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(productRoutes);
      await api.register(catalogueRoutes);
      await api.register(newsletterRoutes);
      await api.register(authRoutes, { loginLimits });
      await api.register(twoFactorRoutes);
      await api.register(orderRoutes);
      await api.register(guestOrderRoutes);
      await api.register(adminUserRoutes);
      await api.register(adminProductRoutes);
      await api.register(adminCatalogueCsvRoutes);
      await api.register(productImageRoutes);
      await api.register(adminOrderRoutes);
      await api.register(adminUnitRoutes);
      await api.register(shopSettingsRoutes);
      await api.register(adminCounterRoutes);
      await api.register(adminDayCloseRoutes);
      await api.register(adminStatsRoutes);
      await api.register(warrantyRoutes);
      await api.register(adminAuditRoutes);
      await api.register(adminOutboxRoutes);
      await api.register(adminRepairRoutes);
      await api.register(repairRoutes, { trackLimit: repairTrackLimit });
      await api.register(giftCardRoutes);
      await api.register(adminListRoutes);
      // Honest ratings (issue 18, decision 023)
      await api.register(reviewRoutes);
      await api.register(adminReviewRoutes);
      await api.register(discountCodeRoutes);
      await api.register(adminSalePriceRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(metricsRoutes, { token: config.METRICS_TOKEN });
  await app.register(seoRoutes);
  const publicAddress = publicBase(config);
  await app.register(webPlugin, {
    root: config.WEB_DIST,
    publicBase: publicAddress,
    previewImage: DEFAULT_PREVIEW_IMAGE,
    page: (pathname, query) => storefrontPage(app.db, publicAddress, pathname, query),
    isKeptPage,
    pageRoutes: storefrontRoutes,
    renderDataWaitMs: config.SSR_DATA_WAIT_MS,
    googleClientId: config.GOOGLE_CLIENT_ID,
  });
  // The login and repair tracking forms without JavaScript, answered with their pages (issue 26).
  await app.register(pageFormRoutes, { loginLimits, trackLimit: repairTrackLimit });

  // Old idempotency keys are pruned at start and then hourly (any instance may do it; it is idempotent).
  const prune = () =>
    pruneIdempotencyKeys(app.db).then(
      (n) => n > 0 && app.log.info({ pruned: n }, 'old idempotency keys removed'),
      (err: unknown) => app.log.warn({ err }, 'pruning idempotency keys failed'),
    );
  let pruneTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void prune();
    pruneTimer = setInterval(() => void prune(), 60 * 60 * 1000);
    pruneTimer.unref();
  });
  app.addHook('onClose', async () => clearInterval(pruneTimer));

  // Unpaid bank transfers past their days are cancelled (decision 043): at start, then every few
  // minutes on every instance; the claim (FOR UPDATE SKIP LOCKED) keeps two instances from doubling.
  const expireTransfers = () =>
    cancelOverdueTransfers(app.db, app.config).then(
      (n) => n > 0 && app.log.info({ cancelled: n }, 'unpaid transfer orders cancelled'),
      (err: unknown) => app.log.warn({ err }, 'cancelling unpaid transfer orders failed'),
    );
  let transferTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void expireTransfers();
    transferTimer = setInterval(() => void expireTransfers(), config.TRANSFER_EXPIRY_MS);
    transferTimer.unref();
  });
  app.addHook('onClose', async () => clearInterval(transferTimer));

  // Scheduled sale prices start and end (decision 050): at start, then every SALE_PRICE_JOB_INTERVAL_MS.
  startSalePriceJob(app);

  // The mail outbox's sender of this instance (mail/sender.ts); on close it finishes the sends in flight.
  app.addHook('onReady', async () => app.mailSender.start());
  app.addHook('onClose', async () => app.mailSender.stop());
  return app;
}
