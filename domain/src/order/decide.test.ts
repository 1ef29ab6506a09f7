import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/testing/decider';
import { decideOrder, NOTHING_TO_ORDER, type Actor, type OrderCommand } from './decide';
import { NOTHING_RECEIVED } from './receive';
import { ORDER_STATUSES, type OrderEvent, type OrderItem, type OrderStatus } from './events';
import { canMove, ORDER_TRANSITIONS, SUPPLIER_STATUSES } from './lifecycle';
import { evolveOrder, initialOrderState, type OrderState } from './state';

const orderId = '5b0c7d1e-4a2f-4c3b-9d8e-1f2a3b4c5d6e';
const vesselId = '0b6f1c52-2f3e-4f65-9a55-6d1b3c0f7e11';
const orderNumber = 'ORD-2026-00001';
const at = '2026-11-25T10:00:00.000Z';
const fleet: Actor = { by: 'fleet', who: 'user-1', at };
const supplier: Actor = { by: 'supplier', who: null, at };
const items: OrderItem[] = [
  { id: 'item-1', scaleId: 'IMGS01', scaleDescription: 'Acetylsalicylic acid', requiredQuantity: 50, currentInventory: 20, orderQuantity: 30 },
  { id: 'item-2', scaleId: 'IMGS02', scaleDescription: 'Aciclovir', requiredQuantity: 10, currentInventory: 0, orderQuantity: 10, unitCost: 2.5 },
];

const given = deciderSpec<OrderCommand, OrderState, OrderEvent>({ decide: decideOrder, evolve: evolveOrder, initialState: initialOrderState });

const created: OrderEvent = {
  type: 'OrderCreated',
  data: { orderId, orderNumber, vesselId, vesselName: 'Nordic Aurora', imoNumber: '9074729', expiryThreshold: '2027-01-31', items },
};
const changed = (from: OrderStatus, to: OrderStatus, actor: Actor = fleet): OrderEvent => ({
  type: 'OrderStatusChanged',
  data: { orderId, orderNumber, vesselId, from, to, who: actor.who, by: actor.by, when: actor.at },
});
const assigned: OrderEvent = {
  type: 'OrderVendorAssigned',
  data: { orderId, orderNumber, vesselId, supplierName: 'Marine Med Supply', supplierEmail: 'orders@mms.example', assignedBy: 'user-1', assignedAt: at },
};

/** The events that bring a new order to `status` along the usual path. */
function historyTo(status: OrderStatus): OrderEvent[] {
  switch (status) {
    case 'draft':
      return [created];
    case 'approved':
      return [created, changed('draft', 'approved')];
    case 'ordered':
      return [...historyTo('approved'), assigned, changed('approved', 'ordered')];
    case 'acknowledged':
      return [...historyTo('ordered'), changed('ordered', 'acknowledged', supplier)];
    case 'in_progress':
      return [...historyTo('acknowledged'), changed('acknowledged', 'in_progress', supplier)];
    case 'fulfilled':
      return [...historyTo('in_progress'), changed('in_progress', 'fulfilled', supplier)];
    case 'delivered':
      return [...historyTo('fulfilled'), changed('fulfilled', 'delivered')];
    case 'cancelled':
      return [created, changed('draft', 'cancelled')];
  }
}

/** The command that makes the move `to` from any status, as its rightful actor would send it. */
function commandFor(to: OrderStatus): OrderCommand {
  if (to === 'ordered') return { type: 'AssignVendor', supplierName: 'Marine Med Supply', supplierEmail: 'orders@mms.example', actor: fleet };
  if (to === 'delivered') {
    return {
      type: 'ReceiveItems',
      receiptId: 'receipt-1',
      actor: fleet,
      items: items.map((item, i) => ({ orderItemId: item.id, quantityReceived: item.orderQuantity, batchNumber: 1, batchId: `batch-${i}`, expiryDate: '2028-01-31' })),
    };
  }
  return { type: 'ChangeOrderStatus', to, actor: SUPPLIER_STATUSES.includes(to) ? supplier : fleet };
}

const moves = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => to !== 'draft').map((to) => ({ from, to })));

describe('order decider: the life cycle', () => {
  it.each(moves.filter(({ from, to }) => canMove(from, to)))('moves an order from $from to $to as one OrderStatusChanged', ({ from, to }) => {
    const command = commandFor(to);
    const events = decideOrder(command, historyTo(from).reduce(evolveOrder, initialOrderState()));
    const statusChanges = events.filter((e) => e.type === 'OrderStatusChanged');
    expect(statusChanges).toEqual([changed(from, to, 'actor' in command ? command.actor : fleet)]);
  });

  it.each(moves.filter(({ from, to }) => !canMove(from, to)))('refuses to move an order from $from to $to (409 naming both)', ({ from, to }) => {
    const message = from === to ? expect.stringContaining('already') : `An order cannot move from ${from} to ${to}`;
    expect(() => decideOrder(commandFor(to), historyTo(from).reduce(evolveOrder, initialOrderState()))).toThrow(
      expect.objectContaining({ kind: 'conflict', message }),
    );
  });

  it('has exactly the moves of the specification', () => {
    expect(ORDER_TRANSITIONS).toEqual({
      draft: ['approved', 'cancelled'],
      approved: ['ordered', 'cancelled'],
      ordered: ['acknowledged', 'in_progress', 'fulfilled', 'delivered'],
      acknowledged: ['in_progress', 'fulfilled', 'delivered'],
      in_progress: ['fulfilled', 'delivered'],
      fulfilled: ['delivered'],
      delivered: [],
      cancelled: [],
    });
  });

  it('refuses a second approval: the second of two racing approvals gets 409', () => {
    given(historyTo('approved')).when({ type: 'ChangeOrderStatus', to: 'approved', actor: fleet }).thenThrows('conflict', 'The order is already approved');
  });

  it('assigns a vendor and marks the order ordered, in one decision', () => {
    given(historyTo('approved')).when(commandFor('ordered')).then([assigned, changed('approved', 'ordered')]);
  });

  it('refuses a second vendor assignment', () => {
    given(historyTo('ordered')).when(commandFor('ordered')).thenThrows('conflict', 'The order is already ordered');
  });

  it('does not let the fleet mark ordered without a vendor, nor delivered without a receipt', () => {
    given(historyTo('approved')).when({ type: 'ChangeOrderStatus', to: 'ordered', actor: fleet }).thenThrows('conflict', 'Assign a vendor to mark the order as ordered');
    given(historyTo('fulfilled')).when({ type: 'ChangeOrderStatus', to: 'delivered', actor: fleet }).thenThrows('conflict', 'Receive the items to mark the order as delivered');
  });

  it('keeps the supplier moves to the supplier and the fleet moves to the fleet', () => {
    given(historyTo('ordered')).when({ type: 'ChangeOrderStatus', to: 'acknowledged', actor: fleet }).thenThrows('conflict', 'This move is not yours to make: ordered to acknowledged');
    given(historyTo('draft')).when({ type: 'ChangeOrderStatus', to: 'approved', actor: supplier }).thenThrows('conflict', 'This move is not yours to make: draft to approved');
  });

  it('answers 404 for an order that does not exist', () => {
    given([]).when({ type: 'ChangeOrderStatus', to: 'approved', actor: fleet }).thenThrows('not_found', 'Order not found');
  });
});

