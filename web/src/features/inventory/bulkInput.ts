import type { BulkImportItem } from '@medchest/domain';

/**
 * The Bulk Input tab's rows (spec 000 §2): one row per catalogue item, plus extra batch rows the
 * user adds under an item. Every row starts at quantity 0; an item's first row takes the item's
 * next free batch number (1 above the highest on board, so a new delivery never duplicates batch
 * 1), and an added row the next number after that. Only rows above 0 are saved (spec 000 §4).
 */
export const BULK_QUANTITY_MIN = 0;
export const BULK_QUANTITY_MAX = 999;

export interface BulkRow {
  /** Stable React key, unique within the form. */
  key: string;
  batchNumber: number;
  quantity: number;
  expiryDate: string;
  notes: string;
  /** Added with the plus button, so it can be removed. */
  extra: boolean;
}

/** The rows of each catalogue item by scale id; an item not in it has its one default row. */
export type BulkRows = Readonly<Record<string, readonly BulkRow[]>>;

export const defaultRow = (scaleId: string, firstBatch = 1): BulkRow => ({
  key: `${scaleId}#base`,
  batchNumber: firstBatch,
  quantity: 0,
  expiryDate: '',
  notes: '',
  extra: false,
});

export function rowsOf(rows: BulkRows, scaleId: string, firstBatch = 1): readonly BulkRow[] {
  return rows[scaleId] ?? [defaultRow(scaleId, firstBatch)];
}

/** Each item's next free batch number (by lower-cased scale id): one above its highest on board. */
export function nextFreeBatchNumbers(batches: readonly { scaleId: string; batchNumber: number }[]): Map<string, number> {
  const next = new Map<string, number>();
  for (const batch of batches) {
    const key = batch.scaleId.toLowerCase();
    next.set(key, Math.max(next.get(key) ?? 1, batch.batchNumber + 1));
  }
  return next;
}

/** How many rows hold a quantity to save (the save bar's count). */
export function filledRowCount(rows: BulkRows): number {
  return Object.values(rows).reduce((sum, list) => sum + list.filter((r) => r.quantity > 0).length, 0);
}

let extraSeq = 0;

/** Add a batch row under the item, numbered one above the item's highest batch number. */
export function addBatchRow(rows: BulkRows, scaleId: string, firstBatch = 1): BulkRows {
  const current = rowsOf(rows, scaleId, firstBatch);
  const next = Math.max(0, ...current.map((r) => r.batchNumber)) + 1;
  const row: BulkRow = { ...defaultRow(scaleId), key: `${scaleId}#${++extraSeq}`, batchNumber: next, extra: true };
  return { ...rows, [scaleId]: [...current, row] };
}

/** Remove an added row; the item's first row stays. */
export function removeBatchRow(rows: BulkRows, scaleId: string, key: string, firstBatch = 1): BulkRows {
  const current = rowsOf(rows, scaleId, firstBatch);
  return { ...rows, [scaleId]: current.filter((r) => !(r.extra && r.key === key)) };
}

export function updateBatchRow(
  rows: BulkRows,
  scaleId: string,
  key: string,
  patch: Partial<Omit<BulkRow, 'key' | 'extra'>>,
  firstBatch = 1,
): BulkRows {
  return { ...rows, [scaleId]: rowsOf(rows, scaleId, firstBatch).map((r) => (r.key === key ? { ...r, ...patch } : r)) };
}

/** A quantity input's text as the row's quantity: a whole number within 0 to 999 ('' is 0). */
export function readQuantity(text: string): number {
  const value = Math.trunc(Number(text));
  if (!Number.isFinite(value)) return BULK_QUANTITY_MIN;
  return Math.min(BULK_QUANTITY_MAX, Math.max(BULK_QUANTITY_MIN, value));
}

/** The rows to send, in catalogue order: only those with a quantity above 0. */
export function itemsToSave(scaleIds: readonly string[], rows: BulkRows): BulkImportItem[] {
  const items: BulkImportItem[] = [];
  for (const scaleId of scaleIds) {
    // Only rows the user touched are stored, and only those above 0 are saved.
    for (const row of rows[scaleId] ?? []) {
      if (row.quantity <= 0) continue;
      const notes = row.notes.trim();
      items.push({
        scaleId,
        quantityOnBoard: row.quantity,
        batchNumber: row.batchNumber,
        ...(row.expiryDate ? { expiryDate: row.expiryDate } : {}),
        ...(notes ? { conditionNotes: notes } : {}),
      });
    }
  }
  return items;
}
