import { eventGuard } from '../shared/decider';
import { z } from 'zod';
import { isIsoDate } from '../shared/dates';
import { defineEvent, type EventOf } from '../shared/events';

/**
 * A resupply order as events on one stream per order, `order-{orderId}`, and the order numbers
 * handed out on one stream of their own, `order-numbers` (see orderNumber.ts).
 */

export const ORDER_STATUSES = ['draft', 'approved', 'ordered', 'acknowledged', 'in_progress', 'fulfilled', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const isoDate = z.string().refine(isIsoDate, 'Expected a calendar date as YYYY-MM-DD');
const quantity = z.number().int().nonnegative();
/** Money per unit, in the fleet's currency (the product does not name one). */
const unitCost = z.number().nonnegative();

export const orderItemSchema = z.object({
  /** The order item's id (a UUID made by the API). */
  id: z.string(),
  scaleId: z.string(),
  scaleDescription: z.string(),
  /** What the scale requires, and what was on board and still in date on the threshold date. */
  requiredQuantity: z.number().nonnegative(),
  currentInventory: z.number().nonnegative(),
  orderQuantity: quantity,
  unitCost: unitCost.optional(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** A draft order made from a vessel's shortfall on the expiry threshold date. */
export const OrderCreated = defineEvent(
  'OrderCreated',
  1,
  z.object({
    orderId: z.string(),
    orderNumber: z.string(),
    vesselId: z.string(),
    /** The vessel's name and IMO number when the order was made, so the order reads on its own. */
    vesselName: z.string(),
    imoNumber: z.string(),
    expiryThreshold: isoDate,
    notes: z.string().optional(),
    items: z.array(orderItemSchema),
  }),
);

/** Every move of an order's life cycle: from, to, who (a user id; null for the supplier's link), when. */
export const OrderStatusChanged = defineEvent(
  'OrderStatusChanged',
  1,
  z.object({
    orderId: z.string(),
    orderNumber: z.string(),
    vesselId: z.string(),
    from: z.enum(ORDER_STATUSES),
    to: z.enum(ORDER_STATUSES),
    who: z.string().nullable(),
    /** 'fleet': the ship's side in the product (a fleet manager, an admin, or the vessel's captain receiving goods); 'supplier': the supplier (portal or link). */
    by: z.enum(['fleet', 'supplier']),
    when: z.string(),
  }),
);

/** The supplier the order goes to; the mail to them is sent once per one of these. */
export const OrderVendorAssigned = defineEvent(
  'OrderVendorAssigned',
  1,
  z.object({
    orderId: z.string(),
    orderNumber: z.string(),
    vesselId: z.string(),
    supplierName: z.string(),
    supplierEmail: z.string(),
    /** The fleet manager who assigned it: the supplier's replies go to them. */
    assignedBy: z.string().nullable(),
    assignedAt: z.string(),
  }),
);

/** Unit costs given for some items: by the fleet when creating, or quoted by the supplier. */
export const OrderItemsQuoted = defineEvent(
  'OrderItemsQuoted',
  1,
  z.object({
    orderId: z.string(),
    by: z.enum(['fleet', 'supplier']),
    quotes: z.array(z.object({ orderItemId: z.string(), unitCost })).min(1),
  }),
);

/**
 * Goods of the order taken on board: per item how many, as which batch, expiring when. The batches
 * themselves are BatchAdded events on the vessel's inventory stream, naming this order.
 */
export const OrderItemsReceived = defineEvent(
  'OrderItemsReceived',
  1,
  z.object({
    orderId: z.string(),
    vesselId: z.string(),
    receiptId: z.string(),
    items: z
      .array(
        z.object({
          orderItemId: z.string(),
          scaleId: z.string(),
          batchId: z.string(),
          quantityReceived: z.number().int().positive(),
          batchNumber: z.number().int().positive(),
          expiryDate: isoDate.optional(),
        }),
      )
      .min(1),
  }),
);

export const orderEventDefinitions = [OrderCreated, OrderStatusChanged, OrderVendorAssigned, OrderItemsQuoted, OrderItemsReceived] as const;
export type OrderEvent = EventOf<(typeof orderEventDefinitions)[number]>;

export const isOrderEvent = eventGuard<OrderEvent>(orderEventDefinitions);
export const orderStreamId = (orderId: string) => `order-${orderId}`;
