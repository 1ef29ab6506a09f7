import {
  assignVendorSchema,
  chestOnThreshold,
  createOrderSchema,
  DomainError,
  generateOrderSchema,
  inventoryBatches,
  itemTotal,
  orderValue,
  medicalProfileOf,
  orderNotFound,
  orderShortfall,
  orderStatusSchema,
  purchaseOrderCsv,
  purchaseOrderFileName,
  purchaseOrderOf,
  quoteSchema,
  receiveOrderSchema,
  vesselNotFound,
  type Actor,
  type ExistingOrder,
  type OrderItem,
  type OrderState,
  type OrderStatus,
  type ReceivedItemInput,
  type ShortfallItem,
} from '@medchest/domain';
import { purchaseOrderPdf } from '@medchest/domain/order/purchaseOrderPdf';
import { verifySupplierLink } from '@medchest/domain/order/supplierLink.node';
import type { LogPosition } from '@medchest/eventstore';
import { decision } from '@medchest/eventstore/commands/handler';
import { formBody } from '../http/context';
import { isUuid, newId } from '../ids';
import { getOrder, type OrderWithItems } from '../readModels';
import type { AppDeps, CommandContext } from './context';
import { scaleInForce } from './scaleInForce';
import { inventories, orderNumbers, orders, READ_MODELS, vessels } from './streams';

/**
 * Order commands (spec 001 §7 and the supplier calls): each parses its body with the
 * domain's schema, then goes through the order stream's handler (`order-{id}`, the domain's order
 * decider). Answers come from the orders read model, which the handler has waited for.
 */

/** What the screens show right after an order command: the orders, and the activity feed. */
const ORDER_READ_MODELS = [READ_MODELS.orders, READ_MODELS.activity];
const waitForOrders = { readModels: ORDER_READ_MODELS };

/** false: do not wait for the read models (the demo seed waits once, after all its commands). */
export interface OrderCommandOptions {
  waitForReadModels?: boolean;
}
const waitOption = (options: OrderCommandOptions, readModels: readonly string[] = ORDER_READ_MODELS) => ({
  readModels: options.waitForReadModels === false ? [] : readModels,
});

const actor = (context: CommandContext, by: Actor['by']): Actor => ({ by, who: by === 'supplier' && !context.userId ? null : context.userId, at: context.now.toISOString() });

/** The order as its stream leaves it; 404 for an id that is not an order's. */
export async function loadOrder(deps: Pick<AppDeps, 'store' | 'codec'>, orderId: string): Promise<ExistingOrder> {
  const { state } = await orders.load(deps, orderId);
  if (state.status === 'absent') throw orderNotFound();
  return state;
}

/** The vessel an order belongs to: the owner vessel its routes declare for access. */
export async function orderVesselId(deps: Pick<AppDeps, 'store' | 'codec'>, orderId: string): Promise<string> {
  return (await loadOrder(deps, orderId)).vesselId;
}

/** The vessel (active), its scale in force and its batches, from their streams. */
async function vesselChest(deps: AppDeps, vesselId: string) {
  if (!isUuid(vesselId)) throw vesselNotFound();
  const [{ state: vessel }, { state: inventory }, scale] = await Promise.all([
    vessels.load(deps, vesselId),
    inventories.load(deps, vesselId),
    scaleInForce(deps, vesselId),
  ]);
  if (vessel.status !== 'active') throw vesselNotFound();
  return { details: vessel.details, profile: medicalProfileOf(vessel.details), scale, batches: inventoryBatches(inventory) };
}

/** POST /api/vessels/{id}/generate-order: the shortfall on the expiry threshold date. */
export async function previewOrder(deps: AppDeps, vesselId: string, body: unknown): Promise<{ expiryThreshold: string; orderItems: ShortfallItem[] }> {
  const { expiryThreshold } = generateOrderSchema.parse(formBody(body));
  const chest = await vesselChest(deps, vesselId);
  return { expiryThreshold, orderItems: orderShortfall(chest.scale, chest.profile, chest.batches, expiryThreshold) };
}

/**
 * The order as the read model shows it, which the handler has waited for. Should the projections
 * lag past the wait (a loaded machine), the decided state answers instead, so a recorded command
 * is never reported as failed.
 */
