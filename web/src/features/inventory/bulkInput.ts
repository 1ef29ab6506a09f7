import type { BulkImportItem } from '@medchest/domain';

/**
 * The Bulk Input tab's rows (spec 000 §2): one row per catalogue item, plus extra batch rows the
 * user adds under an item. Every row starts at quantity 0 and batch 1; an added row takes the next
 * batch number of its item. Only rows above 0 are saved (spec 000 §4).
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

export const defaultRow = (scaleId: string): BulkRow => ({
  key: `${scaleId}#base`,
  batchNumber: 1,
  quantity: 0,
  expiryDate: '',
  notes: '',
  extra: false,
});

export function rowsOf(rows: BulkRows, scaleId: string): readonly BulkRow[] {
  return rows[scaleId] ?? [defaultRow(scaleId)];
}

let extraSeq = 0;

/** Add a batch row under the item, numbered one above the item's highest batch number. */
export function addBatchRow(rows: BulkRows, scaleId: string): BulkRows {
  const current = rowsOf(rows, scaleId);
  const next = Math.max(0, ...current.map((r) => r.batchNumber)) + 1;
  const row: BulkRow = { ...defaultRow(scaleId), key: `${scaleId}#${++extraSeq}`, batchNumber: next, extra: true };
  return { ...rows, [scaleId]: [...current, row] };
}

/** Remove an added row; the item's first row stays. */
export function removeBatchRow(rows: BulkRows, scaleId: string, key: string): BulkRows {
  const current = rowsOf(rows, scaleId);
  return { ...rows, [scaleId]: current.filter((r) => !(r.extra && r.key === key)) };
}

export function updateBatchRow(rows: BulkRows, scaleId: string, key: string, patch: Partial<Omit<BulkRow, 'key' | 'extra'>>): BulkRows {
  return { ...rows, [scaleId]: rowsOf(rows, scaleId).map((r) => (r.key === key ? { ...r, ...patch } : r)) };
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
    for (const row of rowsOf(rows, scaleId)) {
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
