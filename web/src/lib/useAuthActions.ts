import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
// Subpaths, not the domain's index: the login page loads this module too, right after it paints.
import { PENDING_ACCOUNT_MESSAGE } from '@medchest/domain/user/accounts';
import { apiRequest, apiJson } from './api';
import { captainVesselId, refreshSessionUser, AUTH_USER_KEY, type AuthUser } from './auth';
import { notifyError, notifyFailure, showPending } from './notify';
import { appQueryClient } from './queryRoot';
import type { Credentials, LoginAnswer, SignupAnswer, SignupInput } from './signIn';
import { toast } from '../components/ui/toast-store';

/** Toast duration the catalogue sets for a sign-up (spec 001 §9). */
const SIGNUP_TOAST_MS = 10000;
const EXISTING_ACCOUNT_NOTE = 'If this address already has an account, we have emailed its owner instead.';

/** Nothing cached from an earlier session may show for the user who signs in now. */
function forgetPreviousSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== AUTH_USER_KEY[0] });
}

function homeFor(user: AuthUser | null): string {
  if (!user) return '/login';
  if (user.status === 'pending') return '/profile';
  if (captainVesselId(user)) return '/captain/dashboard';
  return '/';
}

/** After a login (./signIn useLogin): the new session in the query client, then its first page. */
export async function finishLogin(result: LoginAnswer | undefined, navigate: NavigateFunction): Promise<void> {
  const queryClient = appQueryClient();
  forgetPreviousSession(queryClient);
  const user = await refreshSessionUser(queryClient);
  if (result?.status === 'pending' || user?.status === 'pending') {
    showPending(result?.message ?? PENDING_ACCOUNT_MESSAGE);
    navigate('/profile');
    return;
  }
  navigate(homeFor(user));
}

/** After a sign-up (./signIn useSignup): the notice, then /profile, or the login form with the address. */
export async function finishSignup(
  res: SignupAnswer | undefined,
  input: SignupInput,
  navigate: NavigateFunction,
  onCreatedWithoutSession: (email: string) => void,
): Promise<void> {
  // The server answers an address that already has an account exactly like a new one (and
  // mails its owner), so the page cannot tell either: it says both, truthfully.
  toast({
    title: 'Success',
    description: `Your account has been created. ${PENDING_ACCOUNT_MESSAGE} ${EXISTING_ACCOUNT_NOTE}`,
    duration: SIGNUP_TOAST_MS,
  });
  const user = await refreshSessionUser(appQueryClient());
  if (user) navigate('/profile');
  // The address as the server keeps it (trimmed, lower case) is the one to log in with.
  else onCreatedWithoutSession(res?.user?.email ?? input.email);
}

export function useDemoLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (credentials: Credentials) =>
      apiJson<{ user?: { firstName?: string | null } }>('POST', '/api/demo/login', credentials),
    onSuccess: async (result) => {
      forgetPreviousSession(queryClient);
      const firstName = result?.user?.firstName;
      toast({ title: 'Success', description: firstName ? `Welcome, ${firstName}!` : 'Welcome to the MedChest demo!' });
      const user = await refreshSessionUser(queryClient);
      navigate(homeFor(user));
    },
    onError: (error) => notifyFailure(error, 'Demo login failed'),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: () => {
      toast({ title: 'Logged out', description: 'You have been logged out successfully' });
      // Leave the protected page before forgetting the user, so it never sees "logged out" itself.
      navigate('/login', { flushSync: true });
      queryClient.clear();
    },
    onError: (error) => notifyError(error, 'Logout failed'),
  });
}
