import { QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api';

/**
 * SPEC §7 query defaults: a query GETs the path in the first element of its key; no retry, no
 * refetch on focus or on a timer, and data never goes stale (mutations reload lists explicitly).
 */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => apiRequest('GET', String(queryKey[0])),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
