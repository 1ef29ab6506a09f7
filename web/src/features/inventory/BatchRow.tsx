import { useState, type FormEvent } from 'react';
import { BATCH_QUANTITY_UPDATED_TOAST, BATCH_QUANTITY_UPDATE_FAILED_TOAST, batchQuantityPatchSchema } from '@medchest/domain';
import { Button } from '../../components/ui/Button';
import { EditIcon } from '../../components/ui/icons';
import { ApiError, serverMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { notifyError, notifySuccess } from '../../lib/notify';
import type { BatchAnswer } from '@medchest/domain';
import { useUpdateBatchQuantity } from '../../lib/useInventory';
import { RecordUsageDialog } from './RecordUsageDialog';

const NO_DATE = '—';
const DEFAULT_CONDITION = 'Good';

/** One batch of an item, its quantity editable in place (checked with the domain's schema first). */
export function BatchRow({ vesselId, batch, readOnly }: { vesselId: string; batch: BatchAnswer; readOnly: boolean }) {
  const update = useUpdateBatchQuantity(vesselId);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [recordingUsage, setRecordingUsage] = useState(false);
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
      { batchId: batch.id, quantityOnBoard: parsed.data, version: batch.version },
      {
        onSuccess: () => {
          setEditing(false);
          notifySuccess(BATCH_QUANTITY_UPDATED_TOAST);
        },
        onError: (e) => {
          // Someone changed the batch since it was read: the row now shows the figure on record
          // (refetched), the form stays open with what was typed, and Save again counts against it.
          if (e instanceof ApiError && e.status === 409) setError(serverMessage(e) ?? BATCH_QUANTITY_UPDATE_FAILED_TOAST);
          notifyError(e, BATCH_QUANTITY_UPDATE_FAILED_TOAST);
        },
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
            {!readOnly && batch.quantityOnBoard > 0 && (
              <Button variant="ghost" size="sm" onClick={() => setRecordingUsage(true)} aria-label={`Record usage of ${name}`}>
                Record usage
              </Button>
            )}
          </span>
        )}
        {recordingUsage && (
          <RecordUsageDialog vesselId={vesselId} batch={batch} name={name} open={recordingUsage} onClose={() => setRecordingUsage(false)} />
        )}
      </td>
      <td className="nowrap" data-testid="batch-expiry">
        {formatDate(batch.expiryDate) ?? NO_DATE}
      </td>
      <td data-testid="batch-condition">{batch.conditionNotes || DEFAULT_CONDITION}</td>
    </tr>
  );
}
