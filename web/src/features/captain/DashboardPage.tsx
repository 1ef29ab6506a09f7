import { useEffect, useState } from 'react';
import { CAPTAIN_CERTIFICATE_LABELS, CAPTAIN_EMPTY } from '@medchest/domain/captain/portal';
import type { UpcomingOrder } from '@medchest/domain/contracts/orders';
import { displayOrderNumber, OPEN_WITH_SUPPLIER, ORDER_STATUS_LABELS } from '@medchest/domain/order/lifecycle';
import { CAPTAIN_DASHBOARD_NO_VESSEL, CAPTAIN_RECEIVE_UNAVAILABLE } from '@medchest/domain/user/captainTexts';
import { formatDate } from '../../lib/dates';
import { captainApi } from './captainApi';
import { CaptainLayout } from './CaptainLayout';
import { CaptainSheet } from './CaptainSheet';
import { Link } from './navigation';
import { onQueueChange } from './offlineQueue';
import { useLoad } from './useLoad';

/**
 * The receive dialog and what it brings (the form library, the schemas) load on demand: a captain
 * page paints without them (issue 12's budget). Fetched once the dashboard shows an order that can
 * be received, so it is at hand should the connection drop before the captain opens it.
 */
const loadReceiveDialog = () => import('./ReceiveOrderDialog').then((module) => module.ReceiveOrderDialog);
type ReceiveDialogComponent = Awaited<ReturnType<typeof loadReceiveDialog>>;

const statusLabel = (status: string) => (Object.hasOwn(ORDER_STATUS_LABELS, status) ? ORDER_STATUS_LABELS[status as keyof typeof ORDER_STATUS_LABELS] : status.replace(/_/g, ' '));
const canReceive = (order: UpcomingOrder) => OPEN_WITH_SUPPLIER.includes(order.status);

type PageProps = { vesselId: string | null; onSignOut: () => void };

/** Captain dashboard (spec 001 §2): header, stat cards, recent usage, supply orders, certificate status. */
export function DashboardPage({ vesselId, onSignOut }: PageProps) {
  const vessel = useLoad(() => captainApi.vessel(), [vesselId]);
  const stats = useLoad(() => captainApi.stats(), [vesselId]);
  const usage = useLoad(() => captainApi.recentUsage(), [vesselId]);
  const orders = useLoad(() => captainApi.upcomingOrders(), [vesselId]);
  const certificate = useLoad(() => captainApi.certificate(), [vesselId]);
  const [open, setOpen] = useState<UpcomingOrder | undefined>();
  const [receiving, setReceiving] = useState<{ order: UpcomingOrder; Dialog: ReceiveDialogComponent } | undefined>();
  const [opening, setOpening] = useState(false);
  const [notice, setNotice] = useState<{ text: string; tone: 'success' | 'error' } | undefined>();
  const { reload: reloadStats } = stats;
  const { reload: reloadUsage } = usage;
  const { reload: reloadOrders } = orders;

  // Usage and counts kept on the device go out when the connection returns: the figures follow.
  useEffect(() => onQueueChange(() => navigator.onLine && (reloadUsage(), reloadStats())), [reloadUsage, reloadStats]);
  const receivable = orders.data?.some(canReceive) ?? false;
  useEffect(() => {
    if (receivable) void loadReceiveDialog().catch(() => undefined);
  }, [receivable]);

  const startReceiving = (order: UpcomingOrder) => {
    setOpening(true);
    setNotice(undefined);
    loadReceiveDialog().then(
      (Dialog) => {
        setOpen(undefined);
        setReceiving({ order, Dialog });
        setOpening(false);
      },
      () => {
        setOpening(false);
        setOpen(undefined);
        setNotice({ text: CAPTAIN_RECEIVE_UNAVAILABLE, tone: 'error' });
      },
    );
  };

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
        {notice && (
          <p className={notice.tone === 'success' ? 'captain-notice' : 'captain-error'} role={notice.tone === 'success' ? 'status' : 'alert'} data-testid="receive-notice">
            {notice.text}
          </p>
        )}
        {orders.loading && !orders.data ? (
          <p className="muted">Loading...</p>
        ) : orders.error ? (
          <p className="captain-error">Orders could not be loaded.</p>
        ) : orders.data && orders.data.length > 0 ? (
          <ul className="captain-list">
            {orders.data.map((order) => (
              <li key={order.id}>
                <button type="button" className="captain-row-button captain-touch" onClick={() => setOpen(order)} data-testid="upcoming-order">
                  <strong>{displayOrderNumber(order)}</strong>
                  <span>
                    {statusLabel(order.status)} · {order.totalItems} items · {formatDate(order.createdAt)}
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
        <CaptainSheet
          title={displayOrderNumber(open)}
          onClose={() => setOpen(undefined)}
          testId="order-detail"
          footer={
            <>
              {canReceive(open) && (
                <button type="button" className="btn btn--primary btn--md captain-touch" onClick={() => startReceiving(open)} disabled={opening}>
                  {opening ? 'Opening...' : 'Receive Delivery'}
                </button>
              )}
              <button type="button" className="btn btn--outline btn--md captain-touch" onClick={() => setOpen(undefined)}>
                Close
              </button>
            </>
          }
        >
          <p>
            Status: {statusLabel(open.status)}
            {open.supplierName ? ` · Supplier: ${open.supplierName}` : ''}
          </p>
          <ul className="captain-list">
            {open.orderItems.map((item) => (
              <li key={item.id}>
                <strong>{item.scaleId}</strong>
                <span>
                  {item.scaleDescription} · {item.orderQuantity} ordered
                  {item.receivedQuantity > 0 ? ` · ${item.receivedQuantity} received` : ''}
                </span>
              </li>
            ))}
          </ul>
          {!canReceive(open) && <p className="captain-small">Not yet sent to a supplier: the delivery can be received once the office has ordered it.</p>}
        </CaptainSheet>
      )}
      {receiving && (
        <receiving.Dialog
          order={receiving.order}
          onClose={() => {
            setReceiving(undefined);
            // A refusal may mean the order moved on meanwhile (received by the office): show it as it is.
            reloadOrders();
          }}
          onReceived={(message) => {
            setReceiving(undefined);
            setNotice({ text: message, tone: 'success' });
            // The order (delivered, or what is still to come) and the chest's figures.
            reloadOrders();
            reloadStats();
          }}
        />
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
