import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field } from '../../components/ui/Field';
import { PageHeader } from '../../components/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { apiJson, serverMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { formatMoney, supplierStatusBadge } from './orderView';
import type { SupplierOrder } from '@medchest/domain';
import './orders.css';

const supplierKey = (name: string) => ['/api/supplier/orders', encodeURIComponent(name)] as const;

/**
 * /supplier (spec 001 §2): a supplier company name and Load Orders, then the orders addressed to
 * it (on the caller's vessels) with their value and supplier-side status; Acknowledge for orders
 * sent to the supplier, and the purchase order to download.
 */
export function SupplierPortalPage() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [loaded, setLoaded] = useState<string | null>(null);
  const orders = useQuery<SupplierOrder[]>({ queryKey: supplierKey(loaded ?? ''), enabled: loaded !== null });
  const acknowledge = useMutation({
    mutationFn: (orderId: string) => apiJson('PUT', `/api/supplier/orders/${orderId}/acknowledge`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierKey(loaded ?? '') }),
  });

  let content;
  if (loaded === null) content = null;
  else if (orders.isLoading) content = <LoadingState>Loading orders...</LoadingState>;
  else if (orders.isError) content = <ErrorState>{serverMessage(orders.error) ?? 'Failed to load orders'}</ErrorState>;
  else if ((orders.data ?? []).length === 0) content = <EmptyState title="No orders found for this supplier" testId="supplier-empty" />;
  else
    content = (
      <div className="table-wrap">
        <table className="table table--cards" data-testid="supplier-orders">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Vessel</th>
              <th scope="col" className="num">
                Items
              </th>
              <th scope="col" className="num">
                Value
              </th>
              <th scope="col">Status</th>
              <th scope="col" className="actions-col">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.data!.map((order) => {
              const badge = supplierStatusBadge(order.status);
              return (
                <tr key={order.id} data-testid="supplier-order-row">
                  <td className="mono nowrap card-title">{order.orderNumber}</td>
                  <td data-label="Vessel">{order.vesselName}</td>
                  <td className="num" data-label="Items">
                    {order.totalItems}
                  </td>
                  <td className="num" data-label="Value">
                    {formatMoney(order.estimatedCost)}
                  </td>
                  <td data-label="Status">
                    <Badge tone={badge.tone} testId="supplier-order-status">
                      {badge.label}
                    </Badge>
                  </td>
                  <td className="actions-col">
                    <div className="row-actions row-actions--table">
                      {order.status === 'sent_to_supplier' && (
                        <Button
                          size="sm"
                          disabled={acknowledge.isPending}
                          onClick={() =>
                            acknowledge.mutate(order.id, {
                              onSuccess: () => notifySuccess(`Order ${order.orderNumber} acknowledged`),
                              onError: (error) => notifyError(error, 'Failed to acknowledge order'),
                            })
                          }
                        >
                          Acknowledge
                        </Button>
                      )}
                      <a className="btn btn--ghost btn--sm" href={`/api/orders/${order.id}/export`} target="_blank" rel="noreferrer" aria-label={`Download order ${order.orderNumber}`}>
                        Download
                      </a>
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
      <PageHeader title="Supplier Portal" subtitle="Orders addressed to a supplier company." />
      <Card testId="supplier-portal">
        <form
          className="order-create"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) setLoaded(name.trim());
          }}
        >
          <Field id="supplier-name" label="Supplier Company Name">
            <input id="supplier-name" className="input" value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Marine Med Supply" />
          </Field>
          <div className="order-create__action">
            <Button type="submit" disabled={!name.trim()}>
              Load Orders
            </Button>
          </div>
        </form>
        {content}
      </Card>
    </div>
  );
}
