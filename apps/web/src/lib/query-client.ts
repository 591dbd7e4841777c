import { QueryClient } from '@tanstack/react-query';

/** A query cache with the app's settings; the server makes one per page it renders. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });

/** The browser's one query cache (the entry fills it from the server's page, or early, see app/prefetch.ts). */
export const queryClient = createQueryClient();
