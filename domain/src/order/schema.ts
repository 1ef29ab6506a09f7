import { z } from 'zod';
import { MAX_BATCH_QUANTITY } from '../inventory/messages';
import { isIsoDate } from '../shared/dates';
import { ORDER_STATUSES } from './events';
import { receivedItemsSchema } from './receiveSchema';

/**
 * The order calls' bodies (spec 001 §5, §7). The browser's forms and the API parse with these, so
 * each message lives here only. The receipt's are in receiveSchema.ts.
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

/** PATCH /api/orders/{id}/status: { status }, and for 'delivered' what was received. */
export const orderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Please select a valid order status' }),
  receivedItems: receivedItemsSchema.optional(),
});
export type OrderStatusRequest = z.output<typeof orderStatusSchema>;

/** Unit costs quoted (by the supplier through the link, or the fleet on a draft). */
export const quoteSchema = z.object({
  quotes: z
    .array(z.object({ orderItemId: z.string(), unitCost: z.number({ error: 'Unit cost must be a number' }).min(0, 'Unit cost must be at least 0').max(MAX_UNIT_COST) }))
    .min(1, 'Enter at least one unit cost'),
});
