import type { OrderStatus, ShortfallItem, SupplierStatus } from '@medchest/domain';

/** An order item as the API answers it (spec 001 §3 Order item). */
export interface OrderItem {
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

/** An order as GET /api/orders answers it (spec 001 §3 Order). */
export interface Order {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  vesselId: string;
  vesselName: string;
  imoNumber: string;
  supplierName: string | null;
  supplierEmail: string | null;
  totalItems: number;
  estimatedCost: number | null;
  createdAt: string;
  sentAt: string | null;
  notes: string | null;
  expiryThreshold: string;
}

export interface OrderWithItems extends Order {
  orderItems: OrderItem[];
  statusHistory: { id: string; from: OrderStatus; to: OrderStatus; by: string; changedAt: string; user: { firstName: string | null; lastName: string | null; deleted?: boolean } | null }[];
}

export interface SupplierOrder extends Omit<Order, 'status'> {
  status: SupplierStatus;
  orderItems: OrderItem[];
}

export interface OrderPreview {
  expiryThreshold: string;
  orderItems: ShortfallItem[];
}
