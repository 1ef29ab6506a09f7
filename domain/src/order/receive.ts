import { MAX_BATCH_QUANTITY } from '../inventory/messages';

/**
 * Receiving an order's goods on board (fleet side and captain portal alike): the messages and the
 * prefill rule, without zod, so the captain portal's first bundle can use them. The request
 * schema (schema.ts) and the decider (decide.ts) say exactly these words.
 */

export const NOTHING_RECEIVED = 'Enter the quantity received for at least one item';
export const MAX_RECEIVED_LINES = 1000;

export const RECEIVE_MESSAGES = {
  itemRequired: 'Each received item names its order item',
  quantityWhole: 'Quantity received must be a whole number',
  quantityMin: 'Quantity received must be at least 0',
  quantityMax: `Quantity received must not exceed ${MAX_BATCH_QUANTITY}`,
  batchWhole: 'Batch number must be a whole number',
  batchMin: 'Batch number must be at least 1',
  expiryInvalid: 'Please enter a valid expiry date',
  tooManyLines: `A receipt may hold at most ${MAX_RECEIVED_LINES} items`,
  nothingReceived: NOTHING_RECEIVED,
  notOnOrder: 'This item is not on the order',
} as const;

/** What the captain portal says once a delivery is in the chest, and when it could not be. */
export const RECEIVE_TEXTS = {
  received: (orderNumber: string, batches: number) =>
    `Order ${orderNumber} received: ${batches} ${batches === 1 ? 'batch' : 'batches'} added to the medical chest`,
  failed: 'Failed to receive the delivery',
  offline: 'You are offline. Receive the delivery once the connection is back.',
} as const;

/** An order item as the answers show it, as far as receiving needs it. */
export interface ReceivableItem {
  id: string;
  orderQuantity: number;
  receivedQuantity: number;
}

/** Units of an item still to come: ordered minus received, never below 0 (as the order's state counts them). */
export const stillToCome = (item: ReceivableItem): number => Math.max(0, item.orderQuantity - item.receivedQuantity);

/** The items a receipt offers, each prefilled with what is still to come; items complete are left out. */
export const itemsToReceive = <T extends ReceivableItem>(items: readonly T[]): T[] => items.filter((item) => stillToCome(item) > 0);
