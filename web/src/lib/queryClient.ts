import { QueryCache, QueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { getQueryFn, isUnauthorizedError } from './api';
import { redirectToLogin } from './unauthorized';

/**
 * Configured as spec 000 §7 says: no retry, no refetch on window focus, no polling, never stale.
 * Data changes only when a mutation invalidates the keys it affects.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorizedError(error)) redirectToLogin();
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Mark the keys stale and refetch them at once, whether or not a screen shows them right now, so
 * the next screen the user opens already has the new data. Resolves when every refetch is done.
 */
export async function refreshKeys(
  queryClient: QueryClient,
  keys: readonly QueryKey[],
  include: (query: Query) => boolean = () => true,
): Promise<void> {
  await Promise.all(
    keys.map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'all', predicate: include })),
  );
}
