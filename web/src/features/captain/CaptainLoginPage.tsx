import { useState, type FormEvent } from 'react';
import {
  CAPTAIN_CODE_FORMAT_MESSAGE,
  CAPTAIN_EMAIL_REQUIRED,
  CAPTAIN_LOGIN_FAILED,
  CAPTAIN_LOGIN_NETWORK_ERROR,
} from '@medchest/domain/user/captainTexts';
import { ApiError } from '../../lib/api';
import { captainApi, messageOf } from './captainApi';

/**
 * Captain login (spec 001 §2, §5, §8): the email only, then the code mailed to it. Failures show
 * the server's message or 'Login failed'; a failed connection 'Network error. Please try again.'
 */
export function CaptainLoginPage({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const failure = (e: unknown) => (e instanceof ApiError ? messageOf(e, CAPTAIN_LOGIN_FAILED) : CAPTAIN_LOGIN_NETWORK_ERROR);

  async function requestCode(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setError(CAPTAIN_EMAIL_REQUIRED);
    setBusy(true);
    setError(undefined);
    try {
      setSent((await captainApi.requestCode(email.trim())).message);
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  }

  async function signIn(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError(CAPTAIN_CODE_FORMAT_MESSAGE);
    setBusy(true);
    setError(undefined);
    try {
      await captainApi.signIn(email.trim(), code.trim());
      await onSignedIn();
    } catch (e) {
      setError(failure(e));
      setBusy(false);
    }
  }

  return (
    <main className="captain-login">
      <div className="captain-card">
        <h1>Captain Login</h1>
        {sent === undefined ? (
          <form onSubmit={requestCode} noValidate>
            <p className="muted">Enter your vessel's contact email. We will email you a sign-in code.</p>
            <label className="captain-field">
              <span>Email</span>
              <input
                type="email"
                autoComplete="email"
                inputMode="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'captain-login-error' : undefined}
              />
            </label>
            {error && (
              <p id="captain-login-error" className="captain-error" role="alert" data-testid="captain-login-error">
                {error}
              </p>
            )}
            <button className="btn btn--primary btn--md captain-touch captain-wide" type="submit" disabled={busy}>
              {busy ? 'Sending...' : 'Send sign-in code'}
            </button>
          </form>
        ) : (
          <form onSubmit={signIn} noValidate>
            <p className="captain-notice" role="status" data-testid="code-sent">
              {sent}
            </p>
            <label className="captain-field">
              <span>Sign-in code</span>
              <input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'captain-login-error' : undefined}
              />
            </label>
            {error && (
              <p id="captain-login-error" className="captain-error" role="alert" data-testid="captain-login-error">
                {error}
              </p>
            )}
            <button className="btn btn--primary btn--md captain-touch captain-wide" type="submit" disabled={busy}>
              {busy ? 'Signing in...' : 'Sign In'}
            </button>
            <button
              className="btn btn--ghost btn--md captain-touch captain-wide"
              type="button"
              onClick={() => {
                setSent(undefined);
                setCode('');
                setError(undefined);
              }}
            >
              Use another email or send a new code
            </button>
          </form>
        )}
        <p className="captain-small">
          Fleet manager? <a href="/login">Log in here</a>.
        </p>
      </div>
    </main>
  );
}
