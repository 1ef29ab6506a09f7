import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { FullPageLoading } from './components/layout/FullPageLoading';
import { RequireAuth } from './components/layout/RequireAuth';
import { LoadingState } from './components/ui/StateMessage';
import { LandingPage } from './features/landing/LandingPage';
import { useAuth } from './lib/auth';
import { lazyPage } from './lib/lazyPage';
import { QueryRoot } from './lib/queryRoot';
import { useSessionUser } from './lib/session';

/**
 * The signed-in side of the router (issue 14): the auth gate, the fleet frame and the routes that
 * read the session, loaded on demand with server state, so the first pages (landing, login) paint
 * without them. router.tsx keeps the route table.
 */
// The fleet frame (navigation, account menu) is only for signed-in pages.
const AppShell = lazyPage(() => import('./components/layout/AppShell'), 'AppShell');
const AdminUsersPage = lazyPage(() => import('./features/admin/AdminUsersPage'), 'AdminUsersPage');
const AdminScalesPage = lazyPage(() => import('./features/scales/AdminScalesPage'), 'AdminScalesPage');
const DashboardPage = lazyPage(() => import('./features/dashboard/DashboardPage'), 'DashboardPage');
const ProfilePage = lazyPage(() => import('./features/profile/ProfilePage'), 'ProfilePage');

/** The auth gate, then the navigation frame around the page. */
function SignedInFrame({ children }: { children?: ReactNode }) {
  return (
    <RequireAuth>
      {(user) => (
        <Suspense fallback={<FullPageLoading />}>
          <AppShell user={user}>
            {/* The navigation stays on screen while a page's chunk arrives. */}
            <Suspense fallback={<LoadingState testId="page-loading">Loading...</LoadingState>}>{children ?? <Outlet />}</Suspense>
          </AppShell>
        </Suspense>
      )}
    </RequireAuth>
  );
}

/** Every protected fleet page: server state, the auth gate, the frame. */
export function ProtectedLayout({ children }: { children?: ReactNode }) {
  return (
    <QueryRoot>
      <SignedInFrame>{children}</SignedInFrame>
    </QueryRoot>
  );
}

/** At /, a logged-out (or still loading) visitor sees the landing page; a signed-in user the dashboard. */
export function SignedInHome() {
  return (
    <QueryRoot>
      <HomeBySession />
    </QueryRoot>
  );
}

function HomeBySession() {
  const { user, isLoading } = useAuth();
  if (isLoading || !user) return <LandingPage />;
  return (
    <SignedInFrame>
      <DashboardRoute />
    </SignedInFrame>
  );
}

export function DashboardRoute() {
  return <DashboardPage user={useSessionUser()} />;
}

export function ProfileRoute() {
  return <ProfilePage user={useSessionUser()} />;
}

export function AdminUsersRoute() {
  return <RequireAuth role="admin">{(user) => <AdminUsersPage currentUser={user} />}</RequireAuth>;
}

export function AdminScalesRoute() {
  return <RequireAuth role="admin">{() => <AdminScalesPage />}</RequireAuth>;
}
