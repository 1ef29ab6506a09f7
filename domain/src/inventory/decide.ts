import { DomainError } from '../shared/errors';
import { emptyImportMessage, type ImportedBatch } from './bulkImport';
import { BatchAdded, type BatchAdjustmentReason, type InventoryEvent, type InventoryImportSource } from './events';
import { BATCH_QUANTITY_MESSAGES, BATCH_USAGE_MESSAGES, MAX_BATCH_QUANTITY, usageBeyondStockMessage } from './messages';
import { staleBatchMessage } from './schema';
import { evolveInventory, findBatch, initialInventoryState, inventoryView, type InventoryState } from './state';
import type { Decider } from '../shared/decider';

export type InventoryCommand =
  | {
      /**
       * A CSV upload or a manual bulk input. The API has checked the rows with validateImportRows
       * against the vessel's scale and given each accepted row a batch id; `rowErrors` are the
       * messages of the refused rows.
       */
      type: 'BulkImport';
      vesselId: string;
      importId: string;
      fileName: string;
      source: InventoryImportSource;
      items: (ImportedBatch & { batchId: string })[];
      rowErrors: string[];
    }
  | {
      /** An absolute figure (a count, a correction). */
      type: 'AdjustBatch';
      batchId: string;
      newQuantity: number;
      reason: BatchAdjustmentReason;
      note?: string;
      /** The batch version the figure was read against: a newer one on record is a 409. */
      expectedVersion?: number;
      /**
       * The sender named a reason: a figure equal to the one on record is then a stock-take that
       * confirmed it, and is recorded (an unchanged save without a reason records nothing).
       */
      confirmUnchanged?: boolean;
    }
  | {
      /**
       * Units used on board: a difference, decided against whatever is on record now, so it needs
       * no version and two usages at once both count (the handler re-decides on a lost race).
       */
      type: 'RecordUsage';
      batchId: string;
      quantityUsed: number;
      reason: string;
      crewMemberName?: string;
      usageDate: string;
      /** Today on the app's clock (YYYY-MM-DD): a usage is not recorded for a day to come. */
      today: string;
      /** The sender's id for the entry: one already recorded is not recorded again (a re-send after a lost answer). */
      changeId?: string;
    }
  | { type: 'RemoveBatch'; batchId: string; reason?: string }
  | {
      /**
       * Goods of an order taken on board: one batch per received item, each naming the order as
       * its cause. The order stream recorded the receipt first (with these batch ids).
       */
      type: 'ReceiveOrderDelivery';
      vesselId: string;
      orderId: string;
      batches: { batchId: string; scaleId: string; batchNumber: number; quantity: number; expiryDate?: string }[];
    };

export const batchNotFound = () => new DomainError('not_found', 'Batch not found');

function checkQuantity(quantity: number): void {
  const message = !Number.isInteger(quantity)
    ? BATCH_QUANTITY_MESSAGES.wholeNumber
    : quantity < 0
      ? BATCH_QUANTITY_MESSAGES.min
      : quantity > MAX_BATCH_QUANTITY
        ? BATCH_QUANTITY_MESSAGES.max
        : undefined;
  if (message) throw new DomainError('validation', message, { quantityOnBoard: message });
}

/**
 * The inventory stream's decisions. The vessel's existence and the user's right to it are the
 * API's checks (another stream, another fleet); this stream knows its batches and imports.
 */
