import { createContext, useCallback, useContext } from 'react';

/**
 * The path the browser's history is at now, as a getter. While the next page's code loads, the
 * shop's router keeps the current page on screen (a transition), so the history runs ahead of the
 * page that is shown. Provided by the shop's router; null under other routers (unit tests).
 */
export const HistoryPathContext = createContext<(() => string) | null>(null);

/** Whether the page on screen (at `pathname`) is being left: the history is already elsewhere. */
export function useLeaving(pathname: string): () => boolean {
  const historyPath = useContext(HistoryPathContext);
  return useCallback(() => historyPath !== null && historyPath() !== pathname, [historyPath, pathname]);
}
