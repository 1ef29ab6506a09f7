import { useEffect, useState } from 'react';
import { parseOrderQuantity } from '@medchest/domain';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { LoadingState } from '../../components/ui/StateMessage';
import type { OrderWithItems } from '@medchest/domain';

interface Line {
  orderItemId: string;
  quantityReceived: number;
  batchNumber: string;
  expiryDate: string;
}

/**
 * Receiving an order on board: per item the quantity received (prefilled with what is still to
 * come), a batch number (blank: the item's next number) and the pack's expiry date. The batches
 * go into the vessel's chest; anything not received keeps the order open.
 */
export function ReceiveDialog({
  order,
  pending,
  onCancel,
  onReceive,
}: {
  order: OrderWithItems | undefined;
  pending: boolean;
  onCancel: () => void;
  onReceive: (items: { orderItemId: string; quantityReceived: number; batchNumber?: number; expiryDate?: string }[]) => void;
}) {
  const [lines, setLines] = useState<Line[]>([]);
  useEffect(() => {
    setLines(
      (order?.orderItems ?? [])
        .filter((item) => item.orderQuantity > item.receivedQuantity)
        .map((item) => ({ orderItemId: item.id, quantityReceived: item.orderQuantity - item.receivedQuantity, batchNumber: '', expiryDate: '' })),
    );
  }, [order]);
  const update = (id: string, change: Partial<Line>) => setLines((all) => all.map((line) => (line.orderItemId === id ? { ...line, ...change } : line)));
  const items = new Map((order?.orderItems ?? []).map((item) => [item.id, item]));
  const anything = lines.some((line) => line.quantityReceived > 0);

  return (
    <Dialog
      open={order !== undefined || pending}
      onClose={onCancel}
      busy={pending}
      size="lg"
      title={order ? `Receive Order ${order.orderNumber}` : 'Receive Order'}
      description="What arrived on board goes into the vessel's medical chest. Items not received stay open on the order."
      testId="receive-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button
            disabled={pending || !anything}
            onClick={() =>
              onReceive(
                lines
                  .filter((line) => line.quantityReceived > 0)
                  .map((line) => ({
                    orderItemId: line.orderItemId,
                    quantityReceived: line.quantityReceived,
                    ...(line.batchNumber.trim() ? { batchNumber: parseOrderQuantity(line.batchNumber) } : {}),
                    ...(line.expiryDate ? { expiryDate: line.expiryDate } : {}),
                  })),
              )
            }
          >
            {pending ? 'Receiving...' : 'Mark as Delivered'}
          </Button>
        </>
      }
    >
      {!order ? (
        <LoadingState>Loading order...</LoadingState>
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="receive-table">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Qty Received</th>
                <th scope="col">Batch #</th>
                <th scope="col">Expiry Date</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => {
                const item = items.get(line.orderItemId)!;
                return (
                  <tr key={line.orderItemId} data-testid="receive-row">
                    <td>
                      <span className="mono">{item.scaleId}</span>
                      <div className="cell-sub">{item.scaleDescription}</div>
                    </td>
                    <td>
                      <input
                        className="input input--qty"
                        type="number"
                        min={0}
                        aria-label={`Quantity received of ${item.scaleId}`}
                        value={line.quantityReceived}
                        onChange={(e) => update(line.orderItemId, { quantityReceived: parseOrderQuantity(e.target.value) })}
                      />
                    </td>
                    <td>
                      <input
                        className="input input--qty"
                        type="number"
                        min={1}
                        placeholder="Next"
                        aria-label={`Batch number of ${item.scaleId}`}
                        value={line.batchNumber}
                        onChange={(e) => update(line.orderItemId, { batchNumber: e.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        className="input"
                        type="date"
                        aria-label={`Expiry date of ${item.scaleId}`}
                        value={line.expiryDate}
                        onChange={(e) => update(line.orderItemId, { expiryDate: e.target.value })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}
