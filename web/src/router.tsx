import type { ReactNode } from 'react';
import { createBrowserRouter, Outlet, useRouteError } from 'react-router-dom';
import { AppShell } from './components/layout/AppShell';
import { FullPageLoading, RequireAuth } from './components/layout/RequireAuth';
import { ButtonLink } from './components/ui/Button';
import { useAuth } from './lib/auth';
import { useSessionUser } from './lib/session';
import { ActivityLogPage } from './features/activity/ActivityLogPage';
import { AdminUsersPage } from './features/admin/AdminUsersPage';
import { AdminScalesPage } from './features/scales/AdminScalesPage';
import { ScalePage } from './features/scales/ScalePage';
import { DemoLoginPage } from './features/auth/DemoLoginPage';
import { LoginPage } from './features/auth/LoginPage';
import { ForgotPasswordPage } from './features/auth/ForgotPasswordPage';
import { ResetPasswordPage } from './features/auth/ResetPasswordPage';
import { CompliancePage } from './features/compliance/CompliancePage';
import { DashboardPage } from './features/dashboard/DashboardPage';
import { VesselInventoryPage } from './features/inventory/VesselInventoryPage';
import { InventoryOverviewPage } from './features/inventory-overview/InventoryOverviewPage';
import { LandingPage } from './features/landing/LandingPage';
import { CaptainPortalHandoff } from './features/placeholders/CaptainPortalHandoff';
import { CertificatesPage } from './features/certificates/CertificatesPage';
import { NotFoundPage } from './features/placeholders/NotFoundPage';
import { ReportsPage } from './features/reports/ReportsPage';
import { OrdersPage } from './features/orders/OrdersPage';
import { SupplierLinkPage } from './features/orders/SupplierLinkPage';
import { SupplierPortalPage } from './features/orders/SupplierPortalPage';
import { ProfilePage } from './features/profile/ProfilePage';
import { VesselDetailPage } from './features/vessels/VesselDetailPage';
import { VesselHistoryPage } from './features/history/VesselHistoryPage';
import { VesselsPage } from './features/vessels/VesselsPage';

/** Every protected fleet page: the auth gate, then the navigation frame around the page. */
function ProtectedLayout({ children }: { children?: ReactNode }) {
  return <RequireAuth>{(user) => <AppShell user={user}>{children ?? <Outlet />}</AppShell>}</RequireAuth>;
}

/** At /, a logged-out (or still loading) visitor sees the landing page; a signed-in user the dashboard. */
function HomeRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading || !user) return <LandingPage />;
  return (
    <ProtectedLayout>
      <DashboardRoute />
    </ProtectedLayout>
  );
}

function DashboardRoute() {
  return <DashboardPage user={useSessionUser()} />;
}

function ProfileRoute() {
  return <ProfilePage user={useSessionUser()} />;
}

function AdminUsersRoute() {
  return <RequireAuth role="admin">{(user) => <AdminUsersPage currentUser={user} />}</RequireAuth>;
}

function AdminScalesRoute() {
  return <RequireAuth role="admin">{() => <AdminScalesPage />}</RequireAuth>;
}


function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="full-page-center not-found" role="alert">
      <h1>Something went wrong</h1>
      <p>An unexpected error stopped this page. Reload to try again.</p>
      <ButtonLink to="/" reloadDocument>
        Reload MedChest
      </ButtonLink>
    </div>
  );
}

export function createRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      hydrateFallbackElement: <FullPageLoading />,
      children: [
        { path: '/', element: <HomeRoute /> },
        { path: '/landing', element: <LandingPage /> },
        { path: '/login', element: <LoginPage /> },
        { path: '/admin/login', element: <DemoLoginPage /> },
        { path: '/forgot-password', element: <ForgotPasswordPage /> },
        { path: '/reset-password', element: <ResetPasswordPage /> },
        // The captain portal is a page of its own (captain.html, its own small bundle): any
        // /captain path reached inside the fleet app is loaded afresh from the server.
        { path: '/captain', element: <CaptainPortalHandoff /> },
        { path: '/captain/*', element: <CaptainPortalHandoff /> },
        { path: '/supplier/orders/:token', element: <SupplierLinkPage /> },
        {
          element: <ProtectedLayout />,
          children: [
            { path: '/dashboard', element: <DashboardRoute /> },
            { path: '/vessels', element: <VesselsPage /> },
            { path: '/vessels/:vesselId', element: <VesselDetailPage /> },
            { path: '/vessels/:vesselId/history', element: <VesselHistoryPage /> },
            { path: '/inventory', element: <InventoryOverviewPage /> },
            { path: '/inventory/:vesselId', element: <VesselInventoryPage /> },
            { path: '/compliance', element: <CompliancePage /> },
            { path: '/scales/:scaleId', element: <ScalePage /> },
            { path: '/certificates', element: <CertificatesPage /> },
            { path: '/reports', element: <ReportsPage /> },
            { path: '/orders', element: <OrdersPage /> },
            { path: '/activity', element: <ActivityLogPage /> },
            { path: '/supplier', element: <SupplierPortalPage /> },
            { path: '/profile', element: <ProfileRoute /> },
            { path: '/admin/users', element: <AdminUsersRoute /> },
            { path: '/admin/scales', element: <AdminScalesRoute /> },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}