async function answer(deps: AppDeps, orderId: string, position?: LogPosition, decided?: OrderState): Promise<{ order: OrderWithItems; position?: LogPosition }> {
  const order = await getOrder(deps.db, orderId);
  if (order && (!decided || decided.status === 'absent' || order.status === decided.status)) return { order, position };
  if (!decided || decided.status === 'absent') {
    if (order) return { order, position };
    throw orderNotFound();
  }
  return { order: answerFromState(decided, order), position };
}

function answerFromState(state: ExistingOrder, stale: OrderWithItems | undefined): OrderWithItems {
  const items = state.items.map((item) => ({
    id: item.id,
    scaleId: item.scaleId,
    scaleDescription: item.scaleDescription,
    requiredQuantity: item.requiredQuantity,
    currentInventory: item.currentInventory,
    orderQuantity: item.orderQuantity,
    unitCost: item.unitCost ?? null,
    totalCost: itemTotal(item),
    receivedQuantity: state.received[item.id] ?? 0,
  }));
  return {
    id: state.orderId,
    orderNumber: state.orderNumber,
    status: state.status,
    vesselId: state.vesselId,
    vesselName: state.vesselName,
    vessel: { vesselName: state.vesselName, imoNumber: state.imoNumber },
    imoNumber: state.imoNumber,
    supplierName: state.supplier?.supplierName ?? null,
    supplierEmail: state.supplier?.supplierEmail ?? null,
    totalItems: items.filter((item) => item.orderQuantity > 0).length,
    estimatedCost: orderValue(state.items),
    createdAt: stale?.createdAt ?? new Date().toISOString(),
    sentAt: state.supplier?.assignedAt ?? null,
    notes: state.notes ?? null,
    expiryThreshold: state.expiryThreshold,
    orderItems: items,
    statusHistory: stale?.statusHistory ?? [],
  };
}

/**
 * POST /api/orders: a draft. Its lines are checked against the vessel's scale (a scale id it does
 * not hold is a 400); required and current are the server's own figures on the threshold date.
 * The order number is taken from the `order-numbers` stream first (a number burnt by an order that
 * then fails is skipped, never given twice).
 */
export async function createOrder(deps: AppDeps, body: unknown, context: CommandContext, options: OrderCommandOptions = {}) {
  const request = createOrderSchema.parse(formBody(body));
  const { vesselId, orderData, orderItems } = request;
  const chest = await vesselChest(deps, vesselId);
  const onThreshold = new Map(chestOnThreshold(chest.scale, chest.profile, chest.batches, orderData.expiryThreshold).map((row) => [row.scaleId.toUpperCase(), row]));
  const seen = new Set<string>();
  const items: OrderItem[] = orderItems.map((line) => {
    const row = onThreshold.get(line.scaleId.toUpperCase());
    if (!row) throw new DomainError('validation', `${line.scaleId} is not an item of this vessel's scale`, { orderItems: `${line.scaleId} is not an item of this vessel's scale` });
    if (seen.has(row.scaleId)) throw new DomainError('validation', `${row.scaleId} is on the order twice`, { orderItems: `${row.scaleId} is on the order twice` });
    seen.add(row.scaleId);
    return {
      id: newId(),
      scaleId: row.scaleId,
      scaleDescription: row.scaleDescription,
      requiredQuantity: row.requiredQuantity,
      currentInventory: row.currentInventory,
      orderQuantity: line.orderQuantity,
      ...(line.unitCost !== undefined ? { unitCost: line.unitCost } : {}),
    };
  });
  if (!items.some((item) => item.orderQuantity > 0)) {
    // The decider says the same; checked before a number is taken for nothing.
    throw new DomainError('validation', 'An order needs at least one item with a quantity to order', { orderItems: 'An order needs at least one item with a quantity to order' });
  }
  const orderId = newId();
  const numbered = await orderNumbers.handle(deps, '', { type: 'AssignOrderNumber', orderId, at: context.now.toISOString() }, context);
  const orderNumber = numbered.events[0].data.orderNumber;
  const result = await orders.handle(
    deps,
    orderId,
    {
      type: 'CreateOrder',
      orderId,
      orderNumber,
      vesselId,
      vesselName: chest.details.vesselName,
      imoNumber: chest.details.imoNumber,
      expiryThreshold: orderData.expiryThreshold,
      ...(orderData.notes ? { notes: orderData.notes } : {}),
      items,
    },
    context,
    waitOption(options),
  );
  return answer(deps, orderId, result.position, result.state);
}

