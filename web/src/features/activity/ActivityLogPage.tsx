import { useEffect, useMemo, useState } from 'react';
import { format, parseISO } from 'date-fns';
import {
  ACTIVITY_PAGE_SIZES,
  ACTIVITY_TYPE_LABELS,
  ACTIVITY_TYPES,
  activityMetadataLines,
  activityTypeLabel,
  DEFAULT_ACTIVITY_PAGE_SIZE,
} from '@medchest/domain';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { FilterSelect } from '../../components/ui/FilterSelect';
import { PageHeader } from '../../components/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { ActivityIcon } from '../../components/ui/icons';
import { serverMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { useVessels } from '../../lib/useVessels';
import { activityLook, activityUserName } from '../../lib/activityView';
import { useActivityLog } from './useActivityLog';
import './activity.css';

const SEARCH_DELAY_MS = 300;

/** The text typed, settled: the server is asked once the user pauses. */
function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** /activity: everything that happened across the fleet (spec 001 §2 Activity log page). */
export function ActivityLogPage() {
  const [searchText, setSearchText] = useState('');
  const [vesselId, setVesselId] = useState('');
  const [type, setType] = useState('');
  const [limit, setLimit] = useState<number>(DEFAULT_ACTIVITY_PAGE_SIZE);
  const search = useSettled(searchText, SEARCH_DELAY_MS);
  const vessels = useVessels();
  const log = useActivityLog({ search, vesselId, type, limit });
  const lines = useMemo(() => log.data?.pages.flatMap((page) => page.activities) ?? [], [log.data]);
  const total = log.data?.pages[0]?.total ?? 0;

  let content;
  if (log.isLoading) content = <LoadingState>Loading activity...</LoadingState>;
  else if (log.isError) content = <ErrorState testId="activity-log-error">{serverMessage(log.error) ?? 'Failed to load activity'}</ErrorState>;
  else if (lines.length === 0) content = <EmptyState title="No activities found" icon={<ActivityIcon size={28} />} testId="activity-log-empty" />;
  else
    content = (
      <>
        <ul className="activity-log" data-testid="activity-log-list">
          {lines.map((line) => {
            const { icon: Icon, tone } = activityLook(line.activityType);
            const metadata = activityMetadataLines(line.metadata ?? {}, (day) => formatDate(day) ?? day);
            const at = parseISO(line.createdAt);
            return (
              <li key={line.id} className="activity-log__row" data-testid="activity-row" data-type={line.activityType}>
                <span className={`activity-log__icon activity-log__icon--${tone}`} aria-hidden="true">
                  <Icon size={18} />
                </span>
                <div className="activity-log__body">
                  <div className="activity-log__head">
                    <span className="activity-log__description">{line.description}</span>
                    <Badge tone={tone} testId="activity-type-badge">
                      {activityTypeLabel(line.activityType)}
                    </Badge>
                  </div>
                  {line.vessel?.vesselName && <div className="activity-log__vessel">{line.vessel.vesselName}</div>}
                  {metadata.length > 0 && (
                    <ul className="activity-log__metadata">
                      {metadata.map((text) => (
                        <li key={text}>{text}</li>
                      ))}
                    </ul>
                  )}
                  <div className="activity-log__meta">
                    <span data-testid="activity-user">{activityUserName(line.user)}</span>
                    <span aria-hidden="true"> · </span>
                    <time dateTime={line.createdAt}>
                      {formatDate(line.createdAt)} {format(at, 'HH:mm')}
                    </time>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
        {log.hasNextPage && (
          <div className="activity-log__more">
            <Button variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
              {log.isFetchingNextPage ? 'Loading...' : 'Show older activities'}
            </Button>
          </div>
        )}
      </>
    );

  return (
    <div className="page">
      <PageHeader title="Activity Log" subtitle="Everything that happened across the fleet, newest first." />
      <div className="card">
        <div className="filters activity-log__filters" role="group" aria-label="Filter activities">
          <div className="filter activity-log__search">
            <label htmlFor="activity-search" className="filter__label">
              Search
            </label>
            <input
              id="activity-search"
              type="search"
              placeholder="Search activities..."
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              data-testid="activity-search"
            />
          </div>
          <FilterSelect
            id="activity-filter-vessel"
            label="Vessel"
            allLabel="All vessels"
            allValue=""
            value={vesselId}
            onChange={setVesselId}
            options={(vessels.data ?? []).map((v) => ({ value: v.id, label: v.vesselName }))}
          />
          <FilterSelect
            id="activity-filter-type"
            label="Type"
            allLabel="All types"
            allValue=""
            value={type}
            onChange={setType}
            options={ACTIVITY_TYPES.map((t) => ({ value: t, label: ACTIVITY_TYPE_LABELS[t] }))}
          />
          <FilterSelect
            id="activity-limit"
            label="Show"
            value={String(limit)}
            onChange={(value) => setLimit(Number(value))}
            options={ACTIVITY_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
          />
        </div>
        {!log.isLoading && !log.isError && (
          <p className="activity-log__count" data-testid="activity-count" aria-live="polite">
            Showing {lines.length} of {total} activities
          </p>
        )}
        {content}
      </div>
    </div>
  );
}
