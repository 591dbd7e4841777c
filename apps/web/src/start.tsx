import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { consumeTokenParam } from './app/token-param';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { queryClient } from './lib/query-client';

/**
 * The app: hydrates the page the server rendered, or renders the page the browser alone renders
 * (loaded by main.tsx).
 */
consumeTokenParam();

const { pathname } = window.location;
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const serverData = document.getElementById('shop-data');

if (serverData) {
  // A shopper page the server rendered (entry-server.tsx): its HTML is already painted. The data
  // it was rendered from goes into the cache, so the page hydrates with the same answers and
  // asks for none of them again.
  const state = JSON.parse(serverData.textContent || '{}') as DehydratedState;
  // The answers count as read now: a page the server keeps is dropped the moment the products
  // change, so its answers are current however long ago it was rendered (else, after the cache's
  // minute, every kept page would be read again on arrival).
  const now = Date.now();
  for (const query of state.queries ?? []) query.state.dataUpdatedAt = now;
  hydrate(queryClient, state);
  // In a transition, hydration too is done in slices of a few milliseconds, yielding to the
  // browser in between (a tap meanwhile is not held up by one long task).
  void preloadPage(pathname).then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  // A page the browser alone renders (account, admin, warranty), or a shopper page the server
  // could not render: rendered as soon as its code is in, showing its loading state until its data
  // arrives (nothing waits for the API: a slow answer never leaves the page blank). A failed chunk
  // still renders: the error boundary then says so.
  void preloadPage(pathname).then(() => {
    const root = createRoot(container);
    // In a transition React renders in slices of a few milliseconds, yielding to the browser in
    // between, instead of one long task for the whole page (input stays responsive meanwhile).
    startTransition(() => root.render(app));
  });
}
