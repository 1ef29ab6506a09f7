import { useCallback, useEffect, useMemo, useRef, type ComponentType, type RefObject } from 'react';
import { format } from 'date-fns';
import { Link } from 'react-router-dom';
import { flagStateLabel, toneOf, VESSEL_STATUS_TONES, CERTIFICATE_BADGE_TONES } from '@medchest/domain';
import { Badge } from '../../components/ui/Badge';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { PageHeader } from '../../components/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { StatCard } from '../../components/ui/StatCard';
import {
  ActivityIcon,
  AlertIcon,
  ArrowRightIcon,
  CertificateIcon,
  DownloadIcon,
  ShieldIcon,
  ShipIcon,
} from '../../components/ui/icons';
import type { AuthUser } from '../../lib/auth';
import { formatDate } from '../../lib/dates';
import { downloadCsv } from '../../lib/csvDownload';
import { useVessels } from '../../lib/useVessels';
import { certificateExpiryCsvRows, certificateExpiryRows } from './certificateExpiry';
import type { DashboardStats } from '@medchest/domain';
import { useCriticalItems, useDashboardStats, useFleetCompliancePages, useRecentActivities } from '../../lib/useDashboard';
import '../../styles/dashboard.css';
import { TableScroll } from '../../components/ui/TableScroll';

const RECENT_ACTIVITY_COUNT = 10;

const STAT_CARDS: {
  key: keyof DashboardStats;
  label: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
  tone: 'navy' | 'success' | 'warning' | 'danger';
  testId: string;
}[] = [
  { key: 'totalVessels', label: 'Total Vessels', to: '/vessels', icon: ShipIcon, tone: 'navy', testId: 'stat-total-vessels' },
  { key: 'compliantVessels', label: 'Compliant Vessels', to: '/compliance', icon: ShieldIcon, tone: 'success', testId: 'stat-compliant-vessels' },
  { key: 'expiringCertificates', label: 'Expiring Certificates', to: '/certificates', icon: CertificateIcon, tone: 'warning', testId: 'stat-expiring-certificates' },
  { key: 'criticalAlerts', label: 'Critical Alerts', to: '/vessels', icon: AlertIcon, tone: 'danger', testId: 'stat-critical-alerts' },
];

function StatCards({ enabled }: { enabled: boolean }) {
  const stats = useDashboardStats(enabled);
  const failed = stats.isError;
  return (
    <div className="stat-cards">
      <div className="stat-grid">
        {STAT_CARDS.map(({ key, label, to, icon, tone, testId }) => (
          <StatCard
            key={key}
            label={label}
            value={stats.data?.[key] ?? '—'}
            icon={icon}
            tone={tone}
            testId={testId}
            to={to}
            loading={stats.isLoading}
            failed={failed}
          />
        ))}
      </div>
      {failed && (
        <ErrorState testId="stats-error">
          <span className="state__inline">
            <AlertIcon size={16} /> Failed to load dashboard statistics
          </span>
        </ErrorState>
      )}
    </div>
  );
}

/**
 * Asks for the next page as the last line shown comes near the bottom of the window, so a long
 * fleet reads on as the page scrolls (no box of its own: issue 15 took the fixed-height scroll
 * boxes away); the button below does the same.
 */
function useLoadOnScroll(list: RefObject<HTMLUListElement | null>, shown: number, more: boolean, loadMore: () => void) {
  useEffect(() => {
    const last = list.current?.lastElementChild;
    if (!more || !last || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(last);
    return () => observer.disconnect();
  }, [list, shown, more, loadMore]);
}

function FleetComplianceCard() {
  const fleet = useFleetCompliancePages();
  const items = useMemo(() => fleet.data?.pages.flatMap((page) => page.items) ?? [], [fleet.data]);
  const list = useRef<HTMLUListElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = fleet;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);
  useLoadOnScroll(list, items.length, hasNextPage, loadMore);
  let body;
  if (fleet.isLoading) body = <LoadingState>Loading fleet status...</LoadingState>;
  else if (fleet.isError) body = <ErrorState testId="fleet-compliance-error">Failed to load fleet status</ErrorState>;
  else if (items.length === 0)
    body = (
      <EmptyState
        title="No vessels found. Add your first vessel"
        testId="fleet-compliance-empty"
        action={
          <ButtonLink to="/vessels" size="sm">
            Go to Vessels
          </ButtonLink>
        }
      />
    );
  else
    body = (
      <>
        <ul className="scroll-list" data-testid="fleet-compliance-list" ref={list}>
          {items.map((item) => (
            <li key={item.id}>
              <Link to={`/vessels/${item.id}`} className="list-row">
                <span className="list-row__main">
                  <span className="list-row__title">{item.vesselName}</span>
                  <span className="list-row__meta">
                    IMO {item.imoNumber} · {flagStateLabel(item.flagState)}
                    {item.fleet ? ` · ${item.fleet}` : ''}
                    {item.crewSizeCategory ? ` · ${item.crewSizeCategory} crew` : ''}
                  </span>
                </span>
                <Badge tone={toneOf(VESSEL_STATUS_TONES, item.complianceStatus)}>{item.complianceStatus}</Badge>
              </Link>
            </li>
          ))}
        </ul>
        {hasNextPage && (
          <div className="fleet-compliance__more">
            <Button variant="secondary" size="sm" onClick={loadMore} disabled={isFetchingNextPage} data-testid="fleet-compliance-more">
              {isFetchingNextPage ? 'Loading...' : 'Show more vessels'}
            </Button>
          </div>
        )}
      </>
    );
  return (
    <Card title="Fleet Compliance Status" id="fleet-compliance" testId="fleet-compliance">
      {body}
    </Card>
  );
}

