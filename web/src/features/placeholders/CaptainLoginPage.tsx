import { ButtonLink } from '../../components/ui/Button';
import { LogoMark } from '../../components/ui/icons';

/** Captain login (email only) arrives with the captain portal in a later release. */
export function CaptainLoginPage() {
  return (
    <div className="auth-page">
      <div className="auth-card">
        <div className="auth-card__brand">
          <LogoMark size={40} />
          <h1>Captain Login</h1>
        </div>
        <p className="muted">
          Captain sign-in with your vessel's contact email is coming soon. Fleet managers can sign in on the regular
          login page.
        </p>
        <div className="stack">
          <ButtonLink to="/login">Fleet Manager Login</ButtonLink>
          <ButtonLink to="/admin/login" variant="secondary">
            Back to entry options
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
