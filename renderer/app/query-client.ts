import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { addedRequestHeaders, ApiError, onWriteDone } from './api-client.js';

/** A read that failed is tried again (twice at most) only when the network or the server failed; a 4xx answer stands. */
export function retryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  return !(error instanceof ApiError) || error.status >= 500;
}

/** A read made while headers are added (the metadata draft header of a preview) is cached apart from the same read without them. */
function hashWithHeaders(key: QueryKey): string {
  const headers = addedRequestHeaders();
  return hashKey(Object.keys(headers).length === 0 ? key : [...key, { headers }]);
}

/**
 * The browser's cache of server state (TanStack Query), made once. Reads stay fresh for 30 s (a
 * screen opened again within that time shows what it had; no refetch on focus or on the network
 * coming back: the hub says what changed, renderer/app/live-invalidation.ts); a write marks every
 * cached read out of date without refetching what shows (the screen that wrote invalidates what
 * it changed); writes are never retried. Cleared when the person or the active role changes
 * (renderer/app/session.ts).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 5 * 60_000,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: retryRead,
      queryKeyHashFn: hashWithHeaders,
    },
    mutations: { retry: false },
  },
});

/**
 * The cache of a metadata preview's frame: its own, so what the frame reads (drafts applied, another
 * tenant's metadata, a role's view) never mixes with the application's, and read afresh each time a
 * screen in it mounts (a preview shows what the drafts make of the data now); dropped with the frame.
 */
export function previewQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 0, gcTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: retryRead, queryKeyHashFn: hashWithHeaders },
      mutations: { retry: false },
    },
  });
}

onWriteDone(() => { void queryClient.invalidateQueries({ refetchType: 'none' }); });
