import { useQuery, type Query, type QueryClient } from '@tanstack/react-query';
// Subpaths, not the domain's index: this module is in the first bundle of every page, and the
// index would bring every schema (and zod) with it.
import { toneOf } from '@medchest/domain/shared/tone';
import { isReadOnlyRole } from '@medchest/domain/user/scope';
import { USER_STATUS_TONES, type Role, type UserStatus } from '@medchest/domain/user/labels';
import type { Tone } from '../components/ui/Badge';
import { getQueryFn } from './api';

/** The signed-in user as GET /api/auth/user answers it (spec 000 §3, 001 §3). */
export interface AuthUser {
  id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  role: Role;
  status: UserStatus;
  accountType?: string | null;
  vesselId?: string | null;
  phone?: string | null;
  company?: string | null;
  preferredFleet?: string | null;
  preferredVessel?: string | null;
  createdAt?: string | null;
}

export const AUTH_USER_KEY = ['/api/auth/user'] as const;

const authUserQueryFn = getQueryFn<AuthUser>({ on401: 'returnNull' });

/**
 * Ask the server who is signed in now and keep the answer as the auth query's data (null when
 * logged out). Calls made while one is already under way share it.
 */
export function refreshSessionUser(queryClient: QueryClient): Promise<AuthUser | null> {
  return queryClient.fetchQuery<AuthUser | null>({ queryKey: AUTH_USER_KEY, queryFn: authUserQueryFn, staleTime: 0 });
}

/**
 * Like every query the user never goes stale (spec 000 §7), with one exception: while the account
 * is pending, coming back to the window asks again, so an approval shows without a reload.
 */
function refetchOnFocusWhilePending(query: Query<AuthUser | null, Error, AuthUser | null, readonly unknown[]>) {
  return query.state.data?.status === 'pending' ? ('always' as const) : false;
}

/** Presence of a user means authenticated; a 401 answers null, and there is no retry. */
/**
 * Whether the signed-in account may change fleet data (an auditor reads only, issue 9): what it
 * cannot do is not offered at all. The server refuses it anyway.
 */
export function useCanEditFleet(): boolean {
  const { user } = useAuth();
  return user !== null && !isReadOnlyRole(user.role);
}

export function useAuth() {
  const query = useQuery<AuthUser | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: authUserQueryFn,
    retry: false,
    refetchOnWindowFocus: refetchOnFocusWhilePending,
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}

export function displayName(user: Pick<AuthUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.email;
}

export const isPending = (user: AuthUser) => user.status === 'pending';

/** Captains with an assigned vessel use the captain portal and a reduced menu (spec 000 §6). */
export function captainVesselId(user: AuthUser): string | null {
  return user.accountType === 'captain' && user.vesselId ? user.vesselId : null;
}

/** The domain's labels (one place, domain/src/user/labels.ts), under the names the screens use. */
export { ROLE_LABELS, USER_STATUS_LABELS as STATUS_LABELS } from '@medchest/domain/user/labels';

/** The colour of an account status badge (profile, admin users); an unknown status is neutral. */
export function statusTone(status: string): Tone {
  return toneOf(USER_STATUS_TONES, status);
}
