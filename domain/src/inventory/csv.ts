import Papa from 'papaparse';
import { toCsv } from '../shared/csvExport';
import { emptyImportMessage, notANumberReason, type BulkImportItem, type BulkImportResult } from './bulkImport';
import { INVENTORY_CSV_HEADERS, INVENTORY_CSV_REQUIRED_HEADERS } from './csvHeaders';

export { INVENTORY_CSV_HEADERS, INVENTORY_CSV_REQUIRED_HEADERS };

/**
 * The CSV upload's file, read in the browser before it is sent to bulk-import (spec 000 §5). The
 * server checks every row again with validateImportRows; this only turns the file into rows.
 */

export const INVALID_CSV_FILE_MESSAGE = 'Invalid File: Please upload a CSV file';
export const NO_VALID_CSV_ITEMS_MESSAGE = emptyImportMessage('csv');
type Header = (typeof INVENTORY_CSV_HEADERS)[number];

export const missingHeadersMessage = (missing: readonly string[]) => `Missing required headers: ${missing.join(', ')}`;

/** A row of the file that was not sent, with its spreadsheet line (header = line 1) and why. */
export interface SkippedCsvRow {
  line: number;
  /** As written in the row, when it has one. */
  scaleId?: string;
  reason: string;
}

export type InventoryCsvResult =
  | {
      ok: true;
      items: BulkImportItem[];
      /** The spreadsheet line of each item (items[i] came from line lines[i]). */
      lines: number[];
      /** Rows left out while reading, each with its line and reason, in file order. */
      skipped: SkippedCsvRow[];
    }
  | { ok: false; error: string; skipped?: SkippedCsvRow[] };

/** A decimal number as written in a cell: "12", "+3", "-5", "2.5". Not "1,000", "12abc", "0x10". */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A skipped row as the import result lists it: "Line 7 (IMGS02): quantity is not a number (found "abc")". */
export function skippedRowMessage(row: SkippedCsvRow): string {
  return `Line ${row.line}${row.scaleId ? ` (${row.scaleId})` : ''}: ${row.reason}`;
}

/** Where each line starts, so a character offset (Papa's cursor) gives its 1-based line. */
function lineFinder(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    // \r\n, \n and a lone \r each end a line, as spreadsheets count them.
    if (text[i] === '\n' || (text[i] === '\r' && text[i + 1] !== '\n')) starts.push(i + 1);
  }
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
}

/**
 * Read an inventory CSV. The rules of spec 000 §5, in order:
 * 1. the file name must end in .csv (in any case: CHEST.CSV is a CSV file), else
 *    'Invalid File: Please upload a CSV file';
 * 2. the first non-empty line holds the headers, matched without regard to case or surrounding
 *    spaces; scaleid and quantityonboard are required, else 'Missing required headers: ' and the
 *    missing names;
 * 3. a row with fewer than 2 cells is skipped, and so is a row without a scale id;
 * 4. quantityonboard is a number, default 0 when blank; batchnumber a number, default 1 when blank;
 *    expirydate (YYYY-MM-DD), productname and the notes (header conditionnotes, else notes) are
 *    optional and left out of the row when blank;
 * 5. with no row left: 'No valid inventory items found in CSV'.
 * Every skipped row is reported with its spreadsheet line (header = line 1) and reason, and so is
 * a number cell holding text ("abc"): that row is skipped as "not a number" rather than imported
 * as the default, which would tell the user "quantity is 0" about a cell that says something else.
 * A number with a fraction ('2.5') is kept as written: the server refuses it as "must be a whole
 * number", where truncating would put a wrong count on record silently. Blank lines are not rows.
 * Cells are trimmed. The delimiter is a comma, or a semicolon or tab when the file uses those
 * (spreadsheets in many locales save CSV with semicolons). A leading byte order mark is ignored.
 */
