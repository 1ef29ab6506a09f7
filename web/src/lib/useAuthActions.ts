import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
// Subpaths, not the domain's index: the login page is a first page too, kept small.
import { PENDING_ACCOUNT_MESSAGE } from '@medchest/domain/user/accounts';
import type { Role, UserStatus } from '@medchest/domain/user/labels';
import { apiJson, apiRequest, serverMessage } from './api';
import { AUTH_USER_KEY, captainVesselId, refreshSessionUser, type AuthUser } from './auth';
import { notifyError, notifyFailure } from './notify';
import { toast } from '../components/ui/toast-store';

/** Toast durations the catalogue sets for these flows (spec 001 §9). */
const PENDING_TOAST_MS = 8000;
const SIGNUP_TOAST_MS = 10000;
const EXISTING_ACCOUNT_NOTE = 'If this address already has an account, we have emailed its owner instead.';

export interface Credentials {
  email: string;
  password: string;
}
export interface SignupInput extends Credentials {
  firstName?: string;
  lastName?: string;
}

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

function showPending(description: string) {
  // Waiting for approval is the normal state of a new account, not a failure: informational.
  toast({ title: 'Account Pending', description, variant: 'info', duration: PENDING_TOAST_MS });
}

export function useLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (credentials: Credentials) =>
      apiJson<{ status: UserStatus; role: Role; message?: string }>('POST', '/api/auth/login', credentials),
    onSuccess: async (result) => {
      forgetPreviousSession(queryClient);
      const user = await refreshSessionUser(queryClient);
      if (result?.status === 'pending' || user?.status === 'pending') {
        showPending(result?.message ?? PENDING_ACCOUNT_MESSAGE);
        navigate('/profile');
        return;
      }
      navigate(homeFor(user));
    },
    onError: (error) => {
      const message = serverMessage(error) ?? 'Login failed';
      if (message.toLowerCase().includes('pending')) showPending(message);
      else notifyFailure(error, 'Login failed');
    },
  });
}

export function useSignup(onCreatedWithoutSession: (email: string) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: SignupInput) => apiJson<{ user?: { email?: string } }>('POST', '/api/auth/signup', input),
    onSuccess: async (res, input) => {
      // The server answers an address that already has an account exactly like a new one (and
      // mails its owner), so the page cannot tell either: it says both, truthfully.
      toast({
        title: 'Success',
        description: `Your account has been created. ${PENDING_ACCOUNT_MESSAGE} ${EXISTING_ACCOUNT_NOTE}`,
        duration: SIGNUP_TOAST_MS,
      });
      const user = await refreshSessionUser(queryClient);
      if (user) navigate('/profile');
      // The address as the server keeps it (trimmed, lower case) is the one to log in with.
      else onCreatedWithoutSession(res?.user?.email ?? input.email);
    },
    onError: (error) => notifyFailure(error, 'Signup failed'),
  });
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
