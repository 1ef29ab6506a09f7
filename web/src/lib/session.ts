import { useAuth, type AuthUser } from './auth';

/**
 * The signed-in user, for pages rendered behind RequireAuth (which only renders them once the
 * user is known). Reading it anywhere else is a bug, so it says so.
 */
export function useSessionUser(): AuthUser {
  const { user } = useAuth();
  if (!user) throw new Error('useSessionUser is only for pages behind RequireAuth');
  return user;
}
