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
  return {
    render: (url, answer) => mod.render(url, { fetch: fetchApi, dataWaitMs, googleClientId, answer }),
    redirect: (url) => mod.redirect?.(url) ?? null,
    assets,
  };
}
