import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LogoMark } from '../../components/ui/icons';
import './auth.css';

/**
 * The frame of the two password pages (forgot, reset): the brand linking home, the page's title
 * and what it is for, its content, and the way back to the log-in page.
 */
export function PasswordCard({ title, intro, testId, children }: { title: string; intro?: string; testId: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <div className="auth-card" data-testid={testId}>
        <div className="auth-card__brand">
          <Link to="/landing" aria-label="MedChest home" className="brand">
            <LogoMark size={40} />
          </Link>
          <h1>{title}</h1>
          {intro ? <p className="muted">{intro}</p> : null}
        </div>
        {children}
        <p className="auth-footer-links">
          <Link to="/login">Back to log in</Link>
        </p>
      </div>
    </div>
  );
}
