/**
 * Cost per event (issue 14), what this read model may write: an order's creation its order row
 * and one row per item; a move its history row and the order's row; a quote or a receipt the rows
 * of the items it names (and a receipt row per batch received). A batch of events is folded per
 * order and per item first, so it costs a statement per table, not a statement per event or item.
 */
import { sql, type Insertable, type Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import { defineProjection, orNull, type ProjectedEvent } from '../projection';
import { appendRows, updateRows, writeRows } from '../sql';
import type { OrderItemsTable, OrderReceiptsTable, OrdersTable, OrderStatusHistoryTable } from './migration';

export const ORDER_EVENT_TYPES = ['OrderCreated', 'OrderStatusChanged', 'OrderVendorAssigned', 'OrderItemsQuoted', 'OrderItemsReceived'] as const;

type OrderChanges = Partial<Pick<Insertable<OrdersTable>, 'status' | 'supplier_name' | 'supplier_email' | 'sent_at' | 'updated_at'>>;

/**
 * Fold a batch (in log order) per order and per item, then write each table once. Idempotent on
 * replay: rows keyed by ids are inserted once (a replayed creation keeps the stored row), updates
 * set absolute values, and the received quantity is summed again from the receipt rows (keyed by
 * batch id), never incremented.
 */
async function applyOrders(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]) {
  /** Orders and items created in this batch: later events of the batch change them in memory. */
  const created = new Map<string, Insertable<OrdersTable>>();
  const createdItems = new Map<string, Insertable<OrderItemsTable>>();
  /** Changes to orders and items created before this batch, the last value of each column winning. */
  const orderChanges = new Map<string, OrderChanges>();
  const costs = new Map<string, number>();
  const history: Insertable<OrderStatusHistoryTable>[] = [];
  const receipts: Insertable<OrderReceiptsTable>[] = [];
  const received = new Set<string>();

  const change = (orderId: string, changes: OrderChanges) => {
    const order = created.get(orderId);
    if (order) Object.assign(order, changes);
    else orderChanges.set(orderId, { ...orderChanges.get(orderId), ...changes });
  };

  for (const event of events) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'OrderCreated': {
        const d = event.data;
        created.set(d.orderId, {
          id: d.orderId,
          order_number: d.orderNumber,
          vessel_id: d.vesselId,
          vessel_name: d.vesselName,
          imo_number: d.imoNumber,
          status: 'draft',
          supplier_name: null,
          supplier_email: null,
          notes: orNull(d.notes),
          expiry_threshold: d.expiryThreshold,
          created_by: event.metadata.userId,
          created_at: at,
          sent_at: null,
          updated_at: at,
        });
        d.items.forEach((item, position) =>
          createdItems.set(item.id, {
            id: item.id,
            order_id: d.orderId,
            position,
            scale_id: item.scaleId,
            scale_description: item.scaleDescription,
            required_quantity: item.requiredQuantity,
            current_inventory: item.currentInventory,
            order_quantity: item.orderQuantity,
            unit_cost: orNull(item.unitCost),
            received_quantity: 0,
          }),
        );
        break;
      }
      case 'OrderStatusChanged': {
        const d = event.data;
        change(d.orderId, { status: d.to, updated_at: at });
        history.push({ id: event.id, order_id: d.orderId, from_status: d.from, to_status: d.to, changed_by: d.who, actor: d.by, changed_at: d.when, log_commit: event.position.commit.toString(), log_event: event.position.event.toString() });
        break;
      }
      case 'OrderVendorAssigned': {
        const d = event.data;
        change(d.orderId, { supplier_name: d.supplierName, supplier_email: d.supplierEmail, sent_at: d.assignedAt, updated_at: at });
        break;
      }
      case 'OrderItemsQuoted': {
        for (const quote of event.data.quotes) {
          const item = createdItems.get(quote.orderItemId);
          if (item) item.unit_cost = quote.unitCost;
          else costs.set(quote.orderItemId, quote.unitCost);
        }
        break;
      }
      case 'OrderItemsReceived': {
        const d = event.data;
        for (const item of d.items) {
          receipts.push({ batch_id: item.batchId, order_id: d.orderId, order_item_id: item.orderItemId, quantity_received: item.quantityReceived, received_at: at });
          received.add(item.orderItemId);
        }
        break;
      }
      default:
        break;
    }
  }

  await writeRows(trx, 'orders', [...created.values()], { key: 'id', update: 'nothing' });
  await writeRows(trx, 'order_items', [...createdItems.values()], { key: 'id', update: 'nothing' });
  // Orders changed in several ways carry more columns: one statement per set of columns changed.
  const byColumns = new Map<string, (OrderChanges & { id: string })[]>();
  for (const [id, changes] of orderChanges) {
    const key = Object.keys(changes).sort().join(',');
    byColumns.set(key, [...(byColumns.get(key) ?? []), { id, ...changes }]);
  }
  for (const rows of byColumns.values()) await updateRows(trx, 'orders', rows, 'id');
  await updateRows(trx, 'order_items', [...costs].map(([id, unit_cost]) => ({ id, unit_cost })), 'id');
  // A row per OrderStatusChanged, keyed by its event id.
  await appendRows(trx, 'order_status_history', history, 'id');
  await writeRows(trx, 'order_receipts', receipts, { key: 'batch_id', update: 'nothing' });
  if (received.size > 0) {
    await sql`
      UPDATE order_items i SET received_quantity = (
        SELECT coalesce(sum(r.quantity_received), 0) FROM order_receipts r WHERE r.order_item_id = i.id)
      WHERE i.id = ANY(${[...received]}::text[])`.execute(trx);
  }
}

/** The orders page, the supplier portal and the order detail dialog. */
export const ordersProjection = defineProjection({
  name: 'orders',
  eventTypes: ORDER_EVENT_TYPES,
  tables: ['orders', 'order_items', 'order_status_history', 'order_receipts'],
  // order_receipts_item_idx stays: the handler sums an item's receipts by it.
  deferredIndexes: ['orders_newest_idx', 'orders_vessel_idx', 'orders_supplier_idx', 'order_items_order_idx', 'order_status_history_order_idx'],
  apply: applyOrders,
});
