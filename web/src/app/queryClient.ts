import { QueryClient } from '@tanstack/react-query';

/** One place for query defaults: lists are keyed by connection and refetched only on demand. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
