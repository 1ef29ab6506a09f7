import { useMemo, useState } from 'react';
import { flagStateLabel, toneOf, VESSEL_STATUS_TONES } from '@medchest/domain';
import { FleetScaleNote } from '../../components/scale/FleetScaleNote';
import { Badge } from '../../components/ui/Badge';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { PageHeader } from '../../components/ui/PageHeader';
import { StatCard } from '../../components/ui/StatCard';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { AlertIcon, BoxIcon, ShieldIcon } from '../../components/ui/icons';
import { NOT_SPECIFIED } from '../../lib/texts';
import { useDashboardStats, useFleetCompliance } from '../../lib/useDashboard';
import { searchVessels } from './vesselSearch';
import '../../styles/dashboard.css';
import './inventory-overview.css';

function InventoryStats() {
  const stats = useDashboardStats(true);
  const common = { loading: stats.isLoading, failed: stats.isError };
  const s = stats.data;
  return (
    <div className="stat-cards">
      <div className="stat-grid stat-grid--three" data-testid="inventory-stats">
        <StatCard label="Total Items" value={s?.totalInventoryItems ?? '—'} icon={BoxIcon} tone="navy" testId="inventory-stat-total-items" {...common}>
          <span className="stat-card__caption">Batches on board across the fleet</span>
        </StatCard>
        <StatCard label="Critical Items" value={s?.criticalAlerts ?? '—'} icon={AlertIcon} tone="danger" testId="inventory-stat-critical-items" {...common}>
          <span className="stat-card__caption">Required items with nothing on board</span>
        </StatCard>
        <StatCard
          label="Compliant Vessels"
          value={s ? `${s.compliantVessels} / ${s.totalVessels}` : '—'}
          icon={ShieldIcon}
          tone="success"
          testId="inventory-stat-compliant-vessels"
          {...common}
        >
          <span className="stat-card__caption">Meeting the scale, nothing expiring soon</span>
        </StatCard>
      </div>
      {stats.isError && (
        <ErrorState testId="inventory-stats-error">
          <span className="state__inline">
            <AlertIcon size={16} /> Failed to load inventory statistics
          </span>
        </ErrorState>
      )}
    </div>
  );
}

function VesselList() {
  const fleet = useFleetCompliance();
  const [search, setSearch] = useState('');
  const vessels = useMemo(() => searchVessels(fleet.data ?? [], search), [fleet.data, search]);

  let body;
  if (fleet.isLoading) body = <LoadingState>Loading vessels...</LoadingState>;
  else if (fleet.isError) body = <ErrorState testId="inventory-vessels-error">Failed to load vessels</ErrorState>;
  else if (!fleet.data?.length)
    body = (
      <EmptyState
        title="No vessels found"
        testId="inventory-vessels-empty"
        action={
          <ButtonLink to="/vessels" size="sm">
            Go to Vessels
          </ButtonLink>
        }
      />
    );
  else if (vessels.length === 0)
    body = (
      <EmptyState
        title={`No vessels match "${search.trim()}"`}
        testId="inventory-vessels-no-match"
        action={
          <Button variant="secondary" size="sm" onClick={() => setSearch('')}>
            Clear search
          </Button>
        }
      >
        Search by vessel name or IMO number.
      </EmptyState>
    );
  else
    body = (
      <ul className="scroll-list inventory-vessels" data-testid="inventory-vessel-list">
        {vessels.map((item) => (
          <li key={item.id} className="list-row inventory-vessel" data-testid="inventory-vessel" data-vessel-id={item.id}>
            <span className="list-row__main">
              <span className="list-row__title" data-testid="inventory-vessel-name">
                {item.vesselName}
              </span>
              <span className="list-row__meta">
                <span data-testid="inventory-vessel-imo">IMO {item.imoNumber}</span> · {flagStateLabel(item.flagState)} ·{' '}
                {item.fleet || NOT_SPECIFIED}
              </span>
            </span>
            <span className="inventory-vessel__actions">
              <Badge tone={toneOf(VESSEL_STATUS_TONES, item.complianceStatus)} testId="inventory-vessel-status">
                {item.complianceStatus}
              </Badge>
              <ButtonLink to={`/inventory/${item.id}`} size="sm" icon={<BoxIcon size={14} />} aria-label={`Manage inventory of ${item.vesselName}`}>
                Manage Inventory
              </ButtonLink>
            </span>
          </li>
        ))}
      </ul>
    );

  return (
    <Card title="Vessels" id="inventory-vessels" testId="inventory-vessels">
      <div className="inventory-overview-toolbar">
        <input
          type="search"
          aria-label="Search vessels by name or IMO"
          className="inventory-overview-search"
          placeholder="Search by vessel name or IMO..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="inventory-vessel-search"
        />
        {fleet.data && fleet.data.length > 0 && (
          <span className="text-muted inventory-overview-count" data-testid="inventory-vessel-count">
            {vessels.length} of {fleet.data.length} vessels
          </span>
        )}
      </div>
      {body}
    </Card>
  );
}

/** /inventory: the medical stock of the whole fleet, one entry per vessel (spec 000 §2 "Inventory overview"). */
export function InventoryOverviewPage() {
  return (
    <div className="page">
      <PageHeader
        title="Medical Inventory"
        subtitle={
          <>
            Medical stock on board across the fleet.
            <FleetScaleNote />
          </>
        }
      />
      <InventoryStats />
      <VesselList />
    </div>
  );
}
