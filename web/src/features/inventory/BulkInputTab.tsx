import { Fragment, useState, type FormEvent } from 'react';
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
import {
  BULK_QUANTITY_MAX,
  BULK_QUANTITY_MIN,
  addBatchRow,
  itemsToSave,
  readQuantity,
  removeBatchRow,
  rowsOf,
  updateBatchRow,
  type BulkRows,
} from './bulkInput';
import { ImportResultCard } from './ImportResultCard';
import { messageToast, todayIso } from './inventoryView';
import type { VolumeRequirementRow } from './types';
import { useBulkImport, useVolumeRequirements } from './useInventory';

const TITLES = IMPORT_TOAST_TITLES.manual;

/**
 * Bulk Input (spec 000 §2): one row per catalogue item (today's volume-requirements rows), each
 * with quantity, expiry date and notes; extra batch rows per item. Saves only rows above 0 through
 * bulk-import; after a fully successful save every row is reset and the extra rows go.
 */
export function BulkInputTab({ vesselId }: { vesselId: string }) {
  const catalogue = useVolumeRequirements(vesselId);
  if (catalogue.isLoading) return <div className="card"><LoadingState>Loading catalogue...</LoadingState></div>;
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
  return <BulkInputForm vesselId={vesselId} items={items} />;
}

function BulkInputForm({ vesselId, items }: { vesselId: string; items: readonly VolumeRequirementRow[] }) {
  const save = useBulkImport(vesselId);
  const [rows, setRows] = useState<BulkRows>({});
  const [result, setResult] = useState<BulkImportResult | null>(null);

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
      { fileName: manualInputFileName(todayIso()), items: toSave },
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
      <div className="table-wrap">
        <table className="table bulk-table" data-testid="bulk-input-table">
          <thead>
            <tr>
              <th scope="col">Scale ID</th>
              <th scope="col">Description</th>
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
            {items.map((item) => (
              <Fragment key={item.scaleId}>
                {rowsOf(rows, item.scaleId).map((row) => {
                  const name = `${item.scaleId} batch ${row.batchNumber}`;
                  const change = (patch: Parameters<typeof updateBatchRow>[3]) =>
                    setRows((current) => updateBatchRow(current, item.scaleId, row.key, patch));
                  return (
                    <tr
                      key={row.key}
                      className={row.extra ? 'bulk-row bulk-row--extra' : 'bulk-row'}
                      data-testid="bulk-row"
                      data-scale-id={item.scaleId}
                      data-batch-number={row.batchNumber}
                    >
                      <td className="mono nowrap">{row.extra ? '' : item.scaleId}</td>
                      <td>{row.extra ? <span className="text-muted">Extra batch</span> : item.scaleDescription}</td>
                      <td className="num" data-testid="bulk-batch-number">
                        {row.batchNumber}
                      </td>
                      <td>
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
                      <td>
                        <input
                          type="date"
                          className="bulk-input"
                          aria-label={`Expiry date for ${name}`}
                          value={row.expiryDate}
                          onChange={(e) => change({ expiryDate: e.target.value })}
                          disabled={save.isPending}
                        />
                      </td>
                      <td>
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
                            onClick={() => setRows((current) => removeBatchRow(current, item.scaleId, row.key))}
                            disabled={save.isPending}
                          />
                        ) : (
                          <Button
                            variant="ghost"
                            size="sm"
                            icon={<PlusIcon size={14} />}
                            aria-label={`Add batch for ${item.scaleId}`}
                            onClick={() => setRows((current) => addBatchRow(current, item.scaleId))}
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
      </div>
      <div className="bulk-footer">
        {result && <ImportResultCard title={TITLES.done} result={result} testId="bulk-result" />}
        <div className="form-actions">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Inventory'}
          </Button>
        </div>
      </div>
    </form>
  );
}
