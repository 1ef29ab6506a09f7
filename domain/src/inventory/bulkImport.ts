import { z } from 'zod';
import { isIsoDate } from '../shared/dates';
import type { InventoryImportSource } from './events';
import { MAX_BATCH_QUANTITY } from './messages';

/**
 * POST /api/vessels/{id}/inventory/bulk-import (spec 000 §7): one command for the CSV upload and
 * the manual bulk input. The request schema checks only the envelope; every row is checked by
 * validateImportRows, so a bad row (unknown scale id, negative quantity, impossible date, even a
 * wrong type) is a row error with its reason in the answer, never a 400 for the whole file and
 * never a 500.
 */

/** Rows in one import: a whole chest is some 600 batches; this bounds the request and the events. */
export const MAX_IMPORT_ROWS = 10_000;
export const MAX_PRODUCT_NAME_LENGTH = 255;
export const MAX_CONDITION_NOTES_LENGTH = 1000;
export const MAX_FILE_NAME_LENGTH = 255;

/** The manual bulk input's file name is 'Manual Input' plus the date (spec 000 §7). */
export const MANUAL_INPUT_FILE_NAME_PREFIX = 'Manual Input';
export const manualInputFileName = (date: string) => `${MANUAL_INPUT_FILE_NAME_PREFIX} ${date}`;

/**
 * Where an import came from. The request has no such field: the browser names a CSV upload after
 * its file (which must end in .csv) and the manual input 'Manual Input' plus the date.
 */
export function importSourceOf(fileName: string): InventoryImportSource {
  return /\.csv$/i.test(fileName.trim()) ? 'csv' : 'manual';
}

/** The browser's own message for an import with nothing in it, by source (spec 000 §5). */
export function emptyImportMessage(source: InventoryImportSource): string {
  return source === 'csv' ? 'No valid inventory items found in CSV' : 'No Items: Please add quantities for at least one item';
}

/** One row as the browser sends it (parseInventoryCsv's output, the bulk input's rows). */
export const bulkImportItemSchema = z.object({
  /** The row's line in the uploaded spreadsheet (header = line 1), so a refused row names it. */
  line: z.number().int().positive().optional(),
  scaleId: z.string(),
  productName: z.string().optional(),
  quantityOnBoard: z.number(),
  expiryDate: z.string().optional(),
  conditionNotes: z.string().optional(),
  batchNumber: z.number(),
});
export type BulkImportItem = z.infer<typeof bulkImportItemSchema>;

export const bulkImportRequestSchema = z
  .object({
    fileName: z
      .string({ error: 'File name is required' })
      .trim()
      .min(1, 'File name is required')
      .max(MAX_FILE_NAME_LENGTH, `File name must not exceed ${MAX_FILE_NAME_LENGTH} characters`),
    /** Checked row by row by validateImportRows; see above. */
    items: z
      .array(z.unknown(), { error: 'Items must be a list' })
      .max(MAX_IMPORT_ROWS, `An import may hold at most ${MAX_IMPORT_ROWS} rows`),
  })
  .superRefine((request, ctx) => {
    if (request.items.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: emptyImportMessage(importSourceOf(request.fileName)) });
    }
  });
export type BulkImportRequest = z.infer<typeof bulkImportRequestSchema>;

/** An accepted row: a BatchAdded's data before the API gives it a batch id and the vessel id. */
export interface ImportedBatch {
  /** The scale's own spelling of the id. */
  scaleId: string;
  batchNumber: number;
  productName?: string;
  quantity: number;
  expiryDate?: string;
  conditionNotes?: string;
}

export interface ImportRowsResult {
  accepted: ImportedBatch[];
  /** One message per refused row: "Row 3 (IMGS01): quantity must not be negative (found -5)". */
  errors: string[];
}

/** The reason for a number cell holding text, said once for the CSV reader and the server. */
export const notANumberReason = (label: string, found: unknown) => `${label} is not a number (found ${shown(found)})`;

/** "Line 5" for a row of an uploaded file, "Row 3" (in the order sent) otherwise. */
export const importRowLabel = (line: unknown, row: number) =>
  typeof line === 'number' && Number.isSafeInteger(line) && line > 0 ? `Line ${line}` : `Row ${row}`;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const shown = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

/**
 * Check every row of an import against the vessel's scale. Rows are numbered from 1 in the order
 * sent, or named by their spreadsheet line when the row carries one (CSV uploads); a refused row
 * gets one message naming it and its scale id with every reason found.
 *
 * The rules, each a row error:
 * - the scale id must be on the vessel's scale. It is matched without regard to case (imgs01 is
 *   IMGS01) and stored as the scale spells it;
 * - the quantity must be a whole number, not negative, and above 0. Quantity 0 is refused for
 *   every source alike ('quantity is 0, nothing to add'): a batch is units taken on board, and an
 *   empty one would only clutter the batch list while adding nothing to the count. The manual
 *   input already leaves such rows out (spec 000 §4, it saves only rows above 0); a CSV row whose
 *   quantity is 0 or blank (the parser's default is 0) is reported, so the user sees it was not
 *   imported, and successCount + errorCount is always the number of rows sent;
 * - the batch number must be a whole number of at least 1 (absent means 1, the default);
 * - the expiry date, when given, must be a real calendar date as YYYY-MM-DD. A date already past is
 *   accepted: it is a fact about the chest, and the compliance rules do not count that batch;
 * - product name and notes, when given, must be text within their length limits.
 *
 * Rows that repeat a scale id and batch number are accepted: batch numbers count within one
 * entry (every bulk input and every CSV without the column starts at 1), they are not lot numbers.
 */
