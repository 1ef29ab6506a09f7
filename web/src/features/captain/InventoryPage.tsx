import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { CAPTAIN_INVENTORY_NO_VESSEL } from '@medchest/domain/user/captainTexts';
import { ITEM_STATUS_LABELS, type ItemStatus } from '@medchest/domain/compliance/status';
import { BATCH_QUANTITY_MESSAGES, BATCH_QUANTITY_UPDATE_FAILED_TOAST, BATCH_USAGE_MESSAGES } from '@medchest/domain/inventory/messages';
import { isoToday } from '@medchest/domain/shared/dates';
import { formatDate } from '../../lib/dates';
import type { VolumeRequirementRow } from '@medchest/domain/compliance/requirementRow';
import type { BatchAnswer } from '@medchest/domain/contracts/inventory';
import { captainApi, messageOf } from './captainApi';
import { CaptainLayout } from './CaptainLayout';
import { enqueue, onQueueChange, type ChangeOutcome } from './offlineQueue';
import { useLoad } from './useLoad';

/**
 * Captain inventory (spec 001 §2, §5): Current Inventory (search over the scale, a row per item
 * that opens onto its batches, inline quantity edit, usage) and Add Inventory (a new batch).
 * Counts and usage go through the device's queue, so they survive a dropped connection.
 */
export function InventoryPage({ vesselId, onSignOut }: { vesselId: string | null; onSignOut: () => void }) {
  const vessel = useLoad(() => captainApi.vessel(), [vesselId]);
  const rows = useLoad(() => (vesselId ? captainApi.requirements(vesselId) : Promise.resolve([])), [vesselId]);
  const batches = useLoad(() => (vesselId ? captainApi.batches(vesselId) : Promise.resolve([])), [vesselId]);
  const [tab, setTab] = useState<'current' | 'add'>('current');
  const { reload: reloadBatches } = batches;
  const { reload: reloadRows } = rows;

  // Whatever the queue sent (or learned) is reflected in the figures shown.
  useEffect(() => onQueueChange(() => navigator.onLine && (reloadBatches(), reloadRows())), [reloadBatches, reloadRows]);

  if (!vesselId || vessel.error) {
    return (
      <CaptainLayout onSignOut={onSignOut}>
        <p className="captain-error" role="alert" data-testid="captain-no-vessel">
          {CAPTAIN_INVENTORY_NO_VESSEL}
        </p>
      </CaptainLayout>
    );
  }
  return (
    <CaptainLayout vessel={vessel.data} onSignOut={onSignOut}>
      <div className="captain-tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'current'} className="captain-tab captain-touch" onClick={() => setTab('current')}>
          Current Inventory
        </button>
        <button type="button" role="tab" aria-selected={tab === 'add'} className="captain-tab captain-touch" onClick={() => setTab('add')}>
          Add Inventory
        </button>
      </div>
      {rows.data && batches.data && (rows.error !== undefined || batches.error !== undefined) && (
        // A refresh failed (offline, say): what was loaded stays on screen, open item and search too.
        <p className="captain-small" role="status" data-testid="inventory-stale">
          Could not refresh the inventory: the figures below are from the last successful load.
        </p>
      )}
      {(rows.error && !rows.data) || (batches.error && !batches.data) ? (
        <p className="captain-error" role="alert">
          {messageOf(rows.data ? batches.error : rows.error, 'The inventory could not be loaded.')}
        </p>
      ) : !rows.data || !batches.data ? (
        <p className="muted">Loading inventory...</p>
      ) : tab === 'current' ? (
        <CurrentInventory vesselId={vesselId} rows={rows.data} batches={batches.data} />
      ) : (
        <AddInventory
          vesselId={vesselId}
          rows={rows.data}
          onAdded={() => {
            reloadBatches();
            reloadRows();
            setTab('current');
          }}
        />
      )}
    </CaptainLayout>
  );
}

