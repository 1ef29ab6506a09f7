/**
 * The inventory's limits and messages, without zod: the captain portal's first bundle shows them
 * (its forms check what they can before sending) without loading the schemas. The schemas
 * (schema.ts) and the decider use these same values, so each message lives here only.
 */

/** Larger counts are taken for typing mistakes (the bulk picker offers 0 to 999). */
export const MAX_BATCH_QUANTITY = 1_000_000;

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

/** Messages of a usage recorded against a batch (fleet side and captain portal alike). */
export const BATCH_USAGE_MESSAGES = {
  quantityRequired: 'Quantity used is required',
  quantityWhole: 'Quantity used must be a whole number',
  quantityMin: 'Quantity used must be at least 1',
  quantityMax: `Quantity used must not exceed ${MAX_BATCH_QUANTITY}`,
  reasonRequired: 'Reason is required',
  reasonMax: `Reason must not exceed ${MAX_ADJUSTMENT_NOTE_LENGTH} characters`,
  crewMemberMax: 'Crew member name must not exceed 200 characters',
  dateRequired: 'Usage date is required',
  dateInvalid: 'Please enter a valid usage date',
  dateFuture: 'Usage date cannot be in the future',
  changeIdMax: 'Change id must not exceed 100 characters',
  batchRequired: 'Please select the batch used',
} as const;

/** More used than is on board: a usage never takes a batch below zero. */
export const usageBeyondStockMessage = (quantityOnBoard: number) =>
  `Quantity used cannot be more than the ${quantityOnBoard} on board`;

export const BATCH_USAGE_RECORDED_TOAST = 'Usage recorded';
export const BATCH_USAGE_FAILED_TOAST = 'Failed to record usage';
