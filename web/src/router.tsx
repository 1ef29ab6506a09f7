import { Component, Suspense, type ReactNode } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { FullPageLoading } from './components/layout/FullPageLoading';
import { ButtonLink } from './components/ui/Button';
import { lazyPage } from './lib/lazyPage';
import { LandingPage } from './features/landing/LandingPage';
import { CaptainPortalHandoff } from './features/placeholders/CaptainPortalHandoff';
import { NotFoundPage } from './features/placeholders/NotFoundPage';

// Route-level code splitting (issue 14): the landing page is in the first bundle, every other
// screen is a chunk of its own fetched when first shown, so a visitor's first paint does not wait
// for the fleet screens, their forms and their libraries.
// Server state (react-query) and the signed-in side of the router (the auth gate, the fleet frame)
// load on demand too: the landing and login pages paint without them.
const WithServerState = lazyPage(() => import('./lib/queryRoot'), 'QueryRoot');
const loadSignedIn = () => import('./signedInRoutes');
const ProtectedLayout = lazyPage(loadSignedIn, 'ProtectedLayout');
const SignedInHome = lazyPage(loadSignedIn, 'SignedInHome');
const DashboardRoute = lazyPage(loadSignedIn, 'DashboardRoute');
const ProfileRoute = lazyPage(loadSignedIn, 'ProfileRoute');
const AdminUsersRoute = lazyPage(loadSignedIn, 'AdminUsersRoute');
const AdminScalesRoute = lazyPage(loadSignedIn, 'AdminScalesRoute');
const ActivityLogPage = lazyPage(() => import('./features/activity/ActivityLogPage'), 'ActivityLogPage');
const ScalePage = lazyPage(() => import('./features/scales/ScalePage'), 'ScalePage');
const DemoLoginPage = lazyPage(() => import('./features/auth/DemoLoginPage'), 'DemoLoginPage');
const LoginPage = lazyPage(() => import('./features/auth/LoginPage'), 'LoginPage');
const ForgotPasswordPage = lazyPage(() => import('./features/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const CompliancePage = lazyPage(() => import('./features/compliance/CompliancePage'), 'CompliancePage');
const VesselInventoryPage = lazyPage(() => import('./features/inventory/VesselInventoryPage'), 'VesselInventoryPage');
const InventoryOverviewPage = lazyPage(() => import('./features/inventory-overview/InventoryOverviewPage'), 'InventoryOverviewPage');
const CertificatesPage = lazyPage(() => import('./features/certificates/CertificatesPage'), 'CertificatesPage');
const ReportsPage = lazyPage(() => import('./features/reports/ReportsPage'), 'ReportsPage');
const OrdersPage = lazyPage(() => import('./features/orders/OrdersPage'), 'OrdersPage');
const SupplierLinkPage = lazyPage(() => import('./features/orders/SupplierLinkPage'), 'SupplierLinkPage');
const SupplierPortalPage = lazyPage(() => import('./features/orders/SupplierPortalPage'), 'SupplierPortalPage');
const VesselDetailPage = lazyPage(() => import('./features/vessels/VesselDetailPage'), 'VesselDetailPage');
const VesselHistoryPage = lazyPage(() => import('./features/history/VesselHistoryPage'), 'VesselHistoryPage');
const VesselsPage = lazyPage(() => import('./features/vessels/VesselsPage'), 'VesselsPage');

/**
 * At /, the landing page paints at once; who is signed in is asked once server state has loaded
 * (SignedInHome: the landing page again for a visitor, the dashboard for a signed-in user).
 */
function HomeRoute() {
  return (
    <Suspense fallback={<LandingPage />}>
      <SignedInHome />
    </Suspense>
  );
}

function RouteError() {
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

/**
 * A page that throws while rendering (or whose chunk fails to load, say after a release) shows
 * RouteError instead of a blank screen; going to another page tries again.
 */
class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

// Routes in declarative mode (BrowserRouter + useRoutes): the app has no loaders or actions, and
// the data router's code would be about half of the router library on every first page (issue 14).
const ROUTES: RouteObject[] = [
  {
    // Pages outside the fleet frame (login, password reset, supplier link) wait here for their chunk.
    element: (
      <Suspense fallback={<FullPageLoading />}>
        <Outlet />
      </Suspense>
    ),
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/landing', element: <LandingPage /> },
      { path: '/login', element: <LoginPage /> },
      // The captain portal is a page of its own (captain.html, its own small bundle): any
      // /captain path reached inside the fleet app is loaded afresh from the server.
      { path: '/captain', element: <CaptainPortalHandoff /> },
      { path: '/captain/*', element: <CaptainPortalHandoff /> },
      {
        // Public pages that call the server through react-query.
        element: (
          <WithServerState>
            <Outlet />
          </WithServerState>
        ),
        children: [
          { path: '/admin/login', element: <DemoLoginPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          { path: '/supplier/orders/:token', element: <SupplierLinkPage /> },
        ],
      },
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
];

/** The fleet app's pages for the current location, inside BrowserRouter (App.tsx). */
export function AppRoutes() {
  const { pathname } = useLocation();
  const page = useRoutes(ROUTES);
  return <RouteErrorBoundary resetKey={pathname}>{page}</RouteErrorBoundary>;
}

