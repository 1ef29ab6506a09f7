import type { LineActor } from './actors';
import type { OrderStatus } from '../order/events';
import type { SupplierStatus } from '../order/lifecycle';
import type { ShortfallItem } from '../order/shortfall';

/** An order item as the API answers it (spec 001 §3). */
export interface OrderItemRow {
  id: string;
  scaleId: string;
  scaleDescription: string;
  requiredQuantity: number;
  currentInventory: number;
  orderQuantity: number;
  unitCost: number | null;
  totalCost: number | null;
  receivedQuantity: number;
}

export interface OrderStatusHistoryRow {
  id: string;
  from: OrderStatus;
  to: OrderStatus;
  /** fleet | supplier */
  by: string;
  changedAt: string;
  user: LineActor;
}

/** An order as GET /api/orders answers it (spec 001 §3 Order). */
export interface Order {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  vesselId: string;
  vesselName: string;
  vessel: { vesselName: string; imoNumber: string };
  imoNumber: string;
  supplierName: string | null;
  supplierEmail: string | null;
  /** Number of items with a quantity to order. */
  totalItems: number;
  /** Σ quantity × unit cost when every item's unit cost is known; null otherwise. */
  estimatedCost: number | null;
  createdAt: string;
  sentAt: string | null;
  notes: string | null;
  expiryThreshold: string;
}

/** GET /api/orders/{id} and the answer of every order command. */
export interface OrderWithItems extends Order {
  orderItems: OrderItemRow[];
  statusHistory: OrderStatusHistoryRow[];
}

/** An order as the supplier portal and the supplier's link show it: the supplier-side status. */
export interface SupplierOrder extends Omit<Order, 'status'> {
  status: SupplierStatus;
  orderItems: OrderItemRow[];
}

/** POST /api/vessels/{id}/generate-order: the shortfall on the expiry threshold date. */
export interface OrderPreview {
  expiryThreshold: string;
  orderItems: ShortfallItem[];
}

/**
 * GET /api/captain/orders/upcoming: an order of the captain's vessel still to arrive, with its
 * items (what was ordered and what has arrived so far), for the dashboard's detail and receive
 * dialogs.
 */
export interface UpcomingOrder extends Order {
  orderItems: OrderItemRow[];
}
