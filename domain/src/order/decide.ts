import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { OrderEvent, OrderItem, OrderStatus } from './events';
import { canMove, illegalMoveMessage, OPEN_WITH_SUPPLIER, SUPPLIER_STATUSES } from './lifecycle';
import { NOTHING_RECEIVED, RECEIVE_MESSAGES } from './receive';
import { evolveOrder, initialOrderState, outstandingQuantity, type ExistingOrder, type OrderState } from './state';

/** Who makes a move and when: `who` a user id (null for the supplier's signed link), `at` ISO. */
export interface Actor {
  by: 'fleet' | 'supplier';
  who: string | null;
  at: string;
}

export interface ReceivedItem {
  orderItemId: string;
  quantityReceived: number;
  batchNumber: number;
  expiryDate?: string;
  /** The id of the batch it becomes on the vessel's inventory (made by the API). */
  batchId: string;
}

export type OrderCommand =
  | {
      type: 'CreateOrder';
      orderId: string;
      orderNumber: string;
      vesselId: string;
      vesselName: string;
      imoNumber: string;
      expiryThreshold: string;
      notes?: string;
      items: OrderItem[];
    }
  /** A move through the life cycle other than assigning a vendor and receiving goods. */
  | { type: 'ChangeOrderStatus'; to: OrderStatus; actor: Actor }
  | { type: 'AssignVendor'; supplierName: string; supplierEmail: string; actor: Actor }
  | { type: 'QuoteItems'; quotes: { orderItemId: string; unitCost: number }[]; actor: Actor }
  | { type: 'ReceiveItems'; receiptId: string; items: ReceivedItem[]; actor: Actor };

export const orderNotFound = () => new DomainError('not_found', 'Order not found');
export const NOTHING_TO_ORDER = 'An order needs at least one item with a quantity to order';
const unknownItem = () => new DomainError('validation', RECEIVE_MESSAGES.notOnOrder);

function existing(state: OrderState): ExistingOrder {
  if (state.status === 'absent') throw orderNotFound();
  return state;
}

function move(order: ExistingOrder, to: OrderStatus, actor: Actor): OrderEvent {
  if (!canMove(order.status, to)) throw new DomainError('conflict', illegalMoveMessage(order.status, to));
  const { orderId, orderNumber, vesselId } = order;
  return { type: 'OrderStatusChanged', data: { orderId, orderNumber, vesselId, from: order.status, to, who: actor.who, by: actor.by, when: actor.at } };
}

/**
 * The order stream's decisions: the whole life cycle is one state machine (lifecycle.ts), every
 * move is one OrderStatusChanged, and a move the table does not allow is a 409 naming both states.
 * Who may make which move: the supplier acknowledges, starts and ships; the fleet approves,
 * assigns the vendor (→ ordered), cancels and receives (→ delivered).
 */
export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'CreateOrder': {
      if (state.status !== 'absent') throw new DomainError('conflict', 'Order already exists');
      if (!command.items.some((item) => item.orderQuantity > 0)) throw new DomainError('validation', NOTHING_TO_ORDER, { orderItems: NOTHING_TO_ORDER });
      const { type: _type, ...data } = command;
      return [{ type: 'OrderCreated', data }];
    }
    case 'ChangeOrderStatus': {
      const order = existing(state);
      const { to, actor } = command;
      // 'ordered' comes with a vendor and 'delivered' with what was received (their own
      // commands); the supplier's moves are the supplier's alone, and the others the fleet's.
      const reason =
        to === 'ordered'
          ? 'Assign a vendor to mark the order as ordered'
          : to === 'delivered'
            ? 'Receive the items to mark the order as delivered'
            : SUPPLIER_STATUSES.includes(to) !== (actor.by === 'supplier')
              ? `This move is not yours to make: ${order.status} to ${to}`
              : undefined;
      if (reason && canMove(order.status, to)) throw new DomainError('conflict', reason);
      return [move(order, to, actor)];
    }
    case 'AssignVendor': {
      const order = existing(state);
      const changed = move(order, 'ordered', command.actor);
      const { orderId, orderNumber, vesselId } = order;
      const { supplierName, supplierEmail, actor } = command;
      return [
        { type: 'OrderVendorAssigned', data: { orderId, orderNumber, vesselId, supplierName, supplierEmail, assignedBy: actor.who, assignedAt: actor.at } },
        changed,
      ];
    }
    case 'QuoteItems': {
      const order = existing(state);
      const { quotes, actor } = command;
      const open: readonly OrderStatus[] = actor.by === 'supplier' ? OPEN_WITH_SUPPLIER.filter((s) => s !== 'fulfilled') : ['draft', 'approved'];
      if (!open.includes(order.status)) throw new DomainError('conflict', `Unit costs cannot be changed on an order that is ${order.status}`);
      const ids = new Set(order.items.map((item) => item.id));
      if (quotes.some((q) => !ids.has(q.orderItemId))) throw unknownItem();
      const current = new Map(order.items.map((item) => [item.id, item.unitCost]));
      const changed = quotes.filter((q) => current.get(q.orderItemId) !== q.unitCost);
      if (changed.length === 0) return [];
      return [{ type: 'OrderItemsQuoted', data: { orderId: order.orderId, by: actor.by, quotes: changed } }];
    }
    case 'ReceiveItems': {
      const order = existing(state);
      const { receiptId, items, actor } = command;
      // The same receipt again (a retried request): already recorded.
      if (order.receiptIds.includes(receiptId)) return [];
      if (!OPEN_WITH_SUPPLIER.includes(order.status)) throw new DomainError('conflict', illegalMoveMessage(order.status, 'delivered'));
      const received = items.filter((item) => item.quantityReceived > 0);
      if (received.length === 0) throw new DomainError('validation', NOTHING_RECEIVED, { receivedItems: NOTHING_RECEIVED });
      const byId = new Map(order.items.map((item) => [item.id, item]));
      if (received.some((item) => !byId.has(item.orderItemId))) throw unknownItem();
      const receipt: OrderEvent = {
        type: 'OrderItemsReceived',
        data: {
          orderId: order.orderId,
          vesselId: order.vesselId,
          receiptId,
          items: received.map(({ orderItemId, quantityReceived, batchNumber, expiryDate, batchId }) => ({
            orderItemId,
            scaleId: byId.get(orderItemId)!.scaleId,
            batchId,
            quantityReceived,
            batchNumber,
            ...(expiryDate ? { expiryDate } : {}),
          })),
        },
      };
      // Delivered once nothing is outstanding; a partial delivery keeps the order open.
      const after = evolveOrder(order, receipt) as ExistingOrder;
      const complete = after.items.every((item) => outstandingQuantity(after, item) === 0);
      return complete ? [receipt, move(order, 'delivered', actor)] : [receipt];
    }
  }
}

export const orderDecider: Decider<OrderCommand, OrderState, OrderEvent> = {
  decide: decideOrder,
  evolve: evolveOrder,
  initialState: initialOrderState,
};
