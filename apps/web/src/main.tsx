import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { consumeTokenParam } from './app/token-param';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { prefetchPageData } from './app/prefetch';
import './styles/global.css';

/** The longest the first render waits for the page's data; after it the page shows its loading state. */
const DATA_WAIT_MS = 3000;

consumeTokenParam();

// As a data router with loaders does: the first page's code and data are fetched side by side,
// and the page is rendered once, complete, when both are in (index.html shows the top bar's strip
// meanwhile). A failed chunk still renders: the error boundary then says so.
const { pathname } = window.location;
const dataReady = Promise.race([prefetchPageData(pathname), new Promise((r) => setTimeout(r, DATA_WAIT_MS))]);
void Promise.all([preloadPage(pathname), dataReady]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  // In a transition React renders in slices of a few milliseconds, yielding to the browser in
  // between, instead of one long task for the whole page (input stays responsive meanwhile).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
