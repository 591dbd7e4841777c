/**
 * The server's renderer of shopper pages (decision 017): the API process imports this module's
 * build (apps/web/dist-ssr) and, for an address the browser would show as a shopper page, loads
 * the page's code and data, renders it to HTML and hands over the data it read, for the browser
 * to hydrate the same page without asking again (main.tsx).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from './lib/router';
import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import { AppPages } from './app/app';
import { prefetchPageData } from './app/prefetch';
import { redirectAt } from './app/redirects';
import { pageAt, preloadPage } from './app/router';
import { setServerGoogleClientId } from './features/auth/hooks/google-identity';
import { HERO_POSTER } from './features/home/data/hero-media';
import { setApiTransport } from './lib/api-client';
import { pageAnswerKey, type PageAnswer } from './lib/page-answer';
import { createQueryClient } from './lib/query-client';
import { RenderedHeadContext, type RenderedHead } from './lib/use-document-title';

export interface RenderOptions {
  /** How the renderer reaches the API: the server's own routes, in process. */
  fetch: typeof fetch;
  /** The longest the page waits for its data; after it the page is rendered in its loading state. */
  dataWaitMs: number;
  /** The API's GOOGLE_CLIENT_ID: a page with Google's button has it only when it is set. */
  googleClientId?: string;
  /** The server's answer to a form the page posted (issue 26), rendered into the page and handed over with its data. */
  answer?: PageAnswer;
}

/** Where the server redirects `url` instead of answering a page (app/redirects.ts `redirectAt`). */
export { redirectAt as redirect };

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The query cache's data as JSON, for the browser's cache (already safe inside a <script>). */
  state: string;
  head: RenderedHead;
  /** Source files of the app's and the page's chunks (the build manifest's keys), for their styles. */
  modules: string[];
  /** Pictures the page paints first and largest, to fetch before anything else. */
  preloadImages: string[];
}

/** The page at `url` (path and query) as HTML, or null when the browser alone renders it. */
export async function render(url: string, options: RenderOptions): Promise<RenderedPage | null> {
  const { pathname, search } = new URL(url, 'http://shop.invalid');
  const page = pageAt(pathname);
  if (!page.serverRendered) return null;
  setApiTransport(options.fetch);
  // One cache per page: nothing of one visitor's page reaches another's. No retries: the
  // browser asks again for whatever is missing.
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, options.dataWaitMs)));
  try {
    await Promise.all([preloadPage(pathname), Promise.race([prefetchPageData(client, pathname, search), waited])]);
  } finally {
    clearTimeout(timer);
  }
  if (options.answer) client.setQueryData(pageAnswerKey, options.answer);
  const head: RenderedHead = {};
  // Set right before the synchronous render: no other page's render runs in between.
  setServerGoogleClientId(options.googleClientId);
  const html = renderToString(
    <StrictMode>
      <RenderedHeadContext.Provider value={head}>
        <QueryClientProvider client={client}>
          <StaticRouter location={url}>
            <AppPages />
          </StaticRouter>
        </QueryClientProvider>
      </RenderedHeadContext.Provider>
    </StrictMode>,
  );
  // Only answers are handed over (a query still running or failed is asked again by the browser).
  const state = JSON.stringify(dehydrate(client)).replace(/</g, '\\u003c');
  client.clear();
  return {
    html,
    state,
    head,
    // The app (start.tsx, loaded by main.tsx) and the page: their styles go into the page.
    modules: ['src/start.tsx', ...page.modules],
    preloadImages: pathname === '/' ? [HERO_POSTER] : [],
  };
}
