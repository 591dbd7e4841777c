import { createContext, useContext, useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import { createBrowserHistory, Router, type History } from '../lib/router';
import { HistoryPathContext } from '../lib/history-path';

/**
 * The browser router of the shop: the router of lib/router (wouter underneath, decision 038) over
 * the browser's history, with every location change rendered in a transition. While a page's
 * chunk is still loading, the transition keeps the current page on screen and
 * `useNavigationPending()` is true (the top of the page shows a progress bar).
 */
let browserHistory: History | undefined;
/** Made on first use, so the module can be imported where there is no window (the server's renderer). */
const getHistory = () => (browserHistory ??= createBrowserHistory(window));

const PendingContext = createContext(false);
/** Where the history is now (ahead of the page on screen while the next page loads). */
const historyPath = () => getHistory().location.pathname;

/** Whether a navigation is waiting for the next page's code. */
export const useNavigationPending = () => useContext(PendingContext);

export function ShopRouter({ children }: { children: ReactNode }) {
  const history = getHistory();
  const [state, setState] = useState(() => ({ action: history.action, location: history.location }));
  const [pending, startTransition] = useTransition();
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        startTransition(() => setState({ action, location }));
      }),
    [history],
  );
  return (
    <PendingContext.Provider value={pending}>
      <HistoryPathContext.Provider value={historyPath}>
        <Router location={state.location} navigationType={state.action} navigator={history}>
          {children}
        </Router>
      </HistoryPathContext.Provider>
    </PendingContext.Provider>
  );
}
