import type { OrderEvent, OrderItem, OrderStatus } from './events';
import { stillToCome } from './receive';

export interface OrderSupplier {
  supplierName: string;
  supplierEmail: string;
  assignedAt: string;
}

export type OrderState =
  | { status: 'absent' }
  | {
      status: OrderStatus;
      orderId: string;
      orderNumber: string;
      vesselId: string;
      vesselName: string;
      imoNumber: string;
      expiryThreshold: string;
      notes?: string;
      items: OrderItem[];
      supplier?: OrderSupplier;
      /** Units received so far per order item id. */
      received: Record<string, number>;
      receiptIds: string[];
    };

export type ExistingOrder = Exclude<OrderState, { status: 'absent' }>;

export const initialOrderState = (): OrderState => ({ status: 'absent' });

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'OrderCreated') {
    const { orderId, orderNumber, vesselId, vesselName, imoNumber, expiryThreshold, notes, items } = event.data;
    return {
      status: 'draft',
      orderId,
      orderNumber,
      vesselId,
      vesselName,
      imoNumber,
      expiryThreshold,
      ...(notes !== undefined ? { notes } : {}),
      items,
      received: {},
      receiptIds: [],
    };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'OrderStatusChanged':
      return { ...state, status: event.data.to };
    case 'OrderVendorAssigned': {
      const { supplierName, supplierEmail, assignedAt } = event.data;
      return { ...state, supplier: { supplierName, supplierEmail, assignedAt } };
    }
    case 'OrderItemsQuoted': {
      const costs = new Map(event.data.quotes.map((q) => [q.orderItemId, q.unitCost]));
      return { ...state, items: state.items.map((item) => (costs.has(item.id) ? { ...item, unitCost: costs.get(item.id) } : item)) };
    }
    case 'OrderItemsReceived': {
      const received = { ...state.received };
      for (const item of event.data.items) received[item.orderItemId] = (received[item.orderItemId] ?? 0) + item.quantityReceived;
      return { ...state, received, receiptIds: [...state.receiptIds, event.data.receiptId] };
    }
  }
}

/** Units of an item still to come: ordered minus received, never below 0. */
export const outstandingQuantity = (state: ExistingOrder, item: OrderItem): number =>
  stillToCome({ id: item.id, orderQuantity: item.orderQuantity, receivedQuantity: state.received[item.id] ?? 0 });
