import { z } from 'zod';
import { BATCH_ADJUSTMENT_REASONS } from './events';
import { BATCH_QUANTITY_MESSAGES, BATCH_USAGE_MESSAGES, MAX_ADJUSTMENT_NOTE_LENGTH, MAX_BATCH_QUANTITY } from './messages';
import { plainDecimal } from '../shared/inputSafety';
import { isIsoDate } from '../shared/dates';

export const BATCH_VERSION_MESSAGE = 'Version must be the batch version last read';

/**
 * The 409 of a count made against a figure that has changed since (someone else's count or a
 * usage recorded meanwhile): the batch as it is now rides along in the answer.
 */
export const staleBatchMessage = (quantityOnBoard: number) =>
  `This batch was changed by someone else while you were editing: it now has ${quantityOnBoard} on board. Check the new quantity and enter your change again.`;

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

/** A version sent or not: absent is absent, anything that is not a plain number is refused. */
const toVersion = (value: unknown) => (value === undefined || value === null ? undefined : (toNumber(value) ?? Number.NaN));

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
  /**
   * The batch's `version` as the client read it (every batch in an inventory answer carries it):
   * the count corrects that figure, and a newer one on record answers 409 with it. The web always
   * sends it; a client that does not is taken at its word (last count wins).
   */
  version: z.preprocess(toVersion, z.number({ error: BATCH_VERSION_MESSAGE }).int(BATCH_VERSION_MESSAGE).min(0, BATCH_VERSION_MESSAGE).optional()),
});
export type BatchQuantityPatch = z.output<typeof batchQuantityPatchSchema>;

/**
 * POST /api/vessels/{id}/inventory/{batchId}/usage (and the captain portal's usage): units used
 * on board, applied as a difference, so it needs no version and never conflicts.
 */
export const batchUsageSchema = z.object({
  quantityUsed: z.preprocess(
    toNumber,
    z
      .number({ error: BATCH_USAGE_MESSAGES.quantityRequired })
      .int(BATCH_USAGE_MESSAGES.quantityWhole)
      .min(1, BATCH_USAGE_MESSAGES.quantityMin)
      .max(MAX_BATCH_QUANTITY, BATCH_USAGE_MESSAGES.quantityMax),
  ),
  reason: z.preprocess(
    blankToUndefined,
    z.string({ error: BATCH_USAGE_MESSAGES.reasonRequired }).trim().max(MAX_ADJUSTMENT_NOTE_LENGTH, BATCH_USAGE_MESSAGES.reasonMax),
  ),
  crewMemberName: z.preprocess(blankToUndefined, z.string().trim().max(200, BATCH_USAGE_MESSAGES.crewMemberMax).optional()),
  usageDate: z.preprocess(
    blankToUndefined,
    z.string({ error: BATCH_USAGE_MESSAGES.dateRequired }).refine(isIsoDate, BATCH_USAGE_MESSAGES.dateInvalid),
  ),
  /** The sender's id for the entry (optional): the same id sent again is recorded once. */
  changeId: z.preprocess(blankToUndefined, z.string().trim().max(100, BATCH_USAGE_MESSAGES.changeIdMax).optional()),
});
export type BatchUsageInput = z.output<typeof batchUsageSchema>;

/** The captain portal's usage entry (spec 001 §7): the same fields, naming the batch in the body. */
export const captainUsageSchema = batchUsageSchema.extend({
  batchId: z.preprocess(blankToUndefined, z.string({ error: BATCH_USAGE_MESSAGES.batchRequired }).trim()),
});
