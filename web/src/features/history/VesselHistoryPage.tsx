import { useMemo, useState } from 'react';
import { format, parseISO } from 'date-fns';
import { Link, useParams } from 'react-router-dom';
import { historyEventLabel, isoToday } from '@medchest/domain';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { FilterSelect } from '../../components/ui/FilterSelect';
import { PageHeader } from '../../components/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { ArrowLeftIcon, CheckIcon, AlertIcon, ClockIcon } from '../../components/ui/icons';
import { serverMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { activityUserName } from '../../lib/activityView';
import { useVessel } from '../../lib/useVessels';
import { vesselQueryState } from '../../components/VesselQueryState';
import { useDownloadPscPack, useVerifyHistory, useVesselHistory, useVesselHistoryTypes, type HistoryVerification } from './useVesselHistory';
import './history.css';

const shown = (value: string | number | boolean | null) => (value === null ? '—' : String(value));

function VerificationResult({ result }: { result: HistoryVerification }) {
  if (result.verified) {
    return (
      <p className="history-verify history-verify--ok" role="status" data-testid="history-verified">
        <CheckIcon size={16} /> Verified: {result.events} events, unbroken since {formatDate(result.since) ?? '—'}
      </p>
    );
  }
  const broken = result.firstBroken!;
  return (
    <div className="history-verify history-verify--broken" role="alert" data-testid="history-broken">
      <p>
        <AlertIcon size={16} /> The history does not verify. First entry that does not match:{' '}
        <strong>{broken.type ? historyEventLabel(broken.type) : 'a missing event'}</strong>
        {broken.occurredAt && ` of ${formatDate(broken.occurredAt)}`}, stream {broken.streamId} position {broken.revision}
        {broken.eventId && ` (event ${broken.eventId})`}: {broken.reason}.
      </p>
    </div>
  );
}

/** /vessels/{id}/history: everything that happened to a vessel, for fleet managers, admins and auditors. */
export function VesselHistoryPage() {
  const { vesselId = '' } = useParams();
  const vessel = useVessel(vesselId);
  const [type, setType] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const today = useMemo(() => isoToday(), []);
  const [chestDay, setChestDay] = useState('');
  const [packDay, setPackDay] = useState(today);
  const pscPack = useDownloadPscPack(vesselId);
  const types = useVesselHistoryTypes(vesselId);
  const history = useVesselHistory(vesselId, { type, from, to });
  const verify = useVerifyHistory(vesselId);
  const entries = useMemo(() => history.data?.pages.flatMap((p) => p.entries) ?? [], [history.data]);
  const total = history.data?.pages[0]?.total ?? 0;

  const back = (
    <ButtonLink to={`/vessels/${vesselId}`} variant="ghost" size="sm" icon={<ArrowLeftIcon size={16} />}>
      Back to Vessel
    </ButtonLink>
  );
  const pending = vesselQueryState(vessel, back);
  if (pending || !vessel.data) return pending;

  let timeline;
  if (history.isLoading) timeline = <LoadingState>Loading history...</LoadingState>;
  else if (history.isError) timeline = <ErrorState>{serverMessage(history.error) ?? 'Failed to load the history'}</ErrorState>;
  else if (entries.length === 0) timeline = <EmptyState title="No history entries found" icon={<ClockIcon size={28} />} testId="history-empty" />;
  else
    timeline = (
      <>
        <ol className="history-timeline" data-testid="history-timeline">
          {entries.map((entry) => {
            const day = entry.occurredAt.slice(0, 10);
            return (
              <li key={entry.eventId} className="history-entry" data-testid="history-entry" data-type={entry.type}>
                <div className="history-entry__head">
                  <strong>{historyEventLabel(entry.type)}</strong>
                  <time dateTime={entry.occurredAt}>
                    {formatDate(entry.occurredAt)} {format(parseISO(entry.occurredAt), 'HH:mm')}
                  </time>
                </div>
                <p className="history-entry__summary">{entry.summary}</p>
                {entry.changes.length > 0 && (
                  <table className="history-changes">
                    <thead>
                      <tr>
                        <th scope="col">Value</th>
                        <th scope="col">Before</th>
                        <th scope="col">After</th>
                      </tr>
                    </thead>
                    <tbody>
                      {entry.changes.map((c) => (
                        <tr key={c.field}>
                          <td>{c.field}</td>
                          <td>{shown(c.before)}</td>
                          <td>{shown(c.after)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                <div className="history-entry__meta">
                  <span>By {activityUserName(entry.user)}</span>
                  <span aria-hidden="true"> · </span>
                  <Link to={`/inventory/${vesselId}?asOf=${day}`}>Chest on {formatDate(entry.occurredAt)}</Link>
                </div>
              </li>
            );
          })}
        </ol>
        {history.hasNextPage && (
          <div className="history-more">
            <Button variant="secondary" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
              {history.isFetchingNextPage ? 'Loading...' : 'Show older entries'}
            </Button>
          </div>
        )}
      </>
    );

  return (
    <div className="page">
      <PageHeader
        before={back}
        title={`History of ${vessel.data.vesselName}`}
        subtitle={`IMO ${vessel.data.imoNumber} · everything that happened to the vessel, its chest, certificates and orders`}
      />
      <Card title="Integrity" description="Checks the hash chain of every record of this vessel and the signed checkpoints." testId="history-integrity">
        <div className="history-actions">
          <Button onClick={() => verify.mutate()} disabled={verify.isPending} icon={<CheckIcon size={16} />}>
            {verify.isPending ? 'Verifying...' : 'Verify history'}
          </Button>
        </div>
        {verify.data && <VerificationResult result={verify.data} />}
        {verify.isError && <ErrorState>{serverMessage(verify.error) ?? 'Failed to verify the history'}</ErrorState>}
      </Card>
      <Card title="The chest on a past day" testId="history-chest-day">
        <div className="history-actions">
          <div className="filter">
            <label htmlFor="history-chest-day" className="filter__label">
              Date
            </label>
            <input id="history-chest-day" type="date" max={today} value={chestDay} onChange={(e) => setChestDay(e.target.value)} />
          </div>
          <ButtonLink to={`/inventory/${vesselId}${chestDay ? `?asOf=${chestDay}` : ''}`} variant="secondary" aria-disabled={!chestDay}>
            View the chest on this day
          </ButtonLink>
        </div>
      </Card>
      <Card
        title="Port state control pack"
        description="One PDF for the chosen day: the chest as it stood, the certificate in force, open orders, usage of the 90 days before and the history it was built from."
        testId="history-psc-pack"
      >
        <form
          className="history-actions"
          onSubmit={(e) => {
            e.preventDefault();
            if (packDay) pscPack.mutate(packDay);
          }}
        >
          <div className="filter">
            <label htmlFor="history-psc-pack-day" className="filter__label">
              Pack date
            </label>
            <input id="history-psc-pack-day" type="date" max={today} value={packDay} onChange={(e) => setPackDay(e.target.value)} required />
          </div>
          <Button type="submit" variant="secondary" disabled={!packDay || pscPack.isPending}>
            {pscPack.isPending ? 'Preparing...' : 'Download PSC pack'}
          </Button>
        </form>
        {pscPack.isError && <ErrorState>{serverMessage(pscPack.error) ?? 'Failed to prepare the PSC pack'}</ErrorState>}
      </Card>
      <div className="card">
        <div className="filters" role="group" aria-label="Filter the history">
          <FilterSelect
            id="history-filter-type"
            label="Type"
            allLabel="All types"
            allValue=""
            value={type}
            onChange={setType}
            options={(types.data ?? []).map((t) => ({ value: t, label: historyEventLabel(t) }))}
          />
          <div className="filter">
            <label htmlFor="history-from" className="filter__label">
              From
            </label>
            <input id="history-from" type="date" max={to || today} value={from} onChange={(e) => setFrom(e.target.value)} />
          </div>
          <div className="filter">
            <label htmlFor="history-to" className="filter__label">
              To
            </label>
            <input id="history-to" type="date" min={from || undefined} max={today} value={to} onChange={(e) => setTo(e.target.value)} />
          </div>
        </div>
        {!history.isLoading && !history.isError && (
          <p className="history-count" data-testid="history-count">
            Showing {entries.length} of {total} entries
          </p>
        )}
        {timeline}
      </div>
    </div>
  );
}
