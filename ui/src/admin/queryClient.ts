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

/** How often the list on screen asks the server again while the panel is open. */
export const LIVE_EVERY_MS = 60_000;

/**
 * For the lists of the tab the owner is on (only a mounted tab's queries run): brought up to date
 * when the browser tab comes back into view and every minute while it is visible, so a scheduled
 * article shows as published and a new booking appears without a reload. Forms hold their own
 * drafts, so an open form keeps what is typed. Every other query keeps SPEC §7's defaults.
 */
export const LIVE_LIST = { refetchOnWindowFocus: 'always', refetchInterval: LIVE_EVERY_MS } as const;
