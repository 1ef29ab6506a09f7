import { z } from 'zod';
import { MAX_BATCH_QUANTITY } from '../inventory/messages';
import { isIsoDate } from '../shared/dates';
import { plainDecimal } from '../shared/inputSafety';
import { ORDER_STATUSES } from './events';
import { MAX_RECEIVED_LINES, NOTHING_RECEIVED, RECEIVE_MESSAGES } from './receive';

/**
 * The order calls' bodies (spec 001 §5, §7). The browser's forms and the API parse with these, so
 * each message lives here only.
 */

const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

export const EXPIRY_THRESHOLD_REQUIRED = 'Please select an expiry threshold date';
export const VENDOR_REQUIRED = 'Please enter both vendor name and contact email';
export const VENDOR_EMAIL_INVALID = 'Please enter a valid email';
export const MAX_ORDER_NOTES_LENGTH = 2000;
export const MAX_UNIT_COST = 1_000_000;

/** Toasts of the orders page (spec 001 §8). */
export const ORDER_TOASTS = {
  previewFailed: 'Failed to generate order preview',
  createFailed: 'Failed to create order',
  created: 'Order created successfully',
  statusUpdated: 'Order status updated successfully',
  statusFailed: 'Failed to update order status',
  assignFailed: 'Failed to assign vendor',
  assigned: 'Vendor assigned and order marked as ordered',
} as const;

/**
 * An order quantity as typed (spec 001 §5): a whole number of at least 0; anything non-numeric
 * becomes 0, a fraction is cut to its whole part, and it is capped at the largest batch quantity.
 */
export function parseOrderQuantity(input: unknown): number {
  const value = typeof input === 'number' ? input : typeof input === 'string' ? Number(input.trim()) : NaN;
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(Math.floor(value), MAX_BATCH_QUANTITY);
}

const date = (required: string) =>
  z.preprocess(blankToUndefined, z.string({ error: required }).refine(isIsoDate, 'Please enter a valid date'));

const unitCost = z.preprocess(
  blankToUndefined,
  z
    .number({ error: 'Unit cost must be a number' })
    .min(0, 'Unit cost must be at least 0')
    .max(MAX_UNIT_COST, `Unit cost must not exceed ${MAX_UNIT_COST}`)
    .optional(),
);

const wholeQuantity = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be at least 0`)
    .max(MAX_BATCH_QUANTITY, `${label} must not exceed ${MAX_BATCH_QUANTITY}`);

/** POST /api/vessels/{id}/generate-order */
export const generateOrderSchema = z.object({ expiryThreshold: date(EXPIRY_THRESHOLD_REQUIRED) });

/**
 * POST /api/orders (spec 001 §7): vesselId, orderData (expiryThreshold, status draft, notes),
 * orderItems (scaleId, requiredQuantity, currentInventory, orderQuantity; unitCost when known).
 * required and current are recomputed by the server for the threshold; the client's figures are
 * accepted and ignored.
 */
export const createOrderSchema = z.object({
  vesselId: z.string({ error: 'Please select a vessel' }).min(1, 'Please select a vessel'),
  orderData: z.object(
    {
      expiryThreshold: date(EXPIRY_THRESHOLD_REQUIRED),
      status: z.literal('draft', { error: 'A new order is a draft' }).default('draft'),
      notes: z.preprocess(
        blankToUndefined,
        z.string().trim().max(MAX_ORDER_NOTES_LENGTH, `Notes must not exceed ${MAX_ORDER_NOTES_LENGTH} characters`).optional(),
      ),
    },
    { error: EXPIRY_THRESHOLD_REQUIRED },
  ),
  orderItems: z
    .array(
      z.object({
        scaleId: z.string({ error: 'Each item needs a scale id' }).trim().min(1, 'Each item needs a scale id'),
        requiredQuantity: z.number().optional(),
        currentInventory: z.number().optional(),
        orderQuantity: wholeQuantity('Order quantity'),
        unitCost,
      }),
      { error: 'An order needs at least one item with a quantity to order' },
    )
    .min(1, 'An order needs at least one item with a quantity to order')
    .max(1000, 'An order may hold at most 1000 items'),
});
export type CreateOrderRequest = z.output<typeof createOrderSchema>;

/** PATCH /api/orders/{id}/assign-vendor: names as the fleet side sends them (vendorName/vendorEmail accepted too). */
export const assignVendorSchema = z.preprocess(
  (body) => {
    if (body === null || typeof body !== 'object') return {};
    const b = body as Record<string, unknown>;
    return { supplierName: b.supplierName ?? b.vendorName, supplierEmail: b.supplierEmail ?? b.vendorEmail };
  },
  z.object({
    supplierName: z.string({ error: VENDOR_REQUIRED }).trim().min(1, VENDOR_REQUIRED).max(255, 'Vendor name must not exceed 255 characters'),
    supplierEmail: z
      .string({ error: VENDOR_REQUIRED })
      .trim()
      .min(1, VENDOR_REQUIRED)
      .max(255, 'Email must not exceed 255 characters')
      .pipe(z.email(VENDOR_EMAIL_INVALID)),
  }),
);
export type AssignVendorRequest = z.output<typeof assignVendorSchema>;

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

/** PATCH /api/orders/{id}/status: { status }, and for 'delivered' what was received. */
export const orderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Please select a valid order status' }),
  receivedItems: receivedItemsSchema.optional(),
});
export type OrderStatusRequest = z.output<typeof orderStatusSchema>;

/** POST /api/captain/orders/{id}/receive, and the receive form of both sides: what arrived on board. */
export const receiveOrderSchema = z.object({ receivedItems: receivedItemsSchema });
export type ReceiveOrderRequest = z.output<typeof receiveOrderSchema>;

/** Unit costs quoted (by the supplier through the link, or the fleet on a draft). */
export const quoteSchema = z.object({
  quotes: z
    .array(z.object({ orderItemId: z.string(), unitCost: z.number({ error: 'Unit cost must be a number' }).min(0, 'Unit cost must be at least 0').max(MAX_UNIT_COST) }))
    .min(1, 'Enter at least one unit cost'),
});