export function decideInventory(command: InventoryCommand, state: InventoryState): InventoryEvent[] {
  switch (command.type) {
    case 'BulkImport': {
      const { vesselId, importId, fileName, source, items, rowErrors } = command;
      const view = inventoryView(state);
      // The API makes the import id per request; seeing it again means the same request twice.
      if (view.importIds.has(importId)) throw new DomainError('conflict', 'This import has already been recorded');
      if (items.length === 0 && rowErrors.length === 0) throw new DomainError('validation', emptyImportMessage(source));
      const batchIds = new Set<string>();
      for (const { batchId } of items) {
        if (view.batches.has(batchId) || batchIds.has(batchId)) throw new DomainError('conflict', 'Batch already exists');
        batchIds.add(batchId);
      }
      // One BatchAdded per accepted row, then the import itself: recorded even when every row was
      // refused (no batch added), so the audit trail shows the attempt and its reasons.
      const added: InventoryEvent[] = items.map(({ batchId, scaleId, batchNumber, productName, quantity, expiryDate, conditionNotes }) => ({
        type: 'BatchAdded',
        data: {
          batchId,
          vesselId,
          scaleId,
          batchNumber,
          quantity,
          ...(productName !== undefined ? { productName } : {}),
          ...(expiryDate !== undefined ? { expiryDate } : {}),
          ...(conditionNotes !== undefined ? { conditionNotes } : {}),
        },
      }));
      // The rows were checked by validateImportRows; a row that would not even be a valid stored
      // event (a fraction, a date like 2025-02-30) is a bug in the caller, and must not reach the
      // stream, where it would fail every later read of this vessel's inventory.
      for (const event of added) {
        const parsed = BatchAdded.schema.safeParse(event.data);
        if (!parsed.success) throw new Error(`BulkImport item is not a valid BatchAdded: ${parsed.error.message}`);
      }
      return [
        ...added,
        {
          type: 'InventoryImported',
          data: {
            vesselId,
            importId,
            fileName,
            source,
            successCount: items.length,
            errorCount: rowErrors.length,
            errors: [...rowErrors],
          },
        },
      ];
    }
    case 'AdjustBatch': {
      const batch = findBatch(state, command.batchId);
      if (!batch) throw batchNotFound();
      const { newQuantity, reason } = command;
      checkQuantity(newQuantity);
      if (command.expectedVersion !== undefined && command.expectedVersion !== batch.version) {
        throw new DomainError('conflict', staleBatchMessage(batch.quantity), {}, [], {
          batch: { id: batch.batchId, quantityOnBoard: batch.quantity, version: batch.version },
        });
      }
      // Saving the quantity it already has is not a fact worth recording, unless it was a count
      // sent with its reason: then it is a stock-take that confirmed the figure.
      if (newQuantity === batch.quantity && !command.confirmUnchanged) return [];
      if ((reason === 'usage' || reason === 'disposal') && newQuantity > batch.quantity) {
        const message = 'Usage or disposal can only lower the quantity';
        throw new DomainError('validation', message, { reason: message });
      }
      const note = command.note?.trim();
      return [
        {
          type: 'BatchAdjusted',
          data: {
            batchId: batch.batchId,
            vesselId: batch.vesselId,
            scaleId: batch.scaleId,
            previousQuantity: batch.quantity,
            newQuantity,
            reason,
            ...(note ? { note } : {}),
          },
        },
      ];
    }
    case 'RecordUsage': {
      // Already recorded (the device sent it again, its first answer lost): nothing more, before
      // any check, since the stock it was checked against has since been lowered by it.
      if (command.changeId !== undefined && inventoryView(state).usageChangeIds.has(command.changeId)) return [];
      const batch = findBatch(state, command.batchId);
      if (!batch) throw batchNotFound();
      const { quantityUsed, usageDate } = command;
      if (!Number.isInteger(quantityUsed) || quantityUsed < 1) {
        throw new DomainError('validation', BATCH_USAGE_MESSAGES.quantityMin, { quantityUsed: BATCH_USAGE_MESSAGES.quantityMin });
      }
      if (usageDate > command.today) {
        throw new DomainError('validation', BATCH_USAGE_MESSAGES.dateFuture, { usageDate: BATCH_USAGE_MESSAGES.dateFuture });
      }
      // Never below zero: more than is on board is refused and nothing is recorded.
      if (quantityUsed > batch.quantity) {
        const message = usageBeyondStockMessage(batch.quantity);
        throw new DomainError('validation', message, { quantityUsed: message });
      }
      const reason = command.reason.trim();
      if (!reason) throw new DomainError('validation', BATCH_USAGE_MESSAGES.reasonRequired, { reason: BATCH_USAGE_MESSAGES.reasonRequired });
      const crewMemberName = command.crewMemberName?.trim();
      return [
        {
          type: 'BatchUsageRecorded',
          data: {
            batchId: batch.batchId,
            vesselId: batch.vesselId,
            scaleId: batch.scaleId,
            quantityUsed,
            previousQuantity: batch.quantity,
            quantityRemaining: batch.quantity - quantityUsed,
            reason,
            ...(crewMemberName ? { crewMemberName } : {}),
            usageDate,
            ...(command.changeId !== undefined ? { changeId: command.changeId } : {}),
          },
        },
      ];
    }
    case 'ReceiveOrderDelivery': {
      const view = inventoryView(state);
      // The same receipt again (a retry after a crash): its batches are on record already.
      const fresh = command.batches.filter((batch) => !view.batches.has(batch.batchId));
      return fresh.map(({ batchId, scaleId, batchNumber, quantity, expiryDate }) => ({
        type: 'BatchAdded',
        data: { batchId, vesselId: command.vesselId, scaleId, batchNumber, quantity, ...(expiryDate ? { expiryDate } : {}), orderId: command.orderId },
      }));
    }
    case 'RemoveBatch': {
      const batch = findBatch(state, command.batchId);
      if (!batch) throw batchNotFound();
      const reason = command.reason?.trim();
      return [
        {
          type: 'BatchRemoved',
          data: { batchId: batch.batchId, vesselId: batch.vesselId, scaleId: batch.scaleId, ...(reason ? { reason } : {}) },
        },
      ];
    }
  }
}

export const inventoryDecider: Decider<InventoryCommand, InventoryState, InventoryEvent> = {
  decide: decideInventory,
  evolve: evolveInventory,
  initialState: initialInventoryState,
};
