import { useEffect, useState } from 'react';
import { NOTHING_SHORT_MESSAGE, parseOrderQuantity, type ShortfallItem } from '@medchest/domain';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { EmptyState } from '../../components/ui/StateMessage';

export interface PreviewLine extends ShortfallItem {
  unitCost?: number;
}

/**
 * The generate-order preview (spec 001 §2): each short item with an editable order quantity
 * (a whole number of at least 0; non-numeric becomes 0), an optional unit cost, and a delete-row
 * control. Create Order sends the lines left.
 */
export function OrderPreviewDialog({
  open,
  vesselName,
  items,
  creating,
  onCancel,
  onCreate,
}: {
  open: boolean;
  vesselName: string;
  items: ShortfallItem[];
  creating: boolean;
  onCancel: () => void;
  onCreate: (lines: PreviewLine[]) => void;
}) {
  const [lines, setLines] = useState<PreviewLine[]>(items);
  useEffect(() => setLines(items), [items]);
  const update = (scaleId: string, change: Partial<PreviewLine>) => setLines((all) => all.map((line) => (line.scaleId === scaleId ? { ...line, ...change } : line)));
  const orderable = lines.some((line) => line.orderQuantity > 0);

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      busy={creating}
      size="lg"
      title="Order Preview"
      description={`Items ${vesselName} needs by the expiry threshold date`}
      testId="order-preview"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={creating}>
            Cancel
          </Button>
          <Button onClick={() => onCreate(lines)} disabled={creating || !orderable}>
            {creating ? 'Creating...' : 'Create Order'}
          </Button>
        </>
      }
    >
      {lines.length === 0 ? (
        <EmptyState title={NOTHING_SHORT_MESSAGE} testId="preview-empty" />
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="preview-table">
            <thead>
              <tr>
                <th scope="col">Scale ID</th>
                <th scope="col">Description</th>
                <th scope="col" className="num">
                  Required
                </th>
                <th scope="col" className="num">
                  Current
                </th>
                <th scope="col">Order Qty</th>
                <th scope="col">Unit Cost</th>
                <th scope="col" className="actions-col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.scaleId} data-testid="preview-row">
                  <td className="mono nowrap">{line.scaleId}</td>
                  <td>{line.scaleDescription}</td>
                  <td className="num">{line.requiredQuantity}</td>
                  <td className="num">{line.currentInventory}</td>
                  <td>
                    <input
                      className="input input--qty"
                      type="number"
                      min={0}
                      step={1}
                      inputMode="numeric"
                      aria-label={`Order quantity for ${line.scaleId}`}
                      value={line.orderQuantity}
                      onChange={(event) => update(line.scaleId, { orderQuantity: parseOrderQuantity(event.target.value) })}
                    />
                  </td>
                  <td>
                    <input
                      className="input input--qty"
                      type="number"
                      min={0}
                      step="0.01"
                      placeholder="—"
                      aria-label={`Unit cost for ${line.scaleId}`}
                      value={line.unitCost ?? ''}
                      onChange={(event) => {
                        const value = Number(event.target.value);
                        update(line.scaleId, { unitCost: event.target.value === '' || !Number.isFinite(value) || value < 0 ? undefined : value });
                      }}
                    />
                  </td>
                  <td className="actions-col">
                    <Button variant="ghost" size="sm" aria-label={`Remove ${line.scaleId}`} onClick={() => setLines((all) => all.filter((l) => l.scaleId !== line.scaleId))}>
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}
