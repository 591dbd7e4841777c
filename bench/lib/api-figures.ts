/** The API bench's figures, settings and aims (bench/api.ts measures, lib/api-report.ts prints). */
import type { LoadFigures } from './load';
import type { OrdersFigures } from './orders-load';
import type { LimitCheck } from './auth-load';

export type StorageKind = 'pglite' | 'postgres';

export const RATIO_AIM = 0.7;
export const MEMORY_AIM: Record<StorageKind, number> = { pglite: 450 * 2 ** 20, postgres: 150 * 2 ** 20 };

/** The login limit of a server started without RATE_LIMIT_AUTH_MAX of its own (10 unless the environment says otherwise). */
export const authLimit = Number(process.env.RATE_LIMIT_AUTH_MAX || 10);

export interface Settings {
  durationS: number;
  connections: number;
  orderConnections: number;
  loginConnections: number;
}

export type ApiReadKey = 'list' | 'listBrowser' | 'detail' | 'catalogue';
export type HtmlReadKey = 'home' | 'product' | 'catalogue';

export type ReadTarget = { name: string; paths: string[]; headers?: Record<string, string> } & (
  { group: 'api'; key: ApiReadKey } | { group: 'html'; key: HtmlReadKey }
);

/** What Chromium sends: the shop's pages ask for the list like this. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** A browser opening one of the shop's pages. */
export const HTML_HEADERS = { accept: 'text/html', 'accept-encoding': 'br, gzip' };

/** One answer as our server sent it during the setup (the baseline serves the same). */
export interface AnswerSent {
  path: string;
  contentType?: string;
  encoding?: string;
  bytes: number;
}

export interface ReadFigures {
  name: string;
  paths: string[];
  /** What our server answered for each path, as sent (the baseline answers the same). */
  answers: AnswerSent[];
  ours: LoadFigures;
  baseline: LoadFigures;
  /** ours / baseline, requests per second. */
  ratio: number;
  before?: LoadFigures;
  beforeRatio?: number;
}

export interface MemoryFigures {
  afterStart: number;
  afterReads: number;
  afterOrders: number;
  peak: number;
  /** The second server (default rate limit) of the same storage. */
  limitServerPeak: number;
  beforeBuildPeak?: number;
}

export interface StorageFigures {
  /** The product reads under /api. */
  reads: Partial<Record<ApiReadKey, ReadFigures>>;
  /** The shop's pages as a browser asks for them: `/`, a product page, the /products/iphone catalogue. */
  htmlRoutes: Partial<Record<HtmlReadKey, ReadFigures>>;
  /** 20 customers (BENCH_ORDER_CONNECTIONS) all buying the same two products: the hot-product case. */
  orders: OrdersFigures;
  /** The same on the before-build (BENCH_API_BEFORE), in the same run. */
  ordersBefore?: OrdersFigures;
  logins: LoadFigures;
  /** The same logins on the before-build (its own customers), measured after its orders. */
  loginsBefore?: LoadFigures;
  rateLimit: LimitCheck[];
  memory: MemoryFigures;
  bodiesMatch: boolean;
}
