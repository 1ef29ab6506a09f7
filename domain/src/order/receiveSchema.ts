import { z } from 'zod';
import { MAX_BATCH_QUANTITY } from '../inventory/messages';
import { isIsoDate } from '../shared/dates';
import { plainDecimal } from '../shared/inputSafety';
import { MAX_RECEIVED_LINES, NOTHING_RECEIVED, RECEIVE_MESSAGES } from './receive';

/**
 * The receipt of an order's goods on board, as a request and as the receive form holds it (the
 * fleet's PATCH status delivered, the captain's POST .../receive, both sides' form). A module of
 * its own, apart from the other order schemas and the order's events: the captain portal loads it
 * on demand without them.
 */

const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/**
 * A number as a form sends it or a client writes it: a JSON number, or the text of a plain
 * decimal. Blank is absent; any other text is no number (refused, never taken as absent).
 */
const formNumber = (value: unknown) => {
  const blank = blankToUndefined(value);
  if (blank === undefined || typeof blank === 'number') return blank;
  return typeof blank === 'string' ? (plainDecimal(blank) ?? Number.NaN) : blank;
};

/** One line of a receipt: how many of an order item arrived, as which batch, expiring when. */
export const receivedItemSchema = z.object({
  orderItemId: z.string({ error: RECEIVE_MESSAGES.itemRequired }).min(1, RECEIVE_MESSAGES.itemRequired),
  quantityReceived: z.preprocess(
    formNumber,
    z
      .number({ error: RECEIVE_MESSAGES.quantityWhole })
      .int(RECEIVE_MESSAGES.quantityWhole)
      .min(0, RECEIVE_MESSAGES.quantityMin)
      .max(MAX_BATCH_QUANTITY, RECEIVE_MESSAGES.quantityMax),
  ),
  /** The batch's number within its item; absent: the next free number for that item. */
  batchNumber: z.preprocess(
    formNumber,
    z.number({ error: RECEIVE_MESSAGES.batchWhole }).int(RECEIVE_MESSAGES.batchWhole).positive(RECEIVE_MESSAGES.batchMin).optional(),
  ),
  expiryDate: z.preprocess(blankToUndefined, z.string().refine(isIsoDate, RECEIVE_MESSAGES.expiryInvalid).optional()),
});

/**
 * The lines of a receipt, as the receive form holds them (one per item still to come, 0 for an
 * item that did not arrive): at least one with a quantity. Lines of 0 are kept (the decider leaves
 * them out), so a message about line n names the form's line n.
 */
export const receivedItemsSchema = z
  .array(receivedItemSchema, { error: NOTHING_RECEIVED })
  .max(MAX_RECEIVED_LINES, RECEIVE_MESSAGES.tooManyLines)
  .refine((items) => items.some((item) => item.quantityReceived > 0), NOTHING_RECEIVED);
export type ReceivedItemInput = z.output<typeof receivedItemSchema>;

/** POST /api/captain/orders/{id}/receive, and the receive form of both sides: what arrived on board. */
export const receiveOrderSchema = z.object({ receivedItems: receivedItemsSchema });
export type ReceiveOrderRequest = z.output<typeof receiveOrderSchema>;
