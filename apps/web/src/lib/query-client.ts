import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache (the entry also fills it early, see app/prefetch.ts). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});
