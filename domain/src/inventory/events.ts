import { eventGuard } from '../shared/decider';
import { z } from 'zod';
import { isIsoDate } from '../shared/dates';
import { defineEvent, type EventOf } from '../shared/events';

/**
 * A vessel's medical chest as events on one stream per vessel, `inventory-{vesselId}`.
 *
 * The schemas hold the invariants every stored batch satisfies (whole non-negative quantities,
 * real calendar dates): the deciders only emit such data, so an event that fails them on read is
 * a bug, as parseEvent treats it.
 */

const quantity = z.number().int().nonnegative();
const isoDate = z.string().refine(isIsoDate, 'Expected a calendar date as YYYY-MM-DD');

export const BATCH_ADJUSTMENT_REASONS = ['count', 'usage', 'disposal', 'correction'] as const;
export type BatchAdjustmentReason = (typeof BATCH_ADJUSTMENT_REASONS)[number];

export const BATCH_ADJUSTMENT_REASON_LABELS: Record<BatchAdjustmentReason, string> = {
  count: 'Stock count',
  usage: 'Used on board',
  disposal: 'Disposed of',
  correction: 'Correction',
};

export const INVENTORY_IMPORT_SOURCES = ['csv', 'manual'] as const;
export type InventoryImportSource = (typeof INVENTORY_IMPORT_SOURCES)[number];

/** A batch taken on board: so many units of one scale item, with the pack's expiry date. */
export const BatchAdded = defineEvent(
  'BatchAdded',
  1,
  z.object({
    batchId: z.string(),
    vesselId: z.string(),
    /** The scale item it stocks (IMGS01 …), as the vessel's assigned scale spells it. */
    scaleId: z.string(),
    /** The batch's number within its item (1, 2, 3 …); not unique: every bulk input starts at 1. */
    batchNumber: z.number().int().positive(),
    productName: z.string().optional(),
    quantity,
    /** YYYY-MM-DD as printed on the pack; absent for items without one (instruments). */
    expiryDate: isoDate.optional(),
    conditionNotes: z.string().optional(),
    /** The order whose delivery brought it on board (its cause), when it came with one. */
    orderId: z.string().optional(),
  }),
);

/**
 * The quantity of a batch set to a new figure. Both figures ride along so the history reads on its
 * own ("IMGS01 batch: 100 → 80, used on board") without replaying the stream.
 */
export const BatchAdjusted = defineEvent(
  'BatchAdjusted',
  1,
  z.object({
    batchId: z.string(),
    vesselId: z.string(),
    scaleId: z.string(),
    previousQuantity: quantity,
    newQuantity: quantity,
    reason: z.enum(BATCH_ADJUSTMENT_REASONS),
    note: z.string().optional(),
  }),
);

/**
 * Units of a batch used on board (a treatment, spec 001 §3 recent usage). A difference, not a new
 * figure: two usages recorded at once both count, whatever each client last read. The figures
 * before and after are those of the moment it was recorded (the decider's state), so the activity
 * log and the history read on their own.
 */
export const BatchUsageRecorded = defineEvent(
  'BatchUsageRecorded',
  1,
  z.object({
    batchId: z.string(),
    vesselId: z.string(),
    scaleId: z.string(),
    quantityUsed: z.number().int().positive(),
    previousQuantity: quantity,
    quantityRemaining: quantity,
    reason: z.string(),
    crewMemberName: z.string().optional(),
    /** The day it was used (YYYY-MM-DD), which may be before the day it was recorded. */
    usageDate: isoDate,
    /**
     * The sender's id for this entry (the captain portal's queued change): a device that lost the
     * answer sends the entry again, and the decider records it once.
     */
    changeId: z.string().optional(),
  }),
);

/** A batch taken off the chest's record (entered by mistake, landed ashore …). */
export const BatchRemoved = defineEvent(
  'BatchRemoved',
  1,
  z.object({
    batchId: z.string(),
    vesselId: z.string(),
    scaleId: z.string(),
    reason: z.string().optional(),
  }),
);

/**
 * One bulk import (a CSV upload or a manual bulk input), recorded after the BatchAdded events of
 * its accepted rows: what was sent, how many rows were added, and why the others were refused.
 * It is recorded even when every row was refused, so the attempt is in the audit trail.
 */
export const InventoryImported = defineEvent(
  'InventoryImported',
  1,
  z.object({
    vesselId: z.string(),
    importId: z.string(),
    fileName: z.string(),
    source: z.enum(INVENTORY_IMPORT_SOURCES),
    successCount: z.number().int().nonnegative(),
    errorCount: z.number().int().nonnegative(),
    /** One message per refused row, naming the row and its scale id. */
    errors: z.array(z.string()),
  }),
);

export const inventoryEventDefinitions = [BatchAdded, BatchAdjusted, BatchUsageRecorded, BatchRemoved, InventoryImported] as const;
export type InventoryEvent = EventOf<(typeof inventoryEventDefinitions)[number]>;
export type InventoryEventType = InventoryEvent['type'];
export type BatchAddedData = Extract<InventoryEvent, { type: 'BatchAdded' }>['data'];

export const isInventoryEvent = eventGuard<InventoryEvent>(inventoryEventDefinitions);
export const inventoryStreamId = (vesselId: string) => `inventory-${vesselId}`;