/**
 * PATCH /api/orders/{id}/status. 'delivered' needs receivedItems: each becomes a batch on the
 * vessel's inventory (see receiveItems); any other status is one move of the life cycle.
 */
export async function changeOrderStatus(deps: AppDeps, orderId: string, body: unknown, context: CommandContext, options: OrderCommandOptions = {}) {
  const request = orderStatusSchema.parse(formBody(body));
  if (request.status === 'delivered' && request.receivedItems) return receiveItems(deps, orderId, request.receivedItems, context, options);
  const result = await orders.handle(deps, orderId, { type: 'ChangeOrderStatus', to: request.status, actor: actor(context, 'fleet') }, context, waitOption(options));
  return answer(deps, orderId, result.position, result.state);
}

/** PATCH /api/orders/{id}/assign-vendor: the supplier's name and email; the order becomes ordered. */
export async function assignVendor(deps: AppDeps, orderId: string, body: unknown, context: CommandContext, options: OrderCommandOptions = {}) {
  const { supplierName, supplierEmail } = assignVendorSchema.parse(formBody(body));
  const result = await orders.handle(deps, orderId, { type: 'AssignVendor', supplierName, supplierEmail, actor: actor(context, 'fleet') }, context, waitOption(options));
  return answer(deps, orderId, result.position, result.state);
}

/**
 * POST /api/captain/orders/{id}/receive: the captain takes goods of an order of their own vessel
 * on board. The body is the receipt of the fleet's PATCH status delivered (receiveOrderSchema),
 * and it is the same receipt (receiveItems): one rule for what may be received, by whom it was
 * recorded aside. An order of another vessel is not found (404), whatever the body.
 */
export async function receiveOrder(deps: AppDeps, orderId: string, body: unknown, context: CommandContext, vesselId: string) {
  const { receivedItems } = receiveOrderSchema.parse(formBody(body));
  return receiveItems(deps, orderId, receivedItems, context, { onVessel: vesselId });
}

/**
 * Goods received on board. The receipt is decided on the order's stream first (the order is the
 * record of what arrived; a partial delivery keeps it open), then its batches are appended to the
 * vessel's inventory stream as BatchAdded naming the order, so the chest, the dashboard and "as of"
 * count them. A batch without a number gets the next free number of its item. With `onVessel`,
 * only an order of that vessel is found (the captain's).
 */
async function receiveItems(
  deps: AppDeps,
  orderId: string,
  receivedItems: readonly ReceivedItemInput[],
  context: CommandContext,
  options: OrderCommandOptions & { onVessel?: string } = {},
) {
  const { onVessel } = options;
  const order = await loadOrder(deps, orderId);
  // The route's scope check read the order's vessel from the read model; the stream says the same
  // (an order never changes vessel), checked here so the command holds on its own.
  if (onVessel !== undefined && order.vesselId !== onVessel) throw orderNotFound();
  const { state: inventory } = await inventories.load(deps, order.vesselId);
  const nextNumber = new Map<string, number>();
  for (const batch of inventoryBatches(inventory)) nextNumber.set(batch.scaleId, Math.max(nextNumber.get(batch.scaleId) ?? 1, batch.batchNumber + 1));
  const scaleOf = new Map(order.items.map((item) => [item.id, item.scaleId]));
  // Lines of 0 (items that did not arrive) are the form's; the decider leaves them out.
  const items = receivedItems.map((item) => {
    const scaleId = scaleOf.get(item.orderItemId) ?? '';
    const batchNumber = item.batchNumber ?? nextNumber.get(scaleId) ?? 1;
    nextNumber.set(scaleId, Math.max(nextNumber.get(scaleId) ?? 1, batchNumber + 1));
    return { ...item, batchNumber, batchId: newId(), ...(item.expiryDate ? { expiryDate: item.expiryDate } : {}) };
  });
  // The receipt and the chest's new batches are appended together (one transaction): the chest
  // never misses goods the order says arrived.
  const receipt = await orders.handle(deps, orderId, { type: 'ReceiveItems', receiptId: newId(), items, actor: actor(context, 'fleet') }, context, {
    ...waitOption(options, [...ORDER_READ_MODELS, READ_MODELS.medicalChest, READ_MODELS.fleetCompliance]),
    alongside: ({ events }) =>
      events.flatMap((event) =>
        event.type !== 'OrderItemsReceived'
          ? []
          : [
              decision(
                inventories.type,
                order.vesselId,
                {
                  type: 'ReceiveOrderDelivery',
                  vesselId: order.vesselId,
                  orderId,
                  batches: event.data.items.map((item) => ({
                    batchId: item.batchId,
                    scaleId: item.scaleId,
                    batchNumber: item.batchNumber,
                    quantity: item.quantityReceived,
                    ...(item.expiryDate ? { expiryDate: item.expiryDate } : {}),
                  })),
                },
                'after',
              ),
            ],
      ),
  });
  return answer(deps, orderId, receipt.position, receipt.state);
}

