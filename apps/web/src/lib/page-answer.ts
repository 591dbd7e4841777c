import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/**
 * The server's answer to a form a page posted without JavaScript (issue 26): the login's error,
 * the repair tracking's result. The server renders the page with it (entry-server.tsx puts it
 * into the page's query cache under this key) and the browser hydrates the same page from it.
 */
export const pageAnswerKey = ['page-answer'] as const;

export interface PageAnswer {
  /** Which form answered ('login', 'repair-tracking'). */
  form: string;
  data: unknown;
}

/**
 * The answer for `form`, read once when the component first renders (the page it was rendered
 * with); a later visit of the same screen inside the app starts afresh.
 */
export function usePageAnswer<T>(form: string): T | undefined {
  const client = useQueryClient();
  const [answer] = useState(() => {
    const found = client.getQueryData<PageAnswer>(pageAnswerKey);
    if (found?.form !== form) return undefined;
    // Used: the next visit of this screen inside the app does not show it again (read in a
    // timeout: StrictMode renders the first state twice and both must see it).
    if (typeof window !== 'undefined') setTimeout(() => client.removeQueries({ queryKey: pageAnswerKey, exact: true }), 0);
    return found.data as T;
  });
  return answer;
}
