import type { StatusTone } from '../shared/tone';
import type { OrderStatus } from './events';

/**
 * The order's life cycle as one table: the statuses each status may move to, and who may make the
 * move. draft → approved → ordered (a vendor assigned) → acknowledged / in_progress → fulfilled
 * (shipped by the supplier) → delivered (received on board); cancelled from draft or approved.
 * The supplier may skip steps forward (ship without acknowledging first); the ship may receive the
 * goods before the supplier marks them shipped. delivered and cancelled are final.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  draft: ['approved', 'cancelled'],
  approved: ['ordered', 'cancelled'],
  ordered: ['acknowledged', 'in_progress', 'fulfilled', 'delivered'],
  acknowledged: ['in_progress', 'fulfilled', 'delivered'],
  in_progress: ['fulfilled', 'delivered'],
  fulfilled: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** Moves the supplier makes (through the portal or the signed link); every other move is the fleet's. */
export const SUPPLIER_STATUSES: readonly OrderStatus[] = ['acknowledged', 'in_progress', 'fulfilled'];

/** Statuses in which the order is with the supplier: its signed link works, goods may be received. */
export const OPEN_WITH_SUPPLIER: readonly OrderStatus[] = ['ordered', 'acknowledged', 'in_progress', 'fulfilled'];

export const canMove = (from: OrderStatus, to: OrderStatus): boolean => ORDER_TRANSITIONS[from].includes(to);

/** The 409 of an illegal move, naming both states. */
export const illegalMoveMessage = (from: OrderStatus, to: OrderStatus) =>
  from === to ? `The order is already ${ORDER_STATUS_LABELS[from].toLowerCase()}` : `An order cannot move from ${from} to ${to}`;

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  draft: 'Draft',
  approved: 'Approved',
  ordered: 'Ordered',
  acknowledged: 'Acknowledged',
  in_progress: 'In progress',
  fulfilled: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The supplier-side name of a status (spec 001 §4): an ordered order is sent_to_supplier to them. */
export type SupplierStatus = Exclude<OrderStatus, 'ordered'> | 'sent_to_supplier';
export const supplierStatus = (status: OrderStatus): SupplierStatus => (status === 'ordered' ? 'sent_to_supplier' : status);

/** A status as the supplier reads it: their own name for an ordered order, the others as everyone reads them. */
export const supplierStatusLabel = (status: SupplierStatus): string => (status === 'sent_to_supplier' ? 'Sent to supplier' : ORDER_STATUS_LABELS[status]);

/** The status badge's colour: spec 001 §4 names draft, approved, ordered (navy, the primary colour), delivered; others amber. */
export const ORDER_STATUS_TONES: Record<OrderStatus, StatusTone> = {
  draft: 'neutral',
  approved: 'info',
  ordered: 'navy',
  delivered: 'success',
  acknowledged: 'warning',
  in_progress: 'warning',
  fulfilled: 'warning',
  cancelled: 'neutral',
};

/** "ORD-" and the first 8 characters of the id, for an order without a number (spec 001 §3). */
export const displayOrderNumber = (order: { id: string; orderNumber?: string | null }) =>
  order.orderNumber || `ORD-${order.id.slice(0, 8)}`;
