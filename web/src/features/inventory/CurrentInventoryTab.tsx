import { Fragment, useMemo, useState, type FormEvent } from 'react';
import {
  BATCH_QUANTITY_UPDATED_TOAST,
  BATCH_QUANTITY_UPDATE_FAILED_TOAST,
  batchQuantityPatchSchema,
  vesselStatusOfRows,
} from '@medchest/domain';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { BoxIcon, EditIcon, PlusIcon } from '../../components/ui/icons';
import { serverMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { notifyError, notifySuccess } from '../../lib/notify';
import { complianceTone } from '../dashboard/complianceTone';
import {
  batchesByItem,
  filterRows,
  ITEM_FILTERS,
  itemFilterCounts,
  matchesItemFilter,
  requiredText,
  statusBadge,
  type ItemFilter,
} from './inventoryView';
import type { InventoryBatch, VolumeRequirementRow } from './types';
import { useInventoryBatches, useUpdateBatchQuantity, useVolumeRequirements } from './useInventory';

const NO_DATE = '—';
const DEFAULT_CONDITION = 'Good';

/**
 * Current Inventory (spec 000 §2): the vessel's scale items with required and counted quantities
 * and a status; a row opens its batches, whose quantity can be edited in place. With `asOf` the
 * requirements are the chest as it stood that day and nothing can be edited.
 */
export function CurrentInventoryTab({
  vesselId,
  asOf,
  onAddFirstItem,
}: {
  vesselId: string;
  asOf?: string;
  onAddFirstItem: () => void;
}) {
  const requirements = useVolumeRequirements(vesselId, asOf);
  const batches = useInventoryBatches(vesselId);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<ItemFilter>('all');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const byItem = useMemo(() => batchesByItem(batches.data ?? []), [batches.data]);
  const rows = useMemo(
    () => filterRows(requirements.data ?? [], search).filter((row) => matchesItemFilter(row, filter)),
    [requirements.data, search, filter],
  );
  const counts = useMemo(() => itemFilterCounts(requirements.data ?? []), [requirements.data]);
  const chestStatus = useMemo(() => vesselStatusOfRows(requirements.data ?? []), [requirements.data]);

  const toggle = (scaleId: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(scaleId)) next.delete(scaleId);
      else next.add(scaleId);
      return next;
    });

  let content;
  if (requirements.isLoading) {
    content = <LoadingState testId="inventory-loading">Loading inventory...</LoadingState>;
  } else if (requirements.isError) {
    content = (
      <ErrorState testId="inventory-error">{serverMessage(requirements.error) ?? 'Failed to load inventory'}</ErrorState>
    );
  } else if ((requirements.data ?? []).length === 0) {
    content = (
      <EmptyState
        icon={<BoxIcon size={32} />}
        title="No inventory items"
        testId="inventory-empty"
        action={
          asOf ? undefined : (
            <Button icon={<PlusIcon size={16} />} onClick={onAddFirstItem}>
              Add First Item
            </Button>
          )
        }
      >
        {asOf ? 'Nothing was listed for this vessel on that day.' : 'No scale items are listed for this vessel yet.'}
      </EmptyState>
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState title="No items match your search" testId="inventory-no-match">
        {filter === 'all' ? 'Try another scale id or description.' : 'Try another filter, scale id or description.'}
      </EmptyState>
    );
  } else {
    content = (
      <div className="table-wrap">
        <table className="table inventory-table" data-testid="inventory-table">
          <thead>
            <tr>
              <th scope="col">Scale ID</th>
              <th scope="col">Description</th>
              <th scope="col" className="num">
                Required
              </th>
              <th scope="col" className="num">
                On Board
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const open = expanded.has(row.scaleId);
              const badge = statusBadge(row.complianceStatus);
              const panelId = `batches-${row.scaleId}`;
              return (
                <Fragment key={row.scaleId}>
                  <tr
                    className={`inventory-row${open ? ' inventory-row--open' : ''}`}
                    data-testid="inventory-row"
                    data-scale-id={row.scaleId}
                    onClick={() => toggle(row.scaleId)}
                  >
                    <td className="mono nowrap">
                      <button
                        type="button"
                        className="expand-button"
                        aria-expanded={open}
                        aria-controls={open ? panelId : undefined}
                        aria-label={`Batches of ${row.scaleId}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          toggle(row.scaleId);
                        }}
                      >
                        <span className="expand-button__chevron" aria-hidden="true">
                          {open ? '▾' : '▸'}
                        </span>
                        {row.scaleId}
                      </button>
                    </td>
                    <td>{row.scaleDescription}</td>
                    <td className="num nowrap" data-testid="required">
                      {requiredText(row)}
                    </td>
                    <td className="num" data-testid="on-board">
                      {row.actualQuantity}
                    </td>
                    <td>
                      <span className="status-cell">
                        <Badge tone={badge.tone} testId="item-status">
                          {badge.label}
                        </Badge>
                        {row.expiringSoon && (
                          <Badge tone="warning" testId="item-expiring">
                            Expiring soon
                          </Badge>
                        )}
                      </span>
                    </td>
                  </tr>
                  {open && (
                    <tr className="batches-row" id={panelId}>
                      <td colSpan={5}>
                        <BatchList
                          vesselId={vesselId}
                          row={row}
                          batches={byItem.get(row.scaleId.toLowerCase()) ?? []}
                          loading={batches.isLoading}
                          error={batches.isError ? (serverMessage(batches.error) ?? 'Failed to load batches') : undefined}
                          readOnly={asOf !== undefined}
                        />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <div className="card">
      <div className="inventory-toolbar">
        <label htmlFor="inventory-search" className="visually-hidden">
          Search items
        </label>
        <input
          id="inventory-search"
          type="search"
          className="search-input"
          placeholder="Search items..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="inventory-search"
        />
        {requirements.data && (
          <span className="text-muted inventory-count" data-testid="inventory-count">
            {rows.length} of {requirements.data.length} items
          </span>
        )}
        {requirements.data && requirements.data.length > 0 && (
          <span className="inventory-filters">
            <Badge tone={complianceTone(chestStatus)} testId="chest-status">
              {chestStatus}
            </Badge>
            <span className="inventory-filters__chips" role="group" aria-label="Show items">
              {ITEM_FILTERS.map(({ id, label }) => (
                <button
                  key={id}
                  type="button"
                  className="filter-chip"
                  aria-pressed={filter === id}
                  onClick={() => setFilter(id)}
                  data-testid={`item-filter-${id}`}
                >
                  {label} <span className="filter-chip__count">{counts[id]}</span>
                </button>
              ))}
            </span>
          </span>
        )}
      </div>
      {content}
    </div>
  );
}

function BatchList({
  vesselId,
  row,
  batches,
  loading,
  error,
  readOnly,
}: {
  vesselId: string;
  row: VolumeRequirementRow;
  batches: readonly InventoryBatch[];
  loading: boolean;
  error?: string;
  readOnly: boolean;
}) {
  if (loading) return <LoadingState>Loading batches...</LoadingState>;
  if (error) return <ErrorState>{error}</ErrorState>;
  return (
    <div className="batches" data-testid="inventory-batches" data-scale-id={row.scaleId}>
      {readOnly && (
        <p className="batches__note text-muted" data-testid="batches-today-note">
          Batches as they are on board today; quantities cannot be edited while viewing a past date.
        </p>
      )}
      {batches.length === 0 ? (
        <p className="batches__empty" data-testid="no-stock">
          No stock on board for this item
        </p>
      ) : (
        <table className="table batches__table">
          <thead>
            <tr>
              <th scope="col">Batch</th>
              <th scope="col">Product Name</th>
              <th scope="col" className="num">
                Quantity
              </th>
              <th scope="col">Expiry Date</th>
              <th scope="col">Condition</th>
            </tr>
          </thead>
          <tbody>
            {batches.map((batch) => (
              <BatchRow key={batch.id} vesselId={vesselId} batch={batch} readOnly={readOnly} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function BatchRow({ vesselId, batch, readOnly }: { vesselId: string; batch: InventoryBatch; readOnly: boolean }) {
  const update = useUpdateBatchQuantity(vesselId);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const name = `${batch.scaleId} batch ${batch.batchNumber}`;
  const inputId = `batch-quantity-${batch.id}`;

  const start = () => {
    setValue(String(batch.quantityOnBoard));
    setError(undefined);
    setEditing(true);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = batchQuantityPatchSchema.shape.quantityOnBoard.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid quantity');
      return;
    }
    update.mutate(
      { batchId: batch.id, quantityOnBoard: parsed.data },
      {
        onSuccess: () => {
          setEditing(false);
          notifySuccess(BATCH_QUANTITY_UPDATED_TOAST);
        },
        onError: (e) => notifyError(e, BATCH_QUANTITY_UPDATE_FAILED_TOAST),
      },
    );
  };

  return (
    <tr data-testid="batch-row" data-batch-id={batch.id}>
      <td className="mono" data-testid="batch-number">
        {batch.batchNumber}
      </td>
      <td data-testid="batch-product">{batch.productName || <span className="text-muted">—</span>}</td>
      <td className="num" data-testid="batch-quantity">
        {editing ? (
          <form className="quantity-edit" onSubmit={save} noValidate>
            <label htmlFor={inputId} className="visually-hidden">
              Quantity of {name}
            </label>
            <input
              id={inputId}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              disabled={update.isPending}
              autoFocus
            />
            <Button type="submit" size="sm" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)} disabled={update.isPending}>
              Cancel
            </Button>
            {error && (
              <p className="field__error" id={`${inputId}-error`} role="alert" data-testid="batch-quantity-error">
                {error}
              </p>
            )}
          </form>
        ) : (
          <span className="quantity-view">
            <span data-testid="batch-quantity-value">{batch.quantityOnBoard}</span>
            {!readOnly && (
              <Button
                variant="ghost"
                size="sm"
                icon={<EditIcon size={14} />}
                onClick={start}
                aria-label={`Edit quantity of ${name}`}
              />
            )}
          </span>
        )}
      </td>
      <td className="nowrap" data-testid="batch-expiry">
        {formatDate(batch.expiryDate) ?? NO_DATE}
      </td>
      <td data-testid="batch-condition">{batch.conditionNotes || DEFAULT_CONDITION}</td>
    </tr>
  );
}
