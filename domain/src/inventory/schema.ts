import { z } from 'zod';
import { BATCH_ADJUSTMENT_REASONS } from './events';
import { MAX_BATCH_QUANTITY } from './bulkImport';
import { plainDecimal } from '../shared/inputSafety';

/** Messages of a batch quantity edit: the PATCH body and the decider say the same thing. */
export const BATCH_QUANTITY_MESSAGES = {
  required: 'Quantity is required',
  wholeNumber: 'Quantity must be a whole number',
  min: 'Quantity must be at least 0',
  max: `Quantity must not exceed ${MAX_BATCH_QUANTITY}`,
} as const;

/** Toasts of the in-place quantity edit (spec 000 §7, §8). */
export const BATCH_QUANTITY_UPDATED_TOAST = 'Inventory quantity updated';
export const BATCH_QUANTITY_UPDATE_FAILED_TOAST = 'Failed to update inventory quantity';

export const MAX_ADJUSTMENT_NOTE_LENGTH = 1000;

const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/**
 * A number input's value: a JSON number, or the text of a plain decimal ('', '0x10', '1e3' and
 * anything else are "no number").
 */
const toNumber = (value: unknown) => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return plainDecimal(value);
  return undefined;
};

/**
 * PATCH /api/vessels/{id}/inventory/{batchId}: the spec's body is { quantityOnBoard } (a number
 * input, minimum 0). A reason and a note may be added; without one the edit is recorded as a
 * 'count' (the in-place edit is someone reading the quantity off the shelf).
 */
export const batchQuantityPatchSchema = z.object({
  quantityOnBoard: z.preprocess(
    toNumber,
    z
      .number({ error: BATCH_QUANTITY_MESSAGES.required })
      .int(BATCH_QUANTITY_MESSAGES.wholeNumber)
      .min(0, BATCH_QUANTITY_MESSAGES.min)
      .max(MAX_BATCH_QUANTITY, BATCH_QUANTITY_MESSAGES.max),
  ),
  reason: z.preprocess(
    blankToUndefined,
    z.enum(BATCH_ADJUSTMENT_REASONS, { error: 'Please select a valid reason' }).default('count'),
  ),
  note: z.preprocess(
    blankToUndefined,
    z.string().trim().max(MAX_ADJUSTMENT_NOTE_LENGTH, `Note must not exceed ${MAX_ADJUSTMENT_NOTE_LENGTH} characters`).optional(),
  ),
});
export type BatchQuantityPatch = z.output<typeof batchQuantityPatchSchema>;