export function validateImportRows(items: readonly unknown[], knownScaleIds: ReadonlySet<string>): ImportRowsResult {
  const byLowerCase = new Map<string, string>();
  for (const id of knownScaleIds) if (!byLowerCase.has(id.toLowerCase())) byLowerCase.set(id.toLowerCase(), id);
  const canonical = (id: string) => (knownScaleIds.has(id) ? id : byLowerCase.get(id.toLowerCase()));

  const accepted: ImportedBatch[] = [];
  const errors: string[] = [];
  items.forEach((item, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      errors.push(`Row ${index + 1}: not an inventory item`);
      return;
    }
    const fields = item as Record<string, unknown>;
    const label = importRowLabel(fields.line, index + 1);
    const reasons: string[] = [];

    const rawScaleId = typeof fields.scaleId === 'string' ? fields.scaleId.trim() : '';
    const scaleId = rawScaleId === '' ? undefined : canonical(rawScaleId);
    if (rawScaleId === '') reasons.push('scale id is missing');
    else if (scaleId === undefined) reasons.push("unknown scale id, not on this vessel's scale");

    const quantity = fields.quantityOnBoard;
    if (typeof quantity !== 'number' || !Number.isFinite(quantity)) {
      reasons.push(isBlank(quantity) ? 'quantity is missing' : notANumberReason('quantity', quantity));
    } else if (quantity < 0) reasons.push(`quantity must not be negative (found ${quantity})`);
    else if (!Number.isInteger(quantity)) reasons.push(`quantity must be a whole number (found ${quantity})`);
    else if (quantity === 0) reasons.push('quantity is 0, nothing to add');
    else if (quantity > MAX_BATCH_QUANTITY) reasons.push(`quantity must not exceed ${MAX_BATCH_QUANTITY} (found ${quantity})`);

    const rawBatchNumber = isBlank(fields.batchNumber) ? 1 : fields.batchNumber;
    if (typeof rawBatchNumber !== 'number' || !Number.isSafeInteger(rawBatchNumber)) {
      reasons.push(`batch number must be a whole number (found ${shown(rawBatchNumber)})`);
    } else if (rawBatchNumber < 1) reasons.push(`batch number must be at least 1 (found ${rawBatchNumber})`);

    let expiryDate: string | undefined;
    if (!isBlank(fields.expiryDate)) {
      const value = fields.expiryDate;
      if (typeof value === 'string' && isIsoDate(value.trim())) expiryDate = value.trim();
      else reasons.push(`expiry date must be a real date as YYYY-MM-DD (found ${shown(value)})`);
    }

    const text = (key: 'productName' | 'conditionNotes', label: string, max: number): string | undefined => {
      const value = fields[key];
      if (isBlank(value)) return undefined;
      if (typeof value !== 'string') {
        reasons.push(`${label} must be text`);
        return undefined;
      }
      const trimmed = value.trim();
      if (trimmed.length > max) reasons.push(`${label} must not exceed ${max} characters`);
      return trimmed;
    };
    const productName = text('productName', 'product name', MAX_PRODUCT_NAME_LENGTH);
    const conditionNotes = text('conditionNotes', 'condition notes', MAX_CONDITION_NOTES_LENGTH);

    if (reasons.length > 0 || scaleId === undefined) {
      errors.push(`${label}${rawScaleId ? ` (${rawScaleId})` : ''}: ${reasons.join('; ')}`);
      return;
    }
    accepted.push({
      scaleId,
      batchNumber: rawBatchNumber as number,
      quantity: quantity as number,
      ...(productName !== undefined ? { productName } : {}),
      ...(expiryDate !== undefined ? { expiryDate } : {}),
      ...(conditionNotes !== undefined ? { conditionNotes } : {}),
    });
  });
  return { accepted, errors };
}

/** The answer of the bulk-import call (spec 000 §3). */
export interface BulkImportResult {
  successCount: number;
  errorCount: number;
  errors: string[];
}

/** Toast titles of an import (spec 000 §8): a CSV upload is an Upload, the manual input an Import. */
export const IMPORT_TOAST_TITLES: Record<InventoryImportSource, { done: string; failed: string }> = {
  csv: { done: 'Upload Complete', failed: 'Upload Failed' },
  manual: { done: 'Import Complete', failed: 'Import Failed' },
};
/** The failure toast's text when the error has no message. */
export const IMPORT_UNKNOWN_ERROR = 'Unknown error occurred';

/** "Successfully processed 12 items (3 errors)": the completion toast's text (spec 000 §8). */
export function importResultMessage(result: Pick<BulkImportResult, 'successCount' | 'errorCount'>): string {
  const errors = result.errorCount > 0 ? ` (${result.errorCount} errors)` : '';
  return `Successfully processed ${result.successCount} items${errors}`;
}
