import { z } from 'zod';
import { toCents } from '@shop/shared/domain/money';
import type { OrderSettings } from '@shop/shared/domain/orders';

const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32, 'must be at least 32 characters').optional()),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, 'must look like 7d, 12h or 30m')
    .default('7d'),
  ADMIN_EMAIL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address')
      .optional(),
  ),
  ADMIN_PASSWORD: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(8, 'must be at least 8 characters').optional()),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUERS: z.string().default('https://accounts.google.com,accounts.google.com'),
  REDIS_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^rediss?:\/\//)
      .optional(),
  ),
  WEB_DIST: optionalString,
  // The longest a page rendered on the server waits for its data; after it, it goes out in its
  // loading state and the browser reads the rest.
  SSR_DATA_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  // Behind a load balancer, whom to trust for X-Forwarded-For: false (default), true (anyone), or
  // addresses/ranges of the proxies, e.g. "loopback" or "10.0.0.0/8,127.0.0.1".
  TRUST_PROXY: z
    .string()
    .regex(/^[\w.:/, -]+$/, 'must be true, false, or proxy addresses such as loopback or 10.0.0.0/8')
    .default('false')
    .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // One line per request (lib/request-log.ts, decision 030): 'all' every request; 'changes'
  // (default) every request but the successful, quick reads (GET/HEAD under 400); 'errors' only
  // answers of 400 and up. Slow requests (LOG_SLOW_MS) are always logged.
  LOG_REQUESTS: z.enum(['all', 'changes', 'errors']).default('changes'),
  LOG_SLOW_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024),
  // The shop's public address, for links in e-mails; https turns on HSTS. Default: http://localhost:PORT.
  PUBLIC_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be an http(s) address such as https://shop.example')
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  // Mail: without SMTP_URL nothing is sent and the admin sees the outbox (smtp://user:pass@host:587, smtps://...).
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('MobileShop KS <no-reply@mobileshop-ks.com>'),
  // How often the outbox is looked at for mail that is due.
  MAIL_POLL_MS: z.coerce.number().int().min(50).default(5_000),
  // The first pause after a failed attempt; it doubles each time up to 1 h (30 s, 1 min, 2 min ...).
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  // Attempts before a mail is marked failed (the admin can try it again).
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  // How often each instance cancels unpaid bank-transfer orders past their days (decision 043).
  TRANSFER_EXPIRY_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(5 * 60_000),
  // How often each instance starts and ends scheduled sale prices (decision 050).
  SALE_PRICE_JOB_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  // 'required': an admin must turn on two-factor sign-in before using the admin area.
  ADMIN_2FA: z.enum(['optional', 'required']).default('optional'),
  // Orders (decision 015): home delivery fee in euros, free from a subtotal ('' or 0: never free),
  // the VAT contained in prices (printed papers), and the abuse limits on POST /api/orders.
  DELIVERY_FEE: z.coerce.number().min(0).max(1000).multipleOf(0.01, 'must have at most 2 decimals').default(2.5),
  FREE_DELIVERY_FROM: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().min(0).max(1_000_000).multipleOf(0.01, 'must have at most 2 decimals').default(50),
  ),
  VAT_PERCENT: z.coerce.number().int().min(0).max(100).default(18),
  ORDER_MAX_PER_LINE: z.coerce.number().int().min(1).max(99).default(10),
  ORDER_MAX_OPEN: z.coerce.number().int().min(1).max(1_000_000).default(5),
  // Accounts whose e-mail is not verified (decision 028): at most this many open orders holding at
  // most this many units in all, and whether they may ask for home delivery ('verified-only': no).
  UNVERIFIED_ORDER_MAX_OPEN: z.coerce.number().int().min(0).max(1_000_000).default(2),
  UNVERIFIED_ORDER_MAX_UNITS: z.coerce.number().int().min(0).max(100_000_000).default(5),
  UNVERIFIED_DELIVERY: z.enum(['allowed', 'verified-only']).default('allowed'),
  // POST /api/orders per user and per IP in RATE_LIMIT_ORDERS_WINDOW_MS.
  RATE_LIMIT_ORDERS_MAX: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_ORDERS_IP_MAX: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_ORDERS_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60_000),
  // The repair tracking page (POST /api/repairs/track and .../answer) per IP in the window.
  RATE_LIMIT_REPAIR_TRACK_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_REPAIR_TRACK_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60_000),
  // Gift card codes tried (balance page, checkout, counter; decision 048) per IP and per account in the window.
  RATE_LIMIT_GIFT_CARD_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_GIFT_CARD_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60_000),
  // The key that seals a repair ticket's device PIN (AES-256-GCM, decision 018): 64 hex characters.
  // Without it the key is derived from the JWT secret (HKDF-SHA256, info 'repair-pin').
  REPAIR_PIN_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
      .optional(),
  ),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  // Prefix of the rate-limit keys in Redis: shops (or test runs) sharing one Redis keep apart.
  RATE_LIMIT_NAMESPACE: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'must be 1 to 64 letters, digits or . _ : -')
    .default('shop-rl-'),
  // Running it (decision 020): a token that GET /metrics asks for as `Authorization: Bearer ...`
  // (unset: /metrics is open, so keep it off the public internet at the proxy).
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .min(16, 'must be at least 16 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
  ),
  // Work queues (decision 029): argon2 hashes and checks, and product photos, at most this many at
  // once (unset: one per core but one, at least 1) and this many waiting; past it 503 + Retry-After.
  PASSWORD_CONCURRENCY: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(64).optional()),
  PASSWORD_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(32),
  PHOTO_CONCURRENCY: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(64).optional()),
  PHOTO_QUEUE_MAX: z.coerce.number().int().min(0).max(1000).default(4),
  // Readable (pino-pretty) logs: '1' always, '0' never, unset when stdout is a terminal (production included, decision 037).
  LOG_PRETTY: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['0', '1']).optional()),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.ADMIN_EMAIL && !parsed.data.ADMIN_PASSWORD) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD: required when ADMIN_EMAIL is set');
  }
  return parsed.data;
}

export class ConfigError extends Error {}

/** The order rules' settings (domain/orders OrderSettings) from the configuration. */
export function orderSettings(config: Config): OrderSettings {
  return {
    deliveryFeeCents: toCents(config.DELIVERY_FEE),
    freeDeliveryFromCents: config.FREE_DELIVERY_FROM > 0 ? toCents(config.FREE_DELIVERY_FROM) : null,
    vatPercent: config.VAT_PERCENT,
    maxPerLine: config.ORDER_MAX_PER_LINE,
    maxOpenOrders: config.ORDER_MAX_OPEN,
    unverified: {
      maxOpenOrders: config.UNVERIFIED_ORDER_MAX_OPEN,
      maxUnits: config.UNVERIFIED_ORDER_MAX_UNITS,
      delivery: config.UNVERIFIED_DELIVERY,
    },
  };
}

/** Config for tests: defaults plus overrides, never reading the real environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...configSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}