export function parseInventoryCsv(fileName: string, text: string): InventoryCsvResult {
  if (!/\.csv$/i.test(fileName)) return { ok: false, error: INVALID_CSV_FILE_MESSAGE };

  const source = text.replace(/^\uFEFF/, '');
  const lineAt = lineFinder(source);
  const rows: { cells: string[]; line: number }[] = [];
  let cursor = 0;
  Papa.parse<string[]>(source, {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
    step: (result) => {
      // The row starts after the previous row's end and any line breaks or blank lines between.
      let start = cursor;
      while (start < source.length && /\s/.test(source[start]) && source[start] !== result.meta.delimiter) start++;
      rows.push({ cells: result.data, line: lineAt(start) });
      cursor = result.meta.cursor;
    },
  });

  const header = rows.shift()?.cells ?? [];
  const column = new Map<string, number>();
  header.forEach((name, i) => {
    const key = name.trim().toLowerCase();
    if (!column.has(key)) column.set(key, i);
  });
  const missing = INVENTORY_CSV_REQUIRED_HEADERS.filter((h) => !column.has(h));
  if (missing.length > 0) return { ok: false, error: missingHeadersMessage(missing) };

  const items: BulkImportItem[] = [];
  const lines: number[] = [];
  const skipped: SkippedCsvRow[] = [];
  for (const { cells: row, line } of rows) {
    if (row.length < 2) {
      skipped.push({ line, reason: 'only one cell; a row needs at least scaleId and quantityOnBoard' });
      continue;
    }
    const cell = (name: Header): string => {
      const i = column.get(name);
      return i === undefined ? '' : (row[i] ?? '').trim();
    };
    const scaleId = cell('scaleid');
    if (scaleId === '') {
      skipped.push({ line, reason: 'scale id is missing' });
      continue;
    }
    const quantityCell = cell('quantityonboard');
    const batchCell = cell('batchnumber');
    const reasons = [
      ...(quantityCell !== '' && !NUMBER.test(quantityCell) ? [notANumberReason('quantity', quantityCell)] : []),
      ...(batchCell !== '' && !NUMBER.test(batchCell) ? [notANumberReason('batch number', batchCell)] : []),
    ];
    if (reasons.length > 0) {
      skipped.push({ line, scaleId, reason: reasons.join('; ') });
      continue;
    }

    const productName = cell('productname');
    const expiryDate = cell('expirydate');
    const conditionNotes = cell('conditionnotes') || cell('notes');
    items.push({
      scaleId,
      quantityOnBoard: quantityCell === '' ? 0 : Number(quantityCell),
      batchNumber: batchCell === '' ? 1 : Number(batchCell),
      ...(productName ? { productName } : {}),
      ...(expiryDate ? { expiryDate } : {}),
      ...(conditionNotes ? { conditionNotes } : {}),
    });
    lines.push(line);
  }

  return items.length === 0
    ? { ok: false, error: NO_VALID_CSV_ITEMS_MESSAGE, skipped }
    : { ok: true, items, lines, skipped };
}

/** The spreadsheet line a result message starts with ("Line 7 ..."); messages without one go last. */
const lineOfMessage = (message: string) => Number(/^Line (\d+)/.exec(message)?.[1] ?? Number.MAX_SAFE_INTEGER);

/**
 * The result of a CSV upload as the user sees it: the server's answer for the rows sent, plus the
 * rows skipped while reading the file, every refused or skipped row in one list by line.
 */
export function withSkippedRows(answer: BulkImportResult, skipped: readonly SkippedCsvRow[]): BulkImportResult {
  const errors = [...skipped.map(skippedRowMessage), ...answer.errors].sort((a, b) => lineOfMessage(a) - lineOfMessage(b));
  return { successCount: answer.successCount, errorCount: answer.errorCount + skipped.length, errors };
}

/** The template offered on the CSV Upload tab: every header the reader knows, and one example row. */
export function inventoryCsvTemplate(example: { scaleId: string; productName?: string }): string {
  return toCsv([
    ['scaleId', 'quantityOnBoard', 'batchNumber', 'productName', 'expiryDate', 'conditionNotes'],
    [example.scaleId, 10, 1, example.productName ?? '', '2027-12-31', 'Sealed'],
  ]);
}
