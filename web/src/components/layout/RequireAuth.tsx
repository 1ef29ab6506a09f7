import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { captainVesselId, useAuth, type AuthUser } from '../../lib/auth';
import { redirectToLogin } from '../../lib/unauthorized';
import { FullPageLoading } from './FullPageLoading';

function Unauthorized() {
  useEffect(() => redirectToLogin(), []);
  return <FullPageLoading label="You are logged out. Logging in again..." />;
}

/** Fleet-side paths a captain with a vessel may open; everything else sends them to their portal. */
function captainMayOpen(pathname: string, vesselId: string): boolean {
  return ['/profile', `/inventory/${vesselId}`, '/compliance', '/orders'].includes(pathname);
}

/**
 * The gate in front of every protected page (spec 000 §2, 001 §2): the Unauthorized flow when
 * logged out, /profile only for a pending account, the captain portal for a captain with a vessel,
 * and an optional role (others are sent to /).
 */
export function RequireAuth({
  children,
  role,
  area = 'fleet',
}: {
  children: (user: AuthUser) => ReactNode;
  role?: AuthUser['role'];
  area?: 'fleet' | 'captain';
}) {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();

  if (isLoading) return <FullPageLoading />;
  if (!user) return <Unauthorized />;
  if (user.status === 'pending' && pathname !== '/profile') return <Navigate to="/profile" replace />;
  const vesselId = captainVesselId(user);
  if (area === 'fleet' && vesselId && !captainMayOpen(pathname, vesselId)) {
    return <Navigate to="/captain/dashboard" replace />;
  }
  if (role && user.role !== role) return <Navigate to="/" replace />;
  return <>{children(user)}</>;
}
