import { useState } from 'react';
import { CAPTAIN_CERTIFICATE_LABELS, CAPTAIN_EMPTY } from '@medchest/domain/captain/portal';
import { CAPTAIN_DASHBOARD_NO_VESSEL } from '@medchest/domain/user/captainTexts';
import { formatDate } from '../../lib/dates';
import { captainApi, type UpcomingOrder } from './captainApi';
import { CaptainLayout } from './CaptainLayout';
import { Link } from './navigation';
import { useLoad } from './useLoad';

type PageProps = { vesselId: string | null; onSignOut: () => void };

/** Captain dashboard (spec 001 §2): header, stat cards, recent usage, supply orders, certificate status. */
export function DashboardPage({ vesselId, onSignOut }: PageProps) {
  const vessel = useLoad(() => captainApi.vessel(), [vesselId]);
  const stats = useLoad(() => captainApi.stats(), [vesselId]);
  const usage = useLoad(() => captainApi.recentUsage(), [vesselId]);
  const orders = useLoad(() => captainApi.upcomingOrders(), [vesselId]);
  const certificate = useLoad(() => captainApi.certificate(), [vesselId]);
  const [open, setOpen] = useState<UpcomingOrder | undefined>();

  if (!vesselId || vessel.error) {
    return (
      <CaptainLayout onSignOut={onSignOut}>
        <p className="captain-error" role="alert" data-testid="captain-no-vessel">
          {CAPTAIN_DASHBOARD_NO_VESSEL}
        </p>
      </CaptainLayout>
    );
  }
  const figure = (value: number | undefined) => (stats.loading && value === undefined ? '…' : stats.error ? 'Unavailable' : String(value ?? 0));
  return (
    <CaptainLayout vessel={vessel.data} onSignOut={onSignOut}>
      <div className="captain-links">
        <Link to="/captain/inventory" className="btn btn--primary btn--md captain-touch">
          Inventory
        </Link>
        <Link to="/captain/certificate" className="btn btn--secondary btn--md captain-touch">
          Certificate
        </Link>
      </div>
      <section className="captain-stats" aria-label="Medical chest">
        <Stat label="Total Items" value={figure(stats.data?.totalItems)} testId="stat-total-items" />
        <Stat label="Expiring Soon" hint="next 30 days" value={figure(stats.data?.expiringSoon)} testId="stat-expiring-soon" />
        <Stat label="Low Stock" value={figure(stats.data?.lowStock)} testId="stat-low-stock" />
        <Stat label="Crew Size" value={figure(stats.data?.crewSize)} testId="stat-crew-size" />
      </section>

      <section className="captain-card" aria-labelledby="recent-usage">
        <h2 id="recent-usage">Recent Usage</h2>
        <p className="captain-small">Last 90 days</p>
        {usage.loading && !usage.data ? (
          <p className="muted">Loading...</p>
        ) : usage.error ? (
          <p className="captain-error">Recent usage could not be loaded.</p>
        ) : usage.data && usage.data.length > 0 ? (
          <ul className="captain-list" data-testid="recent-usage">
            {usage.data.map((entry) => (
              <li key={entry.id}>
                <strong>
                  {entry.scaleId} · {entry.quantityUsed} used
                </strong>
                <span>
                  {entry.reason}
                  {entry.crewMemberName ? ` · ${entry.crewMemberName}` : ''} · {formatDate(entry.usageDate)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{CAPTAIN_EMPTY.recentUsage}</p>
        )}
      </section>

      <section className="captain-card" aria-labelledby="supply-orders">
        <h2 id="supply-orders">Supply Orders</h2>
        {orders.loading && !orders.data ? (
          <p className="muted">Loading...</p>
        ) : orders.error ? (
          <p className="captain-error">Orders could not be loaded.</p>
        ) : orders.data && orders.data.length > 0 ? (
          <ul className="captain-list">
            {orders.data.map((order) => (
              <li key={order.id}>
                <button type="button" className="captain-row-button captain-touch" onClick={() => setOpen(order)}>
                  <strong>{order.orderNumber ?? `ORD-${order.id.slice(0, 8)}`}</strong>
                  <span>
                    {order.status.replace(/_/g, ' ')} · {order.totalItems} items · {formatDate(order.createdAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{CAPTAIN_EMPTY.upcomingOrders}</p>
        )}
      </section>

      <section className="captain-card" aria-labelledby="certificate-status">
        <h2 id="certificate-status">Certificate</h2>
        {certificate.data ? (
          <p data-testid="certificate-status">
            <span className={`captain-badge captain-badge--${certificate.data.status}`}>{CAPTAIN_CERTIFICATE_LABELS[certificate.data.status]}</span>{' '}
            {certificate.data.certificateExpiry ? `Expires ${formatDate(certificate.data.certificateExpiry)}` : 'No certificate on record'}
          </p>
        ) : (
          <p className="muted">{certificate.error ? 'Certificate could not be loaded.' : 'Loading...'}</p>
        )}
        <Link to="/captain/certificate" className="btn btn--outline btn--md captain-touch">
          View certificate
        </Link>
      </section>

      {open && (
        <div className="captain-dialog" role="dialog" aria-modal="true" aria-labelledby="order-title">
          <div className="captain-card">
            <h2 id="order-title">{open.orderNumber ?? `ORD-${open.id.slice(0, 8)}`}</h2>
            <p>
              Status: {open.status.replace(/_/g, ' ')}
              {open.supplierName ? ` · Supplier: ${open.supplierName}` : ''}
            </p>
            <ul className="captain-list">
              {open.orderItems.map((item) => (
                <li key={item.id}>
                  <strong>{item.scaleId}</strong>
                  <span>
                    {item.scaleDescription} · {item.orderQuantity}
                  </span>
                </li>
              ))}
            </ul>
            <button type="button" className="btn btn--primary btn--md captain-touch captain-wide" onClick={() => setOpen(undefined)}>
              Close
            </button>
          </div>
        </div>
      )}
    </CaptainLayout>
  );
}

function Stat({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div className="captain-stat">
      <span className="captain-stat__label">{label}</span>
      <strong className="captain-stat__value" data-testid={testId}>
        {value}
      </strong>
      {hint && <span className="captain-small">{hint}</span>}
    </div>
  );
}
