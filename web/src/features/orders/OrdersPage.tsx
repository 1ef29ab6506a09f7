import { Suspense, useMemo, useState } from 'react';
import { certificateExpiryOf, ORDER_STATUSES, ORDER_TOASTS, type ShortfallItem } from '@medchest/domain';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { PageHeader } from '../../components/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { StoreIcon } from '../../components/ui/icons';
import { serverMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { notifyError, notifySuccess } from '../../lib/notify';
import { lazyPage } from '../../lib/lazyPage';
import { useVessels } from '../../lib/useVessels';
import { AssignVendorDialog } from './AssignVendorDialog';
import { OrderDetailDialog } from './OrderDetailDialog';
import { OrderPreviewDialog, type PreviewLine } from './OrderPreviewDialog';
import { EXPORTABLE, orderStatusBadge, RECEIVABLE } from './orderView';
import type { Order } from '@medchest/domain';
import { useAssignVendor, useChangeOrderStatus, useCreateOrder, useOrder, useOrders, usePreviewOrder } from './useOrders';
import './orders.css';

/** The receive form (and the form library it brings) loads when an order is first received, not with the page. */
const ReceiveDialog = lazyPage(() => import('./ReceiveDialog'), 'ReceiveDialog');

const NOT_SPECIFIED = 'Not specified';
const ALL = 'all';

/** /orders (spec 001 §2): create an order from a vessel's shortfall, then move it to delivered. */
export function OrdersPage() {
  const vessels = useVessels();
  const orders = useOrders();
  const preview = usePreviewOrder();
  const create = useCreateOrder();
  const changeStatus = useChangeOrderStatus();
  const assign = useAssignVendor();

  const [vesselId, setVesselId] = useState('');
  const [threshold, setThreshold] = useState('');
  const [previewItems, setPreviewItems] = useState<ShortfallItem[] | null>(null);
  const [statusFilter, setStatusFilter] = useState(ALL);
  const [vesselFilter, setVesselFilter] = useState(ALL);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [assigning, setAssigning] = useState<Order | null>(null);
  const [assignError, setAssignError] = useState<string | undefined>();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [receivingId, setReceivingId] = useState<string | null>(null);
  const receiving = useOrder(receivingId);

  const vessel = vessels.data?.find((v) => v.id === vesselId);
  const all = useMemo(() => orders.data ?? [], [orders.data]);
  const shown = all.filter((o) => (statusFilter === ALL || o.status === statusFilter) && (vesselFilter === ALL || o.vesselId === vesselFilter));
  const orderVessels = useMemo(() => [...new Map(all.map((o) => [o.vesselId, o.vesselName])).entries()].sort((a, b) => a[1].localeCompare(b[1])), [all]);

  const generate = () =>
    preview.mutate(
      { vesselId, expiryThreshold: threshold },
      { onSuccess: (answer) => setPreviewItems(answer.orderItems), onError: (error) => notifyError(error, ORDER_TOASTS.previewFailed) },
    );

  const createOrder = (lines: PreviewLine[]) =>
    create.mutate(
      {
        vesselId,
        orderData: { expiryThreshold: threshold, status: 'draft' },
        orderItems: lines.map(({ scaleId, requiredQuantity, currentInventory, orderQuantity, unitCost }) => ({
          scaleId,
          requiredQuantity,
          currentInventory,
          orderQuantity,
          ...(unitCost !== undefined ? { unitCost } : {}),
        })),
      },
      {
        onSuccess: () => {
          setPreviewItems(null);
          notifySuccess(ORDER_TOASTS.created);
        },
        onError: (error) => notifyError(error, ORDER_TOASTS.createFailed),
      },
    );

  const move = (order: Order, status: string, done?: () => void) =>
    changeStatus.mutate(
      { orderId: order.id, status },
      {
        onSuccess: () => {
          done?.();
          notifySuccess(ORDER_TOASTS.statusUpdated);
        },
        onError: (error) => notifyError(error, ORDER_TOASTS.statusFailed),
      },
    );

  let table;
  if (orders.isLoading) table = <LoadingState>Loading orders...</LoadingState>;
  else if (orders.isError) table = <ErrorState>{serverMessage(orders.error) ?? 'Failed to load orders'}</ErrorState>;
  else if (shown.length === 0)
    table = (
      <EmptyState icon={<StoreIcon size={32} />} title={all.length === 0 ? 'No orders found. Create your first order above.' : 'No orders match these filters.'} testId="orders-empty" />
    );
  else
    table = (
      <div className="table-wrap">
        <table className="table table--cards" data-testid="orders-table">
          <thead>
            <tr>
              <th scope="col">Order #</th>
              <th scope="col">Vessel</th>
              <th scope="col">Status</th>
              <th scope="col">Vendor</th>
              <th scope="col" className="num">
                Items
              </th>
              <th scope="col">Created</th>
              <th scope="col" className="actions-col">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((order) => {
              const badge = orderStatusBadge(order.status);
              const busy = changeStatus.isPending && changeStatus.variables?.orderId === order.id;
              return (
                <tr key={order.id} data-testid="order-row" data-order-number={order.orderNumber}>
                  <td className="nowrap card-title">
                    <button type="button" className="link-button mono" onClick={() => setDetailId(order.id)} aria-label={`Details of order ${order.orderNumber}`}>
                      {order.orderNumber}
                    </button>
                  </td>
                  <td data-label="Vessel">{order.vesselName}</td>
                  <td data-label="Status">
                    <Badge tone={badge.tone} testId="order-status">
                      {badge.label}
                    </Badge>
                  </td>
                  <td data-label="Vendor">{order.supplierName ?? <span className="text-muted">—</span>}</td>
                  <td className="num" data-label="Items">
                    {order.totalItems}
                  </td>
                  <td className="nowrap" data-label="Created">
                    {formatDate(order.createdAt)}
                  </td>
                  <td className="actions-col">
                    <div className="row-actions row-actions--table">
                      {order.status === 'draft' && (
                        <Button size="sm" onClick={() => move(order, 'approved')} disabled={busy}>
                          Approve
                        </Button>
                      )}
                      {order.status === 'approved' && (
                        <Button
                          size="sm"
                          onClick={() => {
                            setAssignError(undefined);
                            setAssigning(order);
                          }}
                        >
                          Assign Vendor
                        </Button>
                      )}
                      {RECEIVABLE.includes(order.status) && (
                        <Button size="sm" onClick={() => setReceivingId(order.id)}>
                          Receive
                        </Button>
                      )}
                      {EXPORTABLE.includes(order.status) && (
                        <a className="btn btn--ghost btn--sm" href={`/api/orders/${order.id}/export`} target="_blank" rel="noreferrer">
                          Export
                        </a>
                      )}
                      {(order.status === 'draft' || order.status === 'approved') && (
                        <Button variant="ghost" size="sm" onClick={() => setCancelling(order)} aria-label={`Cancel order ${order.orderNumber}`}>
                          Cancel
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );

  return (
    <div className="page">
      <PageHeader title="Supply Orders" subtitle="Restock medical chests from what they will be short of." />
      <Card title="Create Order" description="Choose a vessel and the date its chest must still be complete on." testId="create-order">
        <div className="order-create">
          <Field id="order-vessel" label="Vessel">
            <select id="order-vessel" className="input" value={vesselId} onChange={(e) => setVesselId(e.target.value)} disabled={vessels.isLoading}>
              <option value="">{vessels.isLoading ? 'Loading vessels...' : 'Select a vessel'}</option>
              {(vessels.data ?? []).map((v) => (
                <option key={v.id} value={v.id}>
                  {v.vesselName} (IMO {v.imoNumber})
                </option>
              ))}
            </select>
          </Field>
          <Field id="order-threshold" label="Expiry Threshold Date">
            <input id="order-threshold" className="input" type="date" value={threshold} onChange={(e) => setThreshold(e.target.value)} />
          </Field>
          <div className="order-create__action">
            <Button onClick={generate} disabled={!vesselId || !threshold || preview.isPending}>
              {preview.isPending ? 'Generating...' : 'Generate Order'}
            </Button>
          </div>
        </div>
        {vessel && (
          <dl className="order-vessel-info" data-testid="vessel-info">
            <div>
              <dt>Fleet</dt>
              <dd>{vessel.fleet || NOT_SPECIFIED}</dd>
            </div>
            <div>
              <dt>Company</dt>
              <dd>{vessel.ownershipCompany || NOT_SPECIFIED}</dd>
            </div>
            <div>
              <dt>Contract End</dt>
              <dd>{formatDate(vessel.contractEndDate) ?? NOT_SPECIFIED}</dd>
            </div>
            <div>
              <dt>Certificate Expiry</dt>
              <dd>{formatDate(certificateExpiryOf(vessel)) ?? NOT_SPECIFIED}</dd>
            </div>
          </dl>
        )}
      </Card>

      <Card title="Orders" testId="orders-card">
        <div className="filters" role="group" aria-label="Filter orders">
          <div className="filter">
            <label htmlFor="filter-order-status" className="filter__label">
              Status
            </label>
            <select id="filter-order-status" value={statusFilter} onChange={(e) => setStatusFilter(e.target.value)}>
              <option value={ALL}>All statuses</option>
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {orderStatusBadge(status).label}
                </option>
              ))}
            </select>
          </div>
          <div className="filter">
            <label htmlFor="filter-order-vessel" className="filter__label">
              Vessel
            </label>
            <select id="filter-order-vessel" value={vesselFilter} onChange={(e) => setVesselFilter(e.target.value)}>
              <option value={ALL}>All vessels</option>
              {orderVessels.map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        </div>
        {table}
      </Card>

      <OrderPreviewDialog
        open={previewItems !== null}
        vesselName={vessel?.vesselName ?? ''}
        items={previewItems ?? []}
        creating={create.isPending}
        onCancel={() => setPreviewItems(null)}
        onCreate={createOrder}
      />
      <AssignVendorDialog
        open={assigning !== null}
        orderNumber={assigning?.orderNumber ?? ''}
        pending={assign.isPending}
        error={assignError}
        onCancel={() => setAssigning(null)}
        onAssign={(vendor) =>
          assigning &&
          assign.mutate(
            { orderId: assigning.id, ...vendor },
            {
              onSuccess: () => {
                setAssigning(null);
                notifySuccess(ORDER_TOASTS.assigned);
              },
              onError: (error) => {
                setAssignError(serverMessage(error));
                notifyError(error, ORDER_TOASTS.assignFailed);
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this order?"
        description={`Order ${cancelling?.orderNumber ?? ''} will be cancelled. This cannot be undone.`}
        confirmLabel="Cancel Order"
        pendingLabel="Cancelling..."
        pending={changeStatus.isPending}
        onCancel={() => setCancelling(null)}
        onConfirm={() => cancelling && move(cancelling, 'cancelled', () => setCancelling(null))}
      />
      {receivingId !== null && (
        <Suspense fallback={null}>
          <ReceiveDialog
            order={receiving.data}
            open
            onCancel={() => setReceivingId(null)}
            onReceive={async ({ receivedItems }) => {
              try {
                await changeStatus.mutateAsync({ orderId: receivingId, status: 'delivered', receivedItems });
              } catch (error) {
                notifyError(error, ORDER_TOASTS.statusFailed);
                throw error;
              }
              setReceivingId(null);
              notifySuccess(ORDER_TOASTS.statusUpdated);
            }}
          />
        </Suspense>
      )}
      <OrderDetailDialog orderId={detailId} onClose={() => setDetailId(null)} />
    </div>
  );
}
