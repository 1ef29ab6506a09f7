import { displayOrderNumber, orderValue, supplierStatus, type Order, type OrderItemRow, type OrderStatus, type OrderWithItems, type SupplierOrder, type UpcomingOrder, type VesselScope } from '@medchest/domain';
import { vesselInScope } from '../scope';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadModelDb } from '../db';
import { actorOf, deletedSince } from '../users/actor';
import type { OrdersTable } from './migration';

// The answers are contracts of the domain (defined once, imported by the web too).
export type { Order, OrderItemRow, OrderStatusHistoryRow, OrderWithItems, SupplierOrder, UpcomingOrder } from '@medchest/domain';

export interface OrderFilters {
  status?: string;
  vesselId?: string;
  /** Only orders on these vessels (the caller's scope); undefined: every vessel. */
  vesselIds?: readonly string[];
  /** Only orders on vessels of this scope (issue 9: the caller's); undefined: every vessel. */
  scope?: VesselScope;
}

type OrderRecord = Selectable<OrdersTable>;

async function itemsOf(db: Kysely<ReadModelDb>, orderIds: readonly string[]): Promise<Map<string, OrderItemRow[]>> {
  const byOrder = new Map<string, OrderItemRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.selectFrom('order_items').selectAll().where('order_id', 'in', [...orderIds]).orderBy('order_id').orderBy('position').execute();
  for (const row of rows) {
    const unitCost = row.unit_cost;
    const list = byOrder.get(row.order_id) ?? [];
    list.push({
      id: row.id,
      scaleId: row.scale_id,
      scaleDescription: row.scale_description,
      requiredQuantity: row.required_quantity,
      currentInventory: row.current_inventory,
      orderQuantity: row.order_quantity,
      unitCost,
      totalCost: unitCost === null ? null : Math.round(unitCost * row.order_quantity * 100) / 100,
      receivedQuantity: row.received_quantity,
    });
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}

function toOrder(row: OrderRecord, items: readonly OrderItemRow[]): Order {
  return {
    id: row.id,
    orderNumber: displayOrderNumber({ id: row.id, orderNumber: row.order_number }),
    status: row.status as OrderStatus,
    vesselId: row.vessel_id,
    vesselName: row.vessel_name,
    vessel: { vesselName: row.vessel_name, imoNumber: row.imo_number },
    imoNumber: row.imo_number,
    supplierName: row.supplier_name,
    supplierEmail: row.supplier_email,
    totalItems: items.filter((item) => item.orderQuantity > 0).length,
    estimatedCost: orderValue(items.map((item) => ({ orderQuantity: item.orderQuantity, unitCost: item.unitCost ?? undefined }))),
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at ? row.sent_at.toISOString() : null,
    notes: row.notes,
    expiryThreshold: row.expiry_threshold,
  };
}

/** The orders, newest first, filtered by status and vessel and kept to the caller's vessels. */
export async function listOrders(db: Kysely<ReadModelDb>, filters: OrderFilters = {}): Promise<Order[]> {
  if (filters.vesselIds && filters.vesselIds.length === 0) return [];
  let query = db.selectFrom('orders').selectAll();
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.vesselId) query = query.where('vessel_id', '=', filters.vesselId);
  if (filters.vesselIds) query = query.where('vessel_id', 'in', [...filters.vesselIds]);
  if (filters.scope) query = query.where(vesselInScope(filters.scope, 'orders.vessel_id'));
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').execute();
  const items = await itemsOf(db, rows.map((row) => row.id));
  return rows.map((row) => toOrder(row, items.get(row.id) ?? []));
}

/**
 * One vessel's orders in the given statuses, newest first, each with its items (the captain
 * dashboard's supply orders: what is coming, and what of it has arrived).
 */
export async function listVesselOrdersWithItems(db: Kysely<ReadModelDb>, vesselId: string, statuses: readonly OrderStatus[]): Promise<UpcomingOrder[]> {
  if (statuses.length === 0) return [];
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where('vessel_id', '=', vesselId)
    .where('status', 'in', [...statuses])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  const items = await itemsOf(db, rows.map((row) => row.id));
  return rows.map((row) => {
    const orderItems = items.get(row.id) ?? [];
    return { ...toOrder(row, orderItems), orderItems };
  });
}

/** One order with its items and its status history; undefined when there is none. */
export async function getOrder(db: Kysely<ReadModelDb>, orderId: string): Promise<OrderWithItems | undefined> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!row) return undefined;
  const items = (await itemsOf(db, [orderId])).get(orderId) ?? [];
  const history = await db
    .selectFrom('order_status_history as h')
    .leftJoin('users as u', 'u.id', 'h.changed_by')
    .select(['h.id', 'h.from_status', 'h.to_status', 'h.actor', 'h.changed_at', 'h.changed_by', 'u.id as user_id', 'u.first_name', 'u.last_name', deletedSince('h', 'changed_by').as('actor_deleted')])
    .where('h.order_id', '=', orderId)
    .orderBy('h.log_commit')
    .orderBy('h.log_event')
    .execute();
  return {
    ...toOrder(row, items),
    orderItems: items,
    statusHistory: history.map((h) => ({
      id: h.id,
      // Written from OrderStatusChanged events only, whose statuses the domain's schema checked.
      from: h.from_status as OrderStatus,
      to: h.to_status as OrderStatus,
      by: h.actor,
      changedAt: h.changed_at.toISOString(),
      user: actorOf(h.changed_by, { id: h.user_id, firstName: h.first_name, lastName: h.last_name, deletedSince: h.actor_deleted }),
    })),
  };
}

/**
 * The orders addressed to a supplier (its name, case and surrounding spaces aside), on the
 * caller's vessels, with the supplier-side status. Drafts and approved orders have no supplier yet.
 */
export async function listSupplierOrders(
  db: Kysely<ReadModelDb>,
  supplierName: string,
  options: { vesselIds?: readonly string[]; scope?: VesselScope } = {},
): Promise<SupplierOrder[]> {
  const name = supplierName.trim().toLowerCase();
  if (!name || (options.vesselIds && options.vesselIds.length === 0)) return [];
  let query = db.selectFrom('orders').selectAll().where(sql<string>`lower(supplier_name)`, '=', name);
  if (options.vesselIds) query = query.where('vessel_id', 'in', [...options.vesselIds]);
  if (options.scope) query = query.where(vesselInScope(options.scope, 'orders.vessel_id'));
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').execute();
  const items = await itemsOf(db, rows.map((row) => row.id));
  return rows.map((row) => {
    const orderItems = items.get(row.id) ?? [];
    const order = toOrder(row, orderItems);
    return { ...order, status: supplierStatus(order.status), orderItems };
  });
}
