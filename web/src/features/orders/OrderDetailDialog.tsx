import { DELETED_USER_NAME, ORDER_STATUS_LABELS } from '@medchest/domain';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { serverMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { formatMoney, orderStatusBadge } from './orderView';
import { useOrder } from './useOrders';

/** One order: its facts, its items (with unit costs and what was received) and its status history. */
export function OrderDetailDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const order = useOrder(orderId);
  const data = order.data;
  const badge = data ? orderStatusBadge(data.status) : undefined;
  return (
    <Dialog open={orderId !== null} onClose={onClose} size="lg" title={data ? `Order ${data.orderNumber}` : 'Order'} testId="order-detail" footer={<Button variant="secondary" onClick={onClose}>Close</Button>}>
      {order.isLoading ? (
        <LoadingState>Loading order...</LoadingState>
      ) : order.isError || !data ? (
        <ErrorState>{serverMessage(order.error) ?? 'Failed to load the order'}</ErrorState>
      ) : (
        <div className="order-detail">
          <dl className="order-facts">
            <div>
              <dt>Vessel</dt>
              <dd>
                {data.vesselName} <span className="text-muted">IMO {data.imoNumber}</span>
              </dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{badge && <Badge tone={badge.tone}>{badge.label}</Badge>}</dd>
            </div>
            <div>
              <dt>Vendor</dt>
              <dd>{data.supplierName ? `${data.supplierName} (${data.supplierEmail})` : '—'}</dd>
            </div>
            <div>
              <dt>Expiry threshold</dt>
              <dd>{formatDate(data.expiryThreshold)}</dd>
            </div>
            <div>
              <dt>Estimated cost</dt>
              <dd>{formatMoney(data.estimatedCost)}</dd>
            </div>
            {data.notes && (
              <div>
                <dt>Notes</dt>
                <dd>{data.notes}</dd>
              </div>
            )}
          </dl>
          <h3 className="section-title">Items</h3>
          <div className="table-wrap">
            <table className="table" data-testid="order-items">
              <thead>
                <tr>
                  <th scope="col">Scale ID</th>
                  <th scope="col">Description</th>
                  <th scope="col" className="num">Required</th>
                  <th scope="col" className="num">Current</th>
                  <th scope="col" className="num">Order Qty</th>
                  <th scope="col" className="num">Received</th>
                  <th scope="col" className="num">Unit Cost</th>
                  <th scope="col" className="num">Total</th>
                </tr>
              </thead>
              <tbody>
                {data.orderItems.map((item) => (
                  <tr key={item.id}>
                    <td className="mono nowrap">{item.scaleId}</td>
                    <td>{item.scaleDescription}</td>
                    <td className="num">{item.requiredQuantity}</td>
                    <td className="num">{item.currentInventory}</td>
                    <td className="num">{item.orderQuantity}</td>
                    <td className="num">{item.receivedQuantity}</td>
                    <td className="num">{formatMoney(item.unitCost)}</td>
                    <td className="num">{formatMoney(item.totalCost)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h3 className="section-title">Status History</h3>
          <ol className="status-history" data-testid="status-history">
            <li>
              Created as Draft <span className="text-muted">{formatDate(data.createdAt)}</span>
            </li>
            {data.statusHistory.map((change) => (
              <li key={change.id}>
                {ORDER_STATUS_LABELS[change.from]} → {ORDER_STATUS_LABELS[change.to]}{' '}
                <span className="text-muted">
                  {formatDate(change.changedAt)} ·{' '}
                  {change.by === 'supplier' ? 'by the supplier' : change.user ? `by ${change.user.deleted ? DELETED_USER_NAME : [change.user.firstName, change.user.lastName].filter(Boolean).join(' ') || 'a user'}` : 'by the system'}
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </Dialog>
  );
}
