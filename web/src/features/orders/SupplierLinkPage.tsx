import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ErrorState, LoadingState } from '../../components/ui/StateMessage';
import { LogoMark } from '../../components/ui/icons';
import { apiJson, serverMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { formatMoney, supplierStatusBadge } from './orderView';
import type { OrderWithItems } from '@medchest/domain';
import './orders.css';

type LinkOrder = Omit<OrderWithItems, 'status'> & { status: string };

/** The supplier's moves through the link, in the order they come. */
const MOVES = [
  { path: 'acknowledge', label: 'Acknowledge', from: ['sent_to_supplier'], done: 'Order acknowledged' },
  { path: 'in-progress', label: 'Mark In Progress', from: ['sent_to_supplier', 'acknowledged'], done: 'Order marked in progress' },
  { path: 'fulfilled', label: 'Mark Shipped', from: ['sent_to_supplier', 'acknowledged', 'in_progress'], done: 'Order marked as shipped' },
] as const;

/**
 * /supplier/orders/{token}: the page the supplier's mail links to. No account: the signed token is
 * the key. It shows the order and lets the supplier acknowledge it, mark it in progress and shipped.
 */
export function SupplierLinkPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const key = ['/api/supplier/link', token] as const;
  const order = useQuery<LinkOrder>({ queryKey: key, retry: false });
  const [costs, setCosts] = useState<Record<string, string>>({});
  useEffect(() => {
    if (order.data) setCosts(Object.fromEntries(order.data.orderItems.map((item) => [item.id, item.unitCost === null ? '' : String(item.unitCost)])));
  }, [order.data]);
  const quote = useMutation({
    mutationFn: (quotes: { orderItemId: string; unitCost: number }[]) => apiJson<LinkOrder>('PUT', `/api/supplier/link/${token}/quote`, { quotes }),
    onSuccess: (answer) => queryClient.setQueryData(key, { ...answer, status: answer.status === 'ordered' ? 'sent_to_supplier' : answer.status }),
  });
  const move = useMutation({
    mutationFn: (path: string) => apiJson<LinkOrder>('PUT', `/api/supplier/link/${token}/${path}`),
    onSuccess: (answer) => queryClient.setQueryData(key, { ...answer, status: answer.status === 'ordered' ? 'sent_to_supplier' : answer.status }),
  });

  let body;
  if (order.isLoading) body = <LoadingState>Loading order...</LoadingState>;
  else if (order.isError || !order.data)
    body = <ErrorState testId="link-error">{serverMessage(order.error) ?? 'This order link is not valid or has expired'}</ErrorState>;
  else {
    const data = order.data;
    const badge = supplierStatusBadge(data.status);
    // Unit costs may be quoted until the goods are shipped.
    const quoting = ['sent_to_supplier', 'acknowledged', 'in_progress'].includes(data.status);
    const quotes = Object.entries(costs)
      .filter(([, value]) => value.trim() !== '' && Number.isFinite(Number(value)) && Number(value) >= 0)
      .map(([orderItemId, value]) => ({ orderItemId, unitCost: Number(value) }));
    body = (
      <>
        <dl className="order-facts">
          <div>
            <dt>Vessel</dt>
            <dd>
              {data.vesselName} <span className="text-muted">IMO {data.imoNumber}</span>
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <Badge tone={badge.tone} testId="link-status">
                {badge.label}
              </Badge>
            </dd>
          </div>
          <div>
            <dt>Sent</dt>
            <dd>{formatDate(data.sentAt) ?? '—'}</dd>
          </div>
          <div>
            <dt>Value</dt>
            <dd>{formatMoney(data.estimatedCost)}</dd>
          </div>
          {data.notes && (
            <div>
              <dt>Delivery notes</dt>
              <dd>{data.notes}</dd>
            </div>
          )}
        </dl>
        <div className="table-wrap">
          <table className="table" data-testid="link-items">
            <thead>
              <tr>
                <th scope="col">Scale ID</th>
                <th scope="col">Description</th>
                <th scope="col" className="num">
                  Quantity
                </th>
                <th scope="col" className="num">
                  Unit Cost
                </th>
              </tr>
            </thead>
            <tbody>
              {data.orderItems
                .filter((item) => item.orderQuantity > 0)
                .map((item) => (
                  <tr key={item.id}>
                    <td className="mono">{item.scaleId}</td>
                    <td>{item.scaleDescription}</td>
                    <td className="num">{item.orderQuantity}</td>
                    <td className="num">
                      {quoting ? (
                        <input
                          className="input input--qty"
                          type="number"
                          min={0}
                          step="0.01"
                          placeholder="—"
                          aria-label={`Unit cost of ${item.scaleId}`}
                          value={costs[item.id] ?? ''}
                          onChange={(e) => setCosts((all) => ({ ...all, [item.id]: e.target.value }))}
                        />
                      ) : (
                        formatMoney(item.unitCost)
                      )}
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
        {quoting && (
          <div className="row-actions supplier-link__actions">
            <Button
              variant="secondary"
              disabled={quote.isPending || quotes.length === 0}
              onClick={() => quote.mutate(quotes, { onSuccess: () => notifySuccess('Unit costs saved'), onError: (error) => notifyFailure(error, 'Failed to save unit costs') })}
            >
              {quote.isPending ? 'Saving...' : 'Save Unit Costs'}
            </Button>
          </div>
        )}
        <div className="row-actions supplier-link__actions">
          {MOVES.filter((m) => (m.from as readonly string[]).includes(data.status)).map((m) => (
            <Button
              key={m.path}
              disabled={move.isPending}
              variant={m.path === 'acknowledge' || (m.path === 'in-progress' && data.status === 'acknowledged') || (m.path === 'fulfilled' && data.status === 'in_progress') ? 'primary' : 'secondary'}
              onClick={() => move.mutate(m.path, { onSuccess: () => notifySuccess(m.done), onError: (error) => notifyFailure(error, 'Failed to update the order') })}
            >
              {m.label}
            </Button>
          ))}
        </div>
      </>
    );
  }

  return (
    <div className="supplier-link">
      <header className="supplier-link__header">
        <LogoMark size={32} />
        <div>
          <h1>{order.data ? `Purchase Order ${order.data.orderNumber}` : 'Purchase Order'}</h1>
          <p className="text-muted">From a MedChest fleet, for a ship's medical chest.</p>
        </div>
      </header>
      <div className="card">{body}</div>
    </div>
  );
}