function CurrentInventory({ vesselId, rows, batches }: { vesselId: string; rows: VolumeRequirementRow[]; batches: BatchAnswer[] }) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string | undefined>();
  const shown = useMemo(() => {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return rows.filter((row) => words.every((word) => `${row.scaleId} ${row.scaleDescription} ${row.section}`.toLowerCase().includes(word)));
  }, [rows, query]);
  return (
    <>
      <label className="captain-field">
        <span>Search the scale</span>
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Item name or scale id" />
      </label>
      <p className="captain-small" data-testid="inventory-count">
        {shown.length} of {rows.length} items
      </p>
      {shown.length === 0 && <p className="muted">No items match your search.</p>}
      <ul className="captain-items">
        {shown.map((row) => {
          const itemBatches = batches.filter((batch) => batch.scaleId === row.scaleId);
          const expanded = open === row.scaleId;
          return (
            <li key={row.scaleId} className="captain-item" data-testid="captain-item">
              <button
                type="button"
                className="captain-row-button captain-touch"
                aria-expanded={expanded}
                onClick={() => setOpen(expanded ? undefined : row.scaleId)}
              >
                <strong>
                  {row.scaleId} · {row.scaleDescription}
                </strong>
                <span>
                  On board {row.actualQuantity} · required {row.requirement} ·{' '}
                  <span className={`captain-status captain-status--${row.complianceStatus}`}>{Object.hasOwn(ITEM_STATUS_LABELS, row.complianceStatus) ? ITEM_STATUS_LABELS[row.complianceStatus as ItemStatus] : 'Unknown'}</span>
                </span>
              </button>
              {expanded && (
                <div className="captain-batches">
                  {itemBatches.length === 0 ? (
                    <p className="muted">No batches on board. Add one on the Add Inventory tab.</p>
                  ) : (
                    itemBatches.map((batch) => <BatchRow key={batch.id} vesselId={vesselId} batch={batch} label={`${row.scaleId} batch ${batch.batchNumber}`} />)
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** What the captain is told under the batch: only what really happened to the change. */
function outcomeNotice(outcome: ChangeOutcome, sent: string): string {
  if (outcome === 'sent') return sent;
  if (outcome === 'pending') return 'Saved on this device; it will be sent when you are back online';
  return 'Not saved yet: see the message at the top of the page';
}

function BatchRow({ vesselId, batch, label }: { vesselId: string; batch: BatchAnswer; label: string }) {
  const [quantity, setQuantity] = useState(String(batch.quantityOnBoard));
  const [error, setError] = useState<string | undefined>();
  const [usage, setUsage] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  useEffect(() => setQuantity(String(batch.quantityOnBoard)), [batch.quantityOnBoard]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const value = Number(quantity);
    if (quantity.trim() === '') return setError(BATCH_QUANTITY_MESSAGES.required);
    if (!Number.isInteger(value)) return setError(BATCH_QUANTITY_MESSAGES.wholeNumber);
    if (value < 0) return setError(BATCH_QUANTITY_MESSAGES.min);
    setError(undefined);
    try {
      const outcome = await enqueue({ kind: 'quantity', vesselId, batchId: batch.id, label, quantityOnBoard: value, version: batch.version });
      setNotice(outcomeNotice(outcome, 'Saved'));
    } catch {
      setError(BATCH_QUANTITY_UPDATE_FAILED_TOAST);
    }
  }

  return (
    <div className="captain-batch" data-testid="captain-batch">
      <p>
        <strong>Batch {batch.batchNumber}</strong>
        {batch.productName ? ` · ${batch.productName}` : ''} · expires {formatDate(batch.expiryDate) ?? 'not set'}
      </p>
      {batch.conditionNotes && <p className="captain-small">{batch.conditionNotes}</p>}
      <form className="captain-inline" onSubmit={save} noValidate>
        <label className="captain-field captain-field--inline">
          <span>Quantity on board</span>
          <input
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            aria-invalid={error ? true : undefined}
            data-testid="batch-quantity"
          />
        </label>
        <button type="submit" className="btn btn--primary btn--md captain-touch">
          Save
        </button>
        <button type="button" className="btn btn--outline btn--md captain-touch" onClick={() => setUsage(!usage)} aria-expanded={usage}>
          Record usage
        </button>
      </form>
      {error && (
        <p className="captain-error" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="captain-small" role="status">
          {notice}
        </p>
      )}
      {usage && (
        <UsageForm
          onRecord={async (entry) => {
            const outcome = await enqueue({ kind: 'usage', vesselId, batchId: batch.id, label, version: batch.version, ...entry });
            setUsage(false);
            setNotice(outcomeNotice(outcome, 'Usage recorded'));
          }}
        />
      )}
    </div>
  );
}

function UsageForm({ onRecord }: { onRecord: (entry: { quantityUsed: number; reason: string; crewMemberName: string; usageDate: string }) => Promise<void> }) {
  const [quantityUsed, setQuantityUsed] = useState('1');
  const [reason, setReason] = useState('');
  const [crewMemberName, setCrewMemberName] = useState('');
  const [usageDate, setUsageDate] = useState(() => isoToday());
  const [error, setError] = useState<string | undefined>();
  async function submit(event: FormEvent) {
    event.preventDefault();
    // The domain's messages; its schema checks again on the server. The form stays in the first
    // bundle (no zod) because it must open offline, where a chunk loaded on demand cannot.
    const value = Number(quantityUsed);
    if (quantityUsed.trim() === '') return setError(BATCH_USAGE_MESSAGES.quantityRequired);
    if (!Number.isInteger(value)) return setError(BATCH_USAGE_MESSAGES.quantityWhole);
    if (value < 1) return setError(BATCH_USAGE_MESSAGES.quantityMin);
    if (!reason.trim()) return setError(BATCH_USAGE_MESSAGES.reasonRequired);
    if (!usageDate) return setError(BATCH_USAGE_MESSAGES.dateRequired);
    if (usageDate > isoToday()) return setError(BATCH_USAGE_MESSAGES.dateFuture);
    setError(undefined);
    await onRecord({ quantityUsed: value, reason: reason.trim(), crewMemberName: crewMemberName.trim(), usageDate });
  }
  return (
    <form className="captain-usage" onSubmit={submit} noValidate data-testid="usage-form">
      <label className="captain-field">
        <span>Quantity used</span>
        <input type="number" min={1} step={1} inputMode="numeric" value={quantityUsed} onChange={(e) => setQuantityUsed(e.target.value)} />
      </label>
      <label className="captain-field">
        <span>Reason</span>
        <input value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <label className="captain-field">
        <span>Crew member name</span>
        <input value={crewMemberName} onChange={(e) => setCrewMemberName(e.target.value)} autoComplete="off" />
      </label>
      <label className="captain-field">
        <span>Date</span>
        <input type="date" value={usageDate} max={isoToday()} onChange={(e) => setUsageDate(e.target.value)} />
      </label>
      {error && (
        <p className="captain-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--md captain-touch captain-wide">
        Save usage
      </button>
    </form>
  );
}

function AddInventory({ vesselId, rows, onAdded }: { vesselId: string; rows: VolumeRequirementRow[]; onAdded: () => void }) {
  const [scaleId, setScaleId] = useState('');
  const [batchNumber, setBatchNumber] = useState('1');
  const [expiryDate, setExpiryDate] = useState('');
  const [quantity, setQuantity] = useState('');
  const [conditionNotes, setConditionNotes] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(quantity);
    if (!scaleId) return setError('Please select an item');
    if (!Number.isInteger(value) || value < 1) return setError('Quantity must be a whole number of at least 1');
    if (!expiryDate) return setError('Expiry date is required');
    setBusy(true);
    setError(undefined);
    try {
      const result = await captainApi.addBatch(vesselId, {
        scaleId,
        batchNumber: Number(batchNumber) || 1,
        expiryDate,
        quantityOnBoard: value,
        ...(conditionNotes.trim() ? { conditionNotes: conditionNotes.trim() } : {}),
      });
      if (result.errorCount > 0) setError(result.errors.join('; '));
      else onAdded();
    } catch (e) {
      setError(messageOf(e, 'Failed to add inventory'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="captain-card" onSubmit={submit} noValidate>
      <label className="captain-field">
        <span>Item</span>
        <select value={scaleId} onChange={(e) => setScaleId(e.target.value)}>
          <option value="">Select an item</option>
          {rows.map((row) => (
            <option key={row.scaleId} value={row.scaleId}>
              {row.scaleId} · {row.scaleDescription}
            </option>
          ))}
        </select>
      </label>
      <label className="captain-field">
        <span>Batch number</span>
        <input type="number" min={1} step={1} inputMode="numeric" value={batchNumber} onChange={(e) => setBatchNumber(e.target.value)} />
      </label>
      <label className="captain-field">
        <span>Expiry date</span>
        <input type="date" value={expiryDate} onChange={(e) => setExpiryDate(e.target.value)} />
      </label>
      <label className="captain-field">
        <span>Quantity</span>
        <input type="number" min={1} step={1} inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
      </label>
      <label className="captain-field">
        <span>Condition notes</span>
        <textarea value={conditionNotes} onChange={(e) => setConditionNotes(e.target.value)} rows={3} />
      </label>
      {error && (
        <p className="captain-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--md captain-touch captain-wide" disabled={busy}>
        {busy ? 'Adding...' : 'Add to inventory'}
      </button>
    </form>
  );
}