function RecentActivityCard() {
  const activities = useRecentActivities();
  const recent = (activities.data ?? []).slice(0, RECENT_ACTIVITY_COUNT);
  let body;
  if (activities.isLoading) body = <LoadingState>Loading activity...</LoadingState>;
  else if (activities.isError) body = <ErrorState testId="activity-error">Failed to load activity</ErrorState>;
  else if (recent.length === 0) body = <EmptyState title="No recent activity" testId="activity-empty" />;
  else
    body = (
      <ul className="scroll-list activity-list" data-testid="recent-activity-list">
        {recent.map((activity) => (
          <li key={activity.id} className="activity-item">
            <span className="activity-item__icon">
              <ActivityIcon size={16} />
            </span>
            <span className="activity-item__text">
              <span className="activity-item__description">{activity.description}</span>
              <span className="list-row__meta">
                {activity.vessel?.vesselName ? `${activity.vessel.vesselName} · ` : ''}
                {formatDate(activity.createdAt)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <Card
      title="Recent Activity"
      id="recent-activity"
      testId="recent-activity"
      actions={
        <Link to="/activity" className="card-link">
          View all <ArrowRightIcon size={14} />
        </Link>
      }
    >
      {body}
    </Card>
  );
}

function CertificateExpiryCard() {
  const vessels = useVessels();
  const today = useMemo(() => new Date(), []);
  const rows = useMemo(() => certificateExpiryRows(vessels.data ?? [], today), [vessels.data, today]);
  let body;
  if (vessels.isLoading) body = <LoadingState>Loading vessels...</LoadingState>;
  else if (vessels.isError) body = <ErrorState testId="expiry-error">Failed to load vessels</ErrorState>;
  else if (rows.length === 0) body = <EmptyState title="No vessels found" testId="expiry-empty" />;
  else
    body = (
      <TableScroll label="Certificate expiry">
        <table className="table table--nowrap" data-testid="certificate-expiry-table">
          <thead>
            <tr>
              <th scope="col">Vessel</th>
              <th scope="col">Fleet</th>
              <th scope="col">Company</th>
              <th scope="col">Expiry Date</th>
              <th scope="col">Days Left</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="expiry-row">
                <td>
                  <Link to={`/vessels/${row.id}`} className="strong-link">
                    {row.vesselName}
                  </Link>
                </td>
                <td>{row.fleet}</td>
                <td>{row.company}</td>
                <td>{row.expiryDate}</td>
                <td className={row.daysLeft !== null && row.daysLeft < 0 ? 'text-danger' : undefined}>
                  {row.daysLeftText}
                </td>
                <td>
                  <Badge tone={CERTIFICATE_BADGE_TONES[row.badge]}>{row.badge}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    );
  return (
    <Card
      title="Vessel Certificate Expiry"
      id="certificate-expiry"
      testId="certificate-expiry"
      description="Medical chest certificates, soonest expiry first."
      actions={
        <>
          <Button
            variant="secondary"
            size="sm"
            icon={<DownloadIcon size={15} />}
            disabled={rows.length === 0}
            onClick={() =>
              void downloadCsv(`certificate-expiry-report-${format(today, 'yyyy-MM-dd')}.csv`, certificateExpiryCsvRows(rows))
            }
          >
            Export Report
          </Button>
          <ButtonLink to="/certificates" size="sm" icon={<CertificateIcon size={15} />}>
            Manage Certificates
          </ButtonLink>
        </>
      }
    >
      {body}
    </Card>
  );
}

/** The fleet dashboard at / and /dashboard (spec 000 §2). */
export function DashboardPage({ user }: { user: AuthUser }) {
  useCriticalItems();
  return (
    <div className="page">
      <PageHeader
        title="Fleet Dashboard"
        subtitle={`Welcome back${user.firstName ? `, ${user.firstName}` : ''}. Here is where your fleet's medical chests stand today.`}
      />
      <StatCards enabled />
      <div className="dashboard-grid">
        <FleetComplianceCard />
        <RecentActivityCard />
      </div>
      <CertificateExpiryCard />
    </div>
  );
}
