import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the web app's server renderer (apps/web/src/entry-server.tsx) answers for a page. */
export interface RenderedPage {
  html: string;
  state: string;
  head: { title?: string; description?: string };
  modules: string[];
  preloadImages: string[];
}

/** The server's answer to a form a page posted (issue 26): which form, and what the page shows of it. */
export interface PageAnswer {
  form: string;
  data: unknown;
}

/** Where an address leads instead of a page: an alias's page (301) or '/' for an unknown path (302). */
export interface PageRedirect {
  location: string;
  status: 301 | 302;
}

interface RendererModule {
  render: (
    url: string,
    options: { fetch: typeof fetch; dataWaitMs: number; googleClientId?: string; answer?: PageAnswer },
  ) => Promise<RenderedPage | null>;
  redirect?: (url: string) => PageRedirect | null;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export interface WebRenderer {
  /** The page at `url` (path and query) rendered, or null when the browser alone renders it. */
  render: (url: string, answer?: PageAnswer) => Promise<RenderedPage | null>;
  /** Where the web app's routes send `url` instead of showing a page, or null (a page's own address). */
  redirect: (url: string) => PageRedirect | null;
  /**
   * Every style sheet a page of these source modules needs (index.html's first, then the
   * modules' chunks' and those of the chunks they import), with its text, to be written into the
   * page. Their scripts are not linked: main.tsx asks for them after the first paint.
   */
  assets: (modules: string[]) => { styles: { href: string; css: string }[] };
}

/**
 * The web build's server renderer, when the build has one: `<web>/../dist-ssr/entry-server.js`
 * (`vite build --ssr`) and the client build's manifest `<web>/.vite/manifest.json`, which names
 * each page's chunks. `indexHtml` is the build's index.html; `fetchApi` is how the renderer reads
 * the API (in process); `googleClientId` is the API's, for the pages that show Google's button.
 */
export async function loadWebRenderer(
  webRoot: string,
  indexHtml: string,
  fetchApi: typeof fetch,
  dataWaitMs: number,
  googleClientId?: string,
): Promise<WebRenderer | undefined> {
  const entry = path.join(webRoot, '..', 'dist-ssr', 'entry-server.js');
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  if (!fs.existsSync(entry) || !fs.existsSync(manifestFile)) return undefined;
  const mod = (await import(pathToFileURL(entry).href)) as RendererModule;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  // index.html's own style sheets come first, as they would in the browser.
  const entryStyles = [...indexHtml.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]!);
  const cssOf = (href: string) => fs.readFileSync(path.join(webRoot, href), 'utf8');
  const known = new Map<string, ReturnType<WebRenderer['assets']>>();
  const assets = (modules: string[]) => {
    const key = modules.join('\n');
    const hit = known.get(key);
    if (hit) return hit;
    const styles = new Set<string>();
    const seen = new Set<string>();
    const visit = (id: string) => {
      const chunk = manifest[id];
      // The entry's styles are index.html's.
      if (!chunk || chunk.isEntry || seen.has(id)) return;
      seen.add(id);
      for (const css of chunk.css ?? []) styles.add(`/${css}`);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    modules.forEach(visit);
    const found = {
      styles: [...new Set([...entryStyles, ...styles])].map((href) => ({ href, css: cssOf(href) })),
    };
    known.set(key, found);
    return found;
  };
  const redirectOf = mod.redirect;
  return {
    render: (url, answer) => mod.render(url, { fetch: fetchApi, dataWaitMs, googleClientId, answer }),
    // Asked before every page, the kept ones too. React Router's matchRoutes flattened, ranked and
    // compiled every route on each call (a quarter of a kept page's time and most of its garbage);
    // the router of decision 038 ranks its table once, and a known address costs a map look-up.
    redirect: redirectOf ? remembered((url) => redirectOf(url) ?? null) : () => null,
    assets,
  };
}

/** The most answers `remembered` keeps, and the longest address it keeps one for. */
export const REMEMBERED_MAX = 512;
export const REMEMBERED_URL_MAX = 256;

/**
 * `answer` (a pure function of the address) with its answers kept: at most REMEMBERED_MAX of
 * them, all forgotten at once when full, and none for an address longer than REMEMBERED_URL_MAX,
 * so addresses made up by a visitor cannot make it grow.
 */
export function remembered<T>(answer: (url: string) => T): (url: string) => T {
  const known = new Map<string, T>();
  return (url) => {
    if (url.length > REMEMBERED_URL_MAX) return answer(url);
    if (known.has(url)) return known.get(url) as T;
    const result = answer(url);
    if (known.size >= REMEMBERED_MAX) known.clear();
    known.set(url, result);
    return result;
  };
}
