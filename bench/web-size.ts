/**
 * What a shopper downloads: each page is opened in Chromium against the built server (fresh
 * PGlite data, empty browser cache) and every script and style sheet the browser actually
 * requested, lazy route chunks included, is counted. Sizes are the gzip size of each file's
 * bytes (level 9, as `gzip -9` would give) and, beside them, what crossed the wire (the server
 * compresses with brotli when the browser asks for it). `/admin` is opened as the test admin.
 * With `BENCH_WEB_BEFORE` (another checkout's built `apps/api/dist/server.js`) that build is
 * weighed too, the same way, and shown beside this one.
 */
import zlib from 'node:zlib';
import { chromium, type Browser, type Page, type Request } from '@playwright/test';
import { chromiumArgs } from '../playwright.config';
import path from 'node:path';
import { createStorage, repoRoot, startShopServer, testAdmin } from '../tools/shop-server';
import { kb, printTable } from './lib/report';
import type { BenchContext } from './lib/context';

export interface PageWeight {
  page: string;
  path: string;
  files: number;
  jsFiles: number;
  cssFiles: number;
  /** gzip -9 of the decoded bytes */
  jsGzip: number;
  cssGzip: number;
  /** bytes on the wire (as encoded by the server) */
  jsTransfer: number;
  cssTransfer: number;
  /** images, video, fonts: bytes on the wire */
  otherFiles: number;
  otherTransfer: number;
  list: { url: string; type: 'js' | 'css' | 'other'; bytes: number; gzip: number; transfer: number }[];
}

const gzipSize = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;

async function weigh(browser: Browser, baseUrl: string, name: string, path: string, ready: (p: Page) => Promise<void>, token?: unknown) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  if (token) {
    await context.addInitScript(
      ([t, u]) => {
        localStorage.setItem('token', t as string);
        localStorage.setItem('user', u as string);
      },
      token as [string, string],
    );
  }
  const page = await context.newPage();
  const pending: Promise<PageWeight['list'][number] | undefined>[] = [];
  const onFinished = (request: Request) => {
    pending.push(
      (async () => {
        const url = new URL(request.url());
        if (url.origin !== baseUrl || url.pathname.startsWith('/api/')) return undefined;
        const rt = request.resourceType();
        if (rt === 'document') return undefined;
        const type = rt === 'script' ? 'js' : rt === 'stylesheet' ? 'css' : 'other';
        const response = await request.response();
        if (!response) return undefined;
        const sizes = await request.sizes();
        // Media arrives in ranges; its body is not kept, so only the wire size is known.
        const body = type === 'other' ? undefined : await response.body();
        return {
          url: url.pathname,
          type,
          bytes: body?.length ?? sizes.responseBodySize,
          gzip: body ? gzipSize(body) : 0,
          transfer: sizes.responseBodySize,
        };
      })(),
    );
  };
  page.on('requestfinished', onFinished);
  await page.goto(`${baseUrl}${path}`);
  await ready(page);
  await page.waitForLoadState('networkidle');
  // Stop listening, then wait for every file already seen (a late one, such as a range of the hero
  // video, must not be read after the page is closed).
  page.off('requestfinished', onFinished);
  const list = (await Promise.all(pending)).filter((x) => x !== undefined);
  await context.close();
  const sum = (t: string, k: 'gzip' | 'transfer') => list.filter((f) => f.type === t).reduce((s, f) => s + f[k], 0);
  const count = (t: string) => list.filter((f) => f.type === t).length;
  return {
    page: name,
    path,
    files: count('js') + count('css'),
    jsFiles: count('js'),
    cssFiles: count('css'),
    jsGzip: sum('js', 'gzip'),
    cssGzip: sum('css', 'gzip'),
    jsTransfer: sum('js', 'transfer'),
    cssTransfer: sum('css', 'transfer'),
    otherFiles: count('other'),
    otherTransfer: sum('other', 'transfer'),
    list: list.sort((a, b) => b.gzip - a.gzip),
  } satisfies PageWeight;
}

/** The three pages of one build (started on fresh PGlite data), weighed in `browser`. */
async function weighBuild(browser: Browser, serverJs?: string): Promise<PageWeight[]> {
  const storage = await createStorage({ prefix: 'bench-web' });
  try {
    const server = await startShopServer({ storage, serverJs: serverJs ? path.resolve(repoRoot, serverJs) : undefined });
    try {
      const products = (await (await fetch(`${server.url}/api/products?collection=home`)).json()) as { id: string; name: string }[];
      const product = products[0];
      if (!product) throw new Error('No seeded product');
      const login = (await (
        await fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(testAdmin),
        })
      ).json()) as { token: string; user: unknown };
      const heading = (p: Page, name: string | RegExp) => p.getByRole('heading', { name }).first().waitFor();
      return [
        await weigh(browser, server.url, 'home', '/', async (p) => {
          await heading(p, 'Produkte të reja');
          await p.locator('main article').first().waitFor();
        }),
        await weigh(browser, server.url, 'product', `/products/${product.id}`, (p) => heading(p, product.name)),
        await weigh(browser, server.url, 'admin', '/admin', (p) => heading(p, /Mirë se erdhe/), [login.token, JSON.stringify(login.user)]),
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await storage.dispose();
  }
}

export default async function webSize(ctx: BenchContext): Promise<void> {
  const beforeJs = process.env.BENCH_WEB_BEFORE || undefined;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    const before = beforeJs ? await weighBuild(browser, beforeJs) : undefined;
    const pages = await weighBuild(browser);
    const rows = [...(before ?? []).map((w) => ({ build: 'before', w })), ...pages.map((w) => ({ build: 'this build', w }))];
    printTable(
      `What a shopper downloads (empty cache; gzip -9 of each file; wire = as the server sent it)${before ? `; before = ${beforeJs}` : ''}`,
      ['page', ...(before ? ['build'] : []), 'files (JS + CSS)', 'JS gzip', 'CSS gzip', 'JS + CSS wire', 'images, video (wire)'],
      rows.map(({ build, w }) => [
        w.path,
        ...(before ? [build] : []),
        `${w.files} (${w.jsFiles} + ${w.cssFiles})`,
        kb(w.jsGzip),
        kb(w.cssGzip),
        kb(w.jsTransfer + w.cssTransfer),
        `${w.otherFiles} files, ${kb(w.otherTransfer)}`,
      ]),
    );
    const home = pages[0]!;
    const aim = 110 * 1024;
    console.log(`Aim for /: at most ${kb(aim)} of JavaScript (gzip): ${home.jsGzip <= aim ? 'met' : 'NOT met'} (${kb(home.jsGzip)}).`);
    if (before) console.log(`Before: ${kb(before[0]!.jsGzip)} of JavaScript for /.`);
    console.log(
      `Largest files on /: ${home.list
        .slice(0, 4)
        .map((f) => `${f.url} ${kb(f.gzip)}`)
        .join(', ')}`,
    );
    ctx.record('web-size', { aimHomeJsGzip: aim, pages, ...(before ? { before: { serverJs: beforeJs, pages: before } } : {}) });
  } finally {
    await browser.close();
  }
}
