import { Fragment, useMemo, useState, type FormEvent } from 'react';
import {
  IMPORT_TOAST_TITLES,
  IMPORT_UNKNOWN_ERROR,
  emptyImportMessage,
  importResultMessage,
  manualInputFileName,
  type BulkImportResult,
} from '@medchest/domain';
import { Button } from '../../components/ui/Button';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { toast } from '../../components/ui/toast-store';
import { BoxIcon, PlusIcon, TrashIcon } from '../../components/ui/icons';
import { serverMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { TableScroll } from '../../components/ui/TableScroll';
import {
  BULK_QUANTITY_MAX,
  BULK_QUANTITY_MIN,
  addBatchRow,
  filledRowCount,
  itemsToSave,
  nextFreeBatchNumbers,
  readQuantity,
  removeBatchRow,
  rowsOf,
  updateBatchRow,
  type BulkRows,
} from './bulkInput';
import { ImportResultCard } from './ImportResultCard';
import { filterRows, messageToast } from '../../lib/inventoryView';
import { RequiredQuantity, RequirementNotes } from './RequirementNotes';
import { isoToday, type VolumeRequirementRow } from '@medchest/domain';
import { useBulkImport, useInventoryBatches, useVolumeRequirements } from '../../lib/useInventory';

const ALL_SECTIONS = '';

const TITLES = IMPORT_TOAST_TITLES.manual;

/**
 * Bulk Input (spec 000 §2): one row per catalogue item (today's volume-requirements rows), each
 * with quantity, expiry date and notes; extra batch rows per item. Saves only rows above 0 through
 * bulk-import; after a fully successful save every row is reset and the extra rows go. A search and
 * a section filter narrow the 141 rows (what was typed in hidden rows stays and is saved); Required
 * and On Board guide the entry; the save bar stays in view with the count of rows filled in.
 */
export function BulkInputTab({ vesselId }: { vesselId: string }) {
  const catalogue = useVolumeRequirements(vesselId);
  const batches = useInventoryBatches(vesselId);
  if (catalogue.isLoading || batches.isLoading) return <div className="card"><LoadingState>Loading catalogue...</LoadingState></div>;
  if (catalogue.isError) {
    return (
      <div className="card">
        <ErrorState testId="bulk-input-error">{serverMessage(catalogue.error) ?? 'Failed to load the catalogue'}</ErrorState>
      </div>
    );
  }
  const items = catalogue.data ?? [];
  if (items.length === 0) {
    return (
      <div className="card">
        <EmptyState icon={<BoxIcon size={32} />} title="No catalogue items" testId="bulk-input-empty">
          No scale items are listed for this vessel.
        </EmptyState>
      </div>
    );
  }
  return <BulkInputForm vesselId={vesselId} items={items} nextBatch={nextFreeBatchNumbers(batches.data ?? [])} />;
}

function BulkInputForm({
  vesselId,
  items,
  nextBatch,
}: {
  vesselId: string;
  items: readonly VolumeRequirementRow[];
  nextBatch: ReadonlyMap<string, number>;
}) {
  const save = useBulkImport(vesselId);
  const [rows, setRows] = useState<BulkRows>({});
  const [result, setResult] = useState<BulkImportResult | null>(null);
  const [search, setSearch] = useState('');
  const [section, setSection] = useState(ALL_SECTIONS);
  const sections = useMemo(() => [...new Set(items.map((i) => i.section).filter((s): s is string => Boolean(s)))], [items]);
  const shown = filterRows(items, search).filter((item) => section === ALL_SECTIONS || item.section === section);
  const filled = filledRowCount(rows);
  const firstBatch = (scaleId: string) => nextBatch.get(scaleId.toLowerCase()) ?? 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const toSave = itemsToSave(
      items.map((item) => item.scaleId),
      rows,
    );
    if (toSave.length === 0) {
      toast({ ...messageToast(emptyImportMessage('manual'), TITLES.failed), variant: 'destructive' });
      return;
    }
    setResult(null);
    save.mutate(
      { fileName: manualInputFileName(isoToday()), items: toSave },
      {
        onSuccess: (answer) => {
          setResult(answer);
          if (answer.errorCount === 0) setRows({});
          notifySuccess(importResultMessage(answer), TITLES.done);
        },
        onError: (error) => notifyError(error, IMPORT_UNKNOWN_ERROR, TITLES.failed),
      },
    );
  };

  return (
    <form className="card inventory-panel" onSubmit={submit} noValidate data-testid="bulk-input-form">
      <div className="inventory-toolbar" role="group" aria-label="Find items">
        <label htmlFor="bulk-search" className="visually-hidden">
          Search items
        </label>
        <input
          id="bulk-search"
          type="search"
          className="search-input"
          placeholder="Search items..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="bulk-search"
        />
        {sections.length > 1 && (
          <>
            <label htmlFor="bulk-section" className="visually-hidden">
              Section
            </label>
            <select id="bulk-section" className="search-input bulk-section" value={section} onChange={(e) => setSection(e.target.value)}>
              <option value={ALL_SECTIONS}>All sections</option>
              {sections.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </>
        )}
        <span className="muted inventory-count" data-testid="bulk-count">
          {shown.length} of {items.length} items
        </span>
      </div>
      {shown.length === 0 && (
        <EmptyState title="No items match your search" testId="bulk-no-match">
          Try another scale id, description or section. What you typed in other rows is kept.
        </EmptyState>
      )}
      <TableScroll label="Bulk input">
        <table className="table table--cards bulk-table" data-testid="bulk-input-table">
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
              <th scope="col" className="num">
                Batch
              </th>
              <th scope="col">Quantity</th>
              <th scope="col">Expiry Date</th>
              <th scope="col">Notes</th>
              <th scope="col" className="actions-col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((item) => (
              <Fragment key={item.scaleId}>
                {rowsOf(rows, item.scaleId, firstBatch(item.scaleId)).map((row) => {
                  const name = `${item.scaleId} batch ${row.batchNumber}`;
                  const change = (patch: Parameters<typeof updateBatchRow>[3]) =>
                    setRows((current) => updateBatchRow(current, item.scaleId, row.key, patch, firstBatch(item.scaleId)));
                  return (
                    <tr
                      key={row.key}
                      className={row.extra ? 'bulk-row bulk-row--extra' : 'bulk-row'}
                      data-testid="bulk-row"
                      data-scale-id={item.scaleId}
                      data-batch-number={row.batchNumber}
                    >
                      <td className="mono nowrap card-title">{row.extra ? `${item.scaleId} (extra batch)` : item.scaleId}</td>
                      <td data-label="Description">
                        {row.extra ? <span className="text-muted">Extra batch</span> : item.scaleDescription}
                      </td>
                      <td className="num nowrap" data-label="Required" data-testid="bulk-required">
                        {row.extra ? '' : <RequiredQuantity row={item} />}
                      </td>
                      <td className="num" data-label="On Board" data-testid="bulk-on-board">
                        {row.extra ? '' : item.actualQuantity}
                      </td>
                      <td className="num" data-testid="bulk-batch-number" data-label="Batch">
                        {row.batchNumber}
                      </td>
                      <td data-label="Quantity">
                        <input
                          type="number"
                          className="bulk-input bulk-input--quantity"
                          min={BULK_QUANTITY_MIN}
                          max={BULK_QUANTITY_MAX}
                          step={1}
                          inputMode="numeric"
                          aria-label={`Quantity for ${name}`}
                          value={row.quantity}
                          onChange={(e) => change({ quantity: readQuantity(e.target.value) })}
                          disabled={save.isPending}
                        />
                      </td>
                      <td data-label="Expiry Date">
                        <input
                          type="date"
                          className="bulk-input"
                          aria-label={`Expiry date for ${name}`}
                          value={row.expiryDate}
                          onChange={(e) => change({ expiryDate: e.target.value })}
                          disabled={save.isPending}
                        />
                      </td>
                      <td data-label="Notes">
                        <input
                          type="text"
                          className="bulk-input bulk-input--notes"
                          aria-label={`Notes for ${name}`}
                          value={row.notes}
                          maxLength={1000}
                          onChange={(e) => change({ notes: e.target.value })}
                          disabled={save.isPending}
                        />
                      </td>
                      <td className="actions-col">
                        {row.extra ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            icon={<TrashIcon size={14} />}
                            aria-label={`Remove ${name}`}
                            onClick={() => setRows((current) => removeBatchRow(current, item.scaleId, row.key, firstBatch(item.scaleId)))}
                            disabled={save.isPending}
                          />
                        ) : (
                          <Button
                            variant="ghost"
                            size="sm"
                            icon={<PlusIcon size={14} />}
                            aria-label={`Add batch for ${item.scaleId}`}
                            onClick={() => setRows((current) => addBatchRow(current, item.scaleId, firstBatch(item.scaleId)))}
                            disabled={save.isPending}
                          />
                        )}
                      </td>
                    </tr>
                  );
                })}
              </Fragment>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <RequirementNotes rows={shown} testId="bulk-requirement-notes" />
      {result && (
        <div className="bulk-result">
          <ImportResultCard title={TITLES.done} result={result} testId="bulk-result" />
        </div>
      )}
      <div className="bulk-footer">
        <div className="bulk-savebar" data-testid="bulk-savebar">
          <span className="bulk-savebar__count" data-testid="bulk-filled-count" aria-live="polite">
            {filled === 0 ? 'No rows filled in yet' : `${filled} ${filled === 1 ? 'row' : 'rows'} filled in`}
          </span>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Inventory'}
          </Button>
        </div>
      </div>
    </form>
  );
}
