import { QueryClient } from '@tanstack/react-query';

/**
 * Data read this recently counts as just read when a page mounts: the first page's data is fetched by
 * the route table (app/router.tsx `prefetch`) while its chunk loads, and the page that mounts a moment
 * later must not ask again. Queries with `staleTime: 0` (read when shown, never polled) were fetched a
 * second time on mount, one more round trip and parse on a slow phone's first load (decision 0046,
 * session 10). An invalidated query (after a change) is always read again.
 */
export const JUST_READ_MS = 2_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      refetchOnMount: (query) => query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt >= JUST_READ_MS,
    },
  },
});