/** GET /api/orders/{id}/export: the purchase order as PDF, or CSV with ?format=csv. */
export async function exportOrder(deps: AppDeps, orderId: string, format: unknown) {
  const order = await loadOrder(deps, orderId);
  const document = purchaseOrderOf(order);
  if (format === 'csv') {
    return { body: purchaseOrderCsv(document), contentType: 'text/csv; charset=utf-8', fileName: purchaseOrderFileName(document, 'csv') };
  }
  if (format !== undefined && format !== 'pdf') throw new DomainError('validation', 'Export format must be pdf or csv', { format: 'Export format must be pdf or csv' });
  return { body: Buffer.from(await purchaseOrderPdf(document)), contentType: 'application/pdf', fileName: purchaseOrderFileName(document, 'pdf') };
}

/** The order a supplier link names, still open with the supplier; 404 for anything else. */
async function linkedOrder(deps: AppDeps, secret: string, token: string, now: Date): Promise<ExistingOrder> {
  const orderId = verifySupplierLink(secret, token, now);
  if (!orderId) throw linkNotFound();
  const order = await loadOrder(deps, orderId).catch(() => {
    throw linkNotFound();
  });
  if (order.status === 'delivered' || order.status === 'cancelled' || !order.supplier) throw linkNotFound();
  return order;
}

export const linkNotFound = () => new DomainError('not_found', 'This order link is not valid or has expired');

/** GET /api/supplier/link/{token}: the order as the supplier sees it. */
export async function orderByLink(deps: AppDeps, secret: string, token: string, now: Date) {
  const order = await linkedOrder(deps, secret, token, now);
  return answer(deps, order.orderId);
}

/** PUT /api/supplier/link/{token}/{acknowledge|in-progress|fulfilled}: the supplier's moves. */
export async function moveByLink(deps: AppDeps, secret: string, token: string, to: OrderStatus, context: CommandContext) {
  const order = await linkedOrder(deps, secret, token, context.now);
  const result = await orders.handle(deps, order.orderId, { type: 'ChangeOrderStatus', to, actor: actor(context, 'supplier') }, context, waitForOrders);
  return answer(deps, order.orderId, result.position, result.state);
}

/** PUT /api/supplier/link/{token}/quote: unit costs quoted by the supplier. */
export async function quoteByLink(deps: AppDeps, secret: string, token: string, body: unknown, context: CommandContext) {
  const order = await linkedOrder(deps, secret, token, context.now);
  const { quotes } = quoteSchema.parse(formBody(body));
  const result = await orders.handle(deps, order.orderId, { type: 'QuoteItems', quotes, actor: actor(context, 'supplier') }, context, waitForOrders);
  return answer(deps, order.orderId, result.position, result.state);
}

/** PUT /api/supplier/orders/{orderId}/acknowledge: the supplier portal's Acknowledge. */
export async function acknowledgeOrder(deps: AppDeps, orderId: string, context: CommandContext, options: OrderCommandOptions = {}) {
  const result = await orders.handle(deps, orderId, { type: 'ChangeOrderStatus', to: 'acknowledged', actor: actor(context, 'supplier') }, context, waitOption(options));
  return answer(deps, orderId, result.position, result.state);
}
