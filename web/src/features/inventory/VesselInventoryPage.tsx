import { useCanEditFleet } from '../../lib/auth';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { flagStateLabel, isoToday } from '@medchest/domain';
import { Badge } from '../../components/ui/Badge';
import { Button, ButtonLink } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { ArrowLeftIcon, ClockIcon, FlagIcon } from '../../components/ui/icons';
import { formatDate } from '../../lib/dates';
import { ScaleProvenance } from '../../components/scale/ScaleProvenance';
import { useVessel } from '../../lib/useVessels';
import { vesselQueryState } from '../../components/VesselQueryState';
import { BulkInputTab } from './BulkInputTab';
import { CsvUploadTab } from './CsvUploadTab';
import { CurrentInventoryTab } from './CurrentInventoryTab';
import { asOfParam } from '../../lib/inventoryView';
import './inventory.css';

const TABS = [
  { id: 'current', label: 'Current Inventory' },
  { id: 'csv', label: 'CSV Upload' },
  { id: 'bulk', label: 'Bulk Input' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function BackToVessels() {
  return (
    <ButtonLink to="/vessels" variant="ghost" size="sm" icon={<ArrowLeftIcon size={16} />}>
      Back to Vessels
    </ButtonLink>
  );
}

/** /inventory/{vesselId}: the medical chest of one vessel (spec 000 §2). */
export function VesselInventoryPage() {
  const { vesselId = '' } = useParams();
  const vessel = useVessel(vesselId);
  const [tab, setTab] = useState<TabId>('current');
  const canEdit = useCanEditFleet();
  // ?asOf=YYYY-MM-DD opens the chest as of that day (the vessel history links here).
  const [searchParams] = useSearchParams();
  const [picked, setPicked] = useState(() => searchParams.get('asOf') ?? '');
  const today = useMemo(() => isoToday(), []);
  const asOf = asOfParam(picked, today);

  const pending = vesselQueryState(vessel, <BackToVessels />);
  if (pending || !vessel.data) return pending;

  const v = vessel.data;
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = TABS.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(at + step + TABS.length) % TABS.length];
    setTab(next.id);
    document.getElementById(`inventory-tab-${next.id}`)?.focus();
  };

  return (
    <div className="page">
      <PageHeader
        before={<BackToVessels />}
        title={
          <span className="title-with-badge">
            <span data-testid="inventory-vessel-name">{v.vesselName}</span>
            <Badge tone="navy" testId="flag-badge">
              <FlagIcon size={13} /> {flagStateLabel(v.flagState)}
            </Badge>
          </span>
        }
        subtitle={
          <>
            <span data-testid="inventory-vessel-imo">IMO {v.imoNumber}</span> · Medical Inventory
          </>
        }
      />

      <div className="tabs" role="tablist" aria-label="Inventory views" onKeyDown={onTabKey}>
        {TABS.filter((t) => canEdit || t.id === 'current').map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`inventory-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`inventory-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className={`tabs__tab${tab === t.id ? ' tabs__tab--active' : ''}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>

      {/* Every panel stays mounted, so typed bulk rows or an upload result survive a tab switch. */}
      <div role="tabpanel" id="inventory-panel-current" aria-labelledby="inventory-tab-current" hidden={tab !== 'current'}>
        <div className="as-of">
          <div className="as-of__picker">
            <label htmlFor="inventory-as-of" className="filter__label">
              View as of
            </label>
            <input
              id="inventory-as-of"
              type="date"
              max={today}
              value={picked}
              onChange={(e) => setPicked(e.target.value)}
              data-testid="as-of-date"
            />
          </div>
        </div>
        {asOf && (
          <div className="banner banner--info as-of-banner" role="status" data-testid="as-of-banner">
            <ClockIcon size={20} />
            <div className="banner__content">
              <p className="banner__title">Showing the chest as it was on {formatDate(asOf)}</p>
              <p>Past quantities and statuses; editing is off until you return to today.</p>
            </div>
            <Button variant="secondary" size="sm" onClick={() => setPicked('')}>
              Back to today
            </Button>
          </div>
        )}
        <ScaleProvenance vesselId={vesselId} asOf={asOf} testId="current-scale-provenance" />
        <CurrentInventoryTab vesselId={vesselId} asOf={asOf} onAddFirstItem={() => setTab('bulk')} />
      </div>
      <div role="tabpanel" id="inventory-panel-csv" aria-labelledby="inventory-tab-csv" hidden={tab !== 'csv'}>
        <CsvUploadTab vesselId={vesselId} />
      </div>
      <div role="tabpanel" id="inventory-panel-bulk" aria-labelledby="inventory-tab-bulk" hidden={tab !== 'bulk'}>
        <ScaleProvenance vesselId={vesselId} testId="bulk-scale-provenance" />
        <BulkInputTab vesselId={vesselId} />
      </div>
    </div>
  );
}
