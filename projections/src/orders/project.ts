import { sql, type Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import { defineProjection, orNull, type ProjectedEvent } from '../projection';
import { writeRows } from '../sql';

export const ORDER_EVENT_TYPES = ['OrderCreated', 'OrderStatusChanged', 'OrderVendorAssigned', 'OrderItemsQuoted', 'OrderItemsReceived'] as const;

/**
 * Orders are few and their events small: a statement or two per event, in log order. Every one is
 * idempotent on replay: inserts keyed by ids do nothing twice, updates set absolute values, and the
 * received quantity is summed again from the receipt rows (keyed by batch id), never incremented.
 */
async function applyOrders(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]) {
  for (const event of events) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'OrderCreated': {
        const d = event.data;
        await writeRows(
          trx,
          'orders',
          [
            {
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
            },
          ],
          { key: 'id', update: 'nothing' },
        );
        await writeRows(
          trx,
          'order_items',
          d.items.map((item, position) => ({
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
          })),
          { key: 'id', update: 'nothing' },
        );
        break;
      }
      case 'OrderStatusChanged': {
        const d = event.data;
        await trx.updateTable('orders').set({ status: d.to, updated_at: at }).where('id', '=', d.orderId).execute();
        await writeRows(
          trx,
          'order_status_history',
          [{ id: event.id, order_id: d.orderId, from_status: d.from, to_status: d.to, changed_by: d.who, actor: d.by, changed_at: d.when, log_commit: event.position.commit, log_event: event.position.event }],
          { key: 'id', update: 'nothing' },
        );
        break;
      }
      case 'OrderVendorAssigned': {
        const d = event.data;
        await trx
          .updateTable('orders')
          .set({ supplier_name: d.supplierName, supplier_email: d.supplierEmail, sent_at: d.assignedAt, updated_at: at })
          .where('id', '=', d.orderId)
          .execute();
        break;
      }
      case 'OrderItemsQuoted': {
        for (const quote of event.data.quotes) {
          await trx.updateTable('order_items').set({ unit_cost: quote.unitCost }).where('id', '=', quote.orderItemId).execute();
        }
        break;
      }
      case 'OrderItemsReceived': {
        const d = event.data;
        await writeRows(
          trx,
          'order_receipts',
          d.items.map((item) => ({
            batch_id: item.batchId,
            order_id: d.orderId,
            order_item_id: item.orderItemId,
            quantity_received: item.quantityReceived,
            received_at: at,
          })),
          { key: 'batch_id', update: 'nothing' },
        );
        const itemIds = d.items.map((item) => item.orderItemId);
        await sql`
          UPDATE order_items i SET received_quantity = (
            SELECT coalesce(sum(r.quantity_received), 0) FROM order_receipts r WHERE r.order_item_id = i.id)
          WHERE i.id = ANY(${itemIds}::text[])`.execute(trx);
        break;
      }
      default:
        break;
    }
  }
}

/** The orders page, the supplier portal and the order detail dialog. */
export const ordersProjection = defineProjection({
  name: 'orders',
  eventTypes: ORDER_EVENT_TYPES,
  tables: ['orders', 'order_items', 'order_status_history', 'order_receipts'],
  apply: applyOrders,
});
