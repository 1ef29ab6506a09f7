import { Link } from 'react-router-dom';
import type { AuthUser } from '../../lib/auth';
import { displayName } from '../../lib/auth';
import { LogoMark } from '../../components/ui/icons';
import { Button } from '../../components/ui/Button';
import { useLogout } from '../auth/useAuthActions';

/** The captain portal (/captain/...) arrives in a later release; captains land here meanwhile. */
export function CaptainPlaceholderPage({ user, section }: { user: AuthUser; section: string }) {
  const logout = useLogout();
  return (
    <div className="full-page-center captain-placeholder">
      <LogoMark size={48} />
      <h1>Captain Portal · {section}</h1>
      <p>
        Welcome aboard, {displayName(user)}. The captain portal for your vessel is coming soon. Until then your fleet
        manager keeps your medical chest up to date.
      </p>
      <div className="row-actions">
        <Link to="/profile" className="btn btn--secondary btn--md">
          Profile
        </Link>
        <Button variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
          {logout.isPending ? 'Logging out...' : 'Log Out'}
        </Button>
      </div>
    </div>
  );
}
