import { focusManager, MutationCache, QueryCache, QueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { getQueryFn, isPendingApprovalError, isUnauthorizedError } from './api';
import { AUTH_USER_KEY, refreshSessionUser } from './auth';
import { redirectToLogin } from './unauthorized';

/**
 * Configured as spec 000 §7 says: no retry, no refetch on window focus, no polling, never stale.
 * Data changes only when a mutation invalidates the keys it affects.
 *
 * Two answers are handled for every call: a 401 starts the Unauthorized flow, and a 403 saying the
 * account is pending approval asks for the current user again, so the screen follows the account's
 * real status (the auth gate sends a pending user to /profile, and an approved one gets the menu).
 */
export function createQueryClient(): QueryClient {
  followWindowFocus();
  const onError = (error: Error, queryKey?: QueryKey) => reactToFailedCall(queryClient, error, queryKey);
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onError(error) }),
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
  return queryClient;
}

/**
 * What every failed call to the server sets off, whichever way it was made (a query, a mutation,
 * the login page's own calls): a 401 starts the Unauthorized flow, a 403 for a pending account
 * asks for the current user again.
 */
export function reactToFailedCall(queryClient: QueryClient, error: unknown, queryKey?: QueryKey): void {
  if (isUnauthorizedError(error)) redirectToLogin();
  // Never for the user query itself: a refusal there must not ask again and again.
  else if (isPendingApprovalError(error) && queryKey?.[0] !== AUTH_USER_KEY[0]) {
    void refreshSessionUser(queryClient).catch(() => undefined);
  }
}

/**
 * "The window regains focus" means the tab coming back into view (react-query's own signal) and
 * also the browser window being focused again while it stayed visible, e.g. after working in
 * another window beside it. Only queries that ask for it refetch on focus (the user's own, while
 * the account is pending); every other query has it off.
 */
function followWindowFocus(): void {
  if (typeof window === 'undefined' || !window.addEventListener) return;
  focusManager.setEventListener((handleFocus) => {
    const listener = () => handleFocus();
    window.addEventListener('visibilitychange', listener, false);
    window.addEventListener('focus', listener, false);
    return () => {
      window.removeEventListener('visibilitychange', listener);
      window.removeEventListener('focus', listener);
    };
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
