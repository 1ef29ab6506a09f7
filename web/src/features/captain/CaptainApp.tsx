import { useEffect, useState } from 'react';
import { CAPTAIN_HOME } from '@medchest/domain/user/captainTexts';
import { captainApi, type CaptainUser } from './captainApi';
import { CaptainLoginPage } from './CaptainLoginPage';
import { CertificatePage } from './CertificatePage';
import { DashboardPage } from './DashboardPage';
import { InventoryPage } from './InventoryPage';
import { navigate, usePathname } from './navigation';
import { flush } from './offlineQueue';

const LOGGED_OUT = 'You are logged out. Logging in again...';

/**
 * The captain portal (spec 001 §2): /captain/login for everyone; /captain, /captain/dashboard,
 * /captain/inventory and /captain/certificate for a signed-in captain; any other /captain path
 * is the 404 page. Logged out, a captain page says so and goes to the login after 500 ms.
 */
export function CaptainApp() {
  const pathname = usePathname().replace(/\/+$/, '') || '/';
  const [user, setUser] = useState<CaptainUser | null | undefined>(undefined);

  const refreshUser = () =>
    captainApi.user().then(
      (answer) => setUser(answer ?? null),
      () => setUser(null),
    );
  useEffect(() => {
    void refreshUser();
  }, []);
  // Changes kept on the device from an earlier visit go out as soon as the captain is signed in.
  useEffect(() => {
    if (user) void flush();
  }, [user]);

  if (pathname === '/captain/login') {
    return (
      <CaptainLoginPage
        onSignedIn={async () => {
          await refreshUser();
          navigate(CAPTAIN_HOME, { replace: true });
        }}
      />
    );
  }
  const page = pageFor(pathname);
  if (!page) return <NotFound />;
  if (user === undefined) return <div className="captain-center" data-testid="page-loading">Loading...</div>;
  if (user === null) return <LoggedOut />;
  if (user.role !== 'captain') {
    // A fleet account has the fleet screens; the portal is not theirs.
    window.location.replace('/');
    return null;
  }
  const signOut = async () => {
    await captainApi.logout().catch(() => undefined);
    setUser(null);
    navigate('/captain/login', { replace: true });
  };
  const props = { vesselId: user.vesselId, onSignOut: signOut };
  if (page === 'dashboard') return <DashboardPage {...props} />;
  if (page === 'inventory') return <InventoryPage {...props} />;
  return <CertificatePage {...props} />;
}

function pageFor(pathname: string): 'dashboard' | 'inventory' | 'certificate' | undefined {
  if (pathname === '/captain' || pathname === '/captain/dashboard') return 'dashboard';
  if (pathname === '/captain/inventory') return 'inventory';
  if (pathname === '/captain/certificate') return 'certificate';
  return undefined;
}

function LoggedOut() {
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/captain/login', { replace: true }), 500);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div className="captain-center" role="status" data-testid="logged-out">
      {LOGGED_OUT}
    </div>
  );
}

function NotFound() {
  return (
    <div className="captain-center not-found">
      <h1>404 Page Not Found</h1>
      <a className="btn btn--primary btn--md captain-touch" href={CAPTAIN_HOME}>
        Go to the captain portal
      </a>
    </div>
  );
}