describe('order decider: creating, quoting, receiving', () => {
  const create: OrderCommand = { type: 'CreateOrder', orderId, orderNumber, vesselId, vesselName: 'Nordic Aurora', imoNumber: '9074729', expiryThreshold: '2027-01-31', items };

  it('creates a draft', () => {
    given([]).when(create).then([created]);
  });

  it('refuses an order with nothing to order, and a second creation', () => {
    given([]).when({ ...create, items: items.map((i) => ({ ...i, orderQuantity: 0 })) }).thenThrows('validation', NOTHING_TO_ORDER);
    given([created]).when(create).thenThrows('conflict', 'Order already exists');
  });

  it('records a supplier quote only while the order is with the supplier, and only what changed', () => {
    const quote = (actor: Actor): OrderCommand => ({ type: 'QuoteItems', actor, quotes: [{ orderItemId: 'item-1', unitCost: 1.2 }, { orderItemId: 'item-2', unitCost: 2.5 }] });
    given(historyTo('acknowledged'))
      .when(quote(supplier))
      .then([{ type: 'OrderItemsQuoted', data: { orderId, by: 'supplier', quotes: [{ orderItemId: 'item-1', unitCost: 1.2 }] } }]);
    given(historyTo('draft')).when(quote(supplier)).thenThrows('conflict', 'Unit costs cannot be changed on an order that is draft');
    given(historyTo('delivered')).when(quote(fleet)).thenThrows('conflict', 'Unit costs cannot be changed on an order that is delivered');
    given(historyTo('ordered'))
      .when({ type: 'QuoteItems', actor: supplier, quotes: [{ orderItemId: 'nope', unitCost: 1 }] })
      .thenThrows('validation', 'This item is not on the order');
  });

  it('keeps a partly delivered order open, and delivers it when the rest arrives', () => {
    const first: OrderCommand = {
      type: 'ReceiveItems',
      receiptId: 'r1',
      actor: fleet,
      items: [
        { orderItemId: 'item-1', quantityReceived: 30, batchNumber: 2, batchId: 'b1', expiryDate: '2028-01-31' },
        { orderItemId: 'item-2', quantityReceived: 4, batchNumber: 1, batchId: 'b2' },
      ],
    };
    const receipt: OrderEvent = {
      type: 'OrderItemsReceived',
      data: {
        orderId,
        vesselId,
        receiptId: 'r1',
        items: [
          { orderItemId: 'item-1', scaleId: 'IMGS01', batchId: 'b1', quantityReceived: 30, batchNumber: 2, expiryDate: '2028-01-31' },
          { orderItemId: 'item-2', scaleId: 'IMGS02', batchId: 'b2', quantityReceived: 4, batchNumber: 1 },
        ],
      },
    };
    given(historyTo('fulfilled')).when(first).then([receipt]);
    // The same receipt again is already recorded.
    given([...historyTo('fulfilled'), receipt]).when(first).then([]);
    const rest: OrderCommand = { type: 'ReceiveItems', receiptId: 'r2', actor: fleet, items: [{ orderItemId: 'item-2', quantityReceived: 6, batchNumber: 2, batchId: 'b3' }] };
    const events = decideOrder(rest, [...historyTo('fulfilled'), receipt].reduce(evolveOrder, initialOrderState()));
    expect(events.map((e) => e.type)).toEqual(['OrderItemsReceived', 'OrderStatusChanged']);
    expect(events[1]).toEqual(changed('fulfilled', 'delivered'));
  });

  it('refuses a receipt with nothing received, or for an item not on the order', () => {
    given(historyTo('ordered'))
      .when({ type: 'ReceiveItems', receiptId: 'r', actor: fleet, items: [{ orderItemId: 'item-1', quantityReceived: 0, batchNumber: 1, batchId: 'b' }] })
      .thenThrows('validation', NOTHING_RECEIVED);
    given(historyTo('ordered'))
      .when({ type: 'ReceiveItems', receiptId: 'r', actor: fleet, items: [{ orderItemId: 'x', quantityReceived: 1, batchNumber: 1, batchId: 'b' }] })
      .thenThrows('validation', 'This item is not on the order');
  });
});
