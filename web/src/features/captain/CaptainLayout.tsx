import { useEffect, useState, type ReactNode } from 'react';
import type { Vessel } from '@medchest/domain/contracts/vessels';
import { Link, usePathname } from './navigation';
import { discard, listChanges, onQueueChange, retryAgainstCurrent, type PendingChange } from './offlineQueue';

/** The frame of every captain page: vessel header, the portal's links, logout, and changes waiting to be sent. */
export function CaptainLayout({ vessel, onSignOut, children }: { vessel?: Vessel; onSignOut: () => void; children: ReactNode }) {
  const pathname = usePathname();
  const links = [
    ['/captain/dashboard', 'Dashboard'],
    ['/captain/inventory', 'Inventory'],
    ['/captain/certificate', 'Certificate'],
  ] as const;
  return (
    <div className="captain-shell">
      <header className="captain-header">
        <div className="captain-header__vessel">
          <span className="captain-header__label">Captain Portal</span>
          <strong data-testid="captain-vessel-name">{vessel?.vesselName ?? '…'}</strong>
          {vessel && <span className="captain-header__imo">IMO {vessel.imoNumber}</span>}
        </div>
        <button type="button" className="btn btn--outline btn--md captain-touch captain-logout" onClick={onSignOut}>
          Log Out
        </button>
      </header>
      <nav className="captain-nav" aria-label="Captain portal">
        {links.map(([to, label]) => (
          <Link key={to} to={to} className={`captain-nav__link${pathname === to || (to === '/captain/dashboard' && pathname === '/captain') ? ' is-current' : ''}`}>
            {label}
          </Link>
        ))}
      </nav>
      <PendingChanges />
      <main className="captain-main">{children}</main>
    </div>
  );
}

/** How many changes wait on this device, and every conflict or refusal with what to do about it. */
export function PendingChanges() {
  const [changes, setChanges] = useState<PendingChange[]>([]);
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const load = () => void listChanges().then(setChanges);
    load();
    const stop = onQueueChange(load);
    const status = () => setOnline(navigator.onLine);
    window.addEventListener('online', status);
    window.addEventListener('offline', status);
    return () => {
      stop();
      window.removeEventListener('online', status);
      window.removeEventListener('offline', status);
    };
  }, []);
  const pending = changes.filter((c) => c.state === 'pending');
  const problems = changes.filter((c) => c.state !== 'pending');
  if (online && changes.length === 0) return null;
  return (
    <section className="captain-pending" aria-live="polite">
      {!online && <p className="captain-offline" data-testid="captain-offline">You are offline. Changes are kept on this device and sent when the connection returns.</p>}
      {pending.length > 0 && (
        <p data-testid="pending-count">
          {pending.length} change{pending.length === 1 ? '' : 's'} waiting to be sent
        </p>
      )}
      {problems.map((change) => (
        <div key={change.id} className="captain-conflict" role="alert" data-testid="captain-conflict">
          <p>
            <strong>{change.state === 'conflict' ? 'Changed meanwhile' : 'Not accepted'}:</strong> {change.label} —{' '}
            {change.kind === 'quantity' ? `your count ${change.quantityOnBoard}` : `${change.quantityUsed} used (${change.reason})`}
          </p>
          <p className="captain-small">{change.problem}</p>
          <div className="captain-actions">
            {change.state === 'conflict' && (
              <button type="button" className="btn btn--primary btn--md captain-touch" onClick={() => void retryAgainstCurrent(change)}>
                Keep mine{change.currentQuantity !== undefined ? ` (replace ${change.currentQuantity})` : ''}
              </button>
            )}
            <button type="button" className="btn btn--outline btn--md captain-touch" onClick={() => void discard(change.id)}>
              {change.state === 'conflict' ? 'Keep theirs' : 'Dismiss'}
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
