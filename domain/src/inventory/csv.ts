import Papa from 'papaparse';
import { emptyImportMessage, type BulkImportItem } from './bulkImport';

/**
 * The CSV upload's file, read in the browser before it is sent to bulk-import (spec 000 §5). The
 * server checks every row again with validateImportRows; this only turns the file into rows.
 */

export const INVALID_CSV_FILE_MESSAGE = 'Invalid File: Please upload a CSV file';
export const NO_VALID_CSV_ITEMS_MESSAGE = emptyImportMessage('csv');
export const INVENTORY_CSV_REQUIRED_HEADERS = ['scaleid', 'quantityonboard'] as const;
/** Every header the parser reads (lower case). Others are ignored. */
export const INVENTORY_CSV_HEADERS = [
  ...INVENTORY_CSV_REQUIRED_HEADERS,
  'batchnumber',
  'productname',
  'expirydate',
  'conditionnotes',
  'notes',
] as const;
type Header = (typeof INVENTORY_CSV_HEADERS)[number];

export const missingHeadersMessage = (missing: readonly string[]) => `Missing required headers: ${missing.join(', ')}`;

export type InventoryCsvResult = { ok: true; items: BulkImportItem[] } | { ok: false; error: string };

/** A decimal number as written in a cell: "12", "+3", "-5", "2.5". Not "1,000", "12abc", "0x10". */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * A number cell with its default when it holds none. A cell that is not a number at all ('',
 * 'abc', '12abc') takes the default, as the spec says. A number with a fraction ('2.5') is kept
 * as written, not truncated to 2: the server then refuses that row with the reason "quantity must
 * be a whole number (found 2.5)", where truncating would put a wrong count on record silently.
 */
function readNumber(cell: string, fallback: number): number {
  return NUMBER.test(cell) ? Number(cell) : fallback;
}

/**
 * Read an inventory CSV. The rules of spec 000 §5, in order:
 * 1. the file name must end in .csv (in any case: CHEST.CSV is a CSV file), else
 *    'Invalid File: Please upload a CSV file';
 * 2. the first non-empty line holds the headers, matched without regard to case or surrounding
 *    spaces; scaleid and quantityonboard are required, else 'Missing required headers: ' and the
 *    missing names;
 * 3. a row with fewer than 2 cells is skipped, and so is a row without a scale id;
 * 4. quantityonboard is a number, default 0; batchnumber a number, default 1 (see readNumber);
 *    expirydate (YYYY-MM-DD), productname and the notes (header conditionnotes, else notes) are
 *    optional and left out of the row when blank;
 * 5. with no row left: 'No valid inventory items found in CSV'.
 * Cells are trimmed. The delimiter is a comma, or a semicolon or tab when the file uses those
 * (spreadsheets in many locales save CSV with semicolons). A leading byte order mark is ignored.
 */
export function parseInventoryCsv(fileName: string, text: string): InventoryCsvResult {
  if (!/\.csv$/i.test(fileName)) return { ok: false, error: INVALID_CSV_FILE_MESSAGE };

  const { data: rows } = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
  });

  const header = rows.shift() ?? [];
  const column = new Map<string, number>();
  header.forEach((name, i) => {
    const key = name.trim().toLowerCase();
    if (!column.has(key)) column.set(key, i);
  });
  const missing = INVENTORY_CSV_REQUIRED_HEADERS.filter((h) => !column.has(h));
  if (missing.length > 0) return { ok: false, error: missingHeadersMessage(missing) };

  const items: BulkImportItem[] = [];
  for (const row of rows) {
    if (row.length < 2) continue;
    const cell = (name: Header): string => {
      const i = column.get(name);
      return i === undefined ? '' : (row[i] ?? '').trim();
    };
    const scaleId = cell('scaleid');
    if (scaleId === '') continue;

    const productName = cell('productname');
    const expiryDate = cell('expirydate');
    const conditionNotes = cell('conditionnotes') || cell('notes');
    items.push({
      scaleId,
      quantityOnBoard: readNumber(cell('quantityonboard'), 0),
      batchNumber: readNumber(cell('batchnumber'), 1),
      ...(productName ? { productName } : {}),
      ...(expiryDate ? { expiryDate } : {}),
      ...(conditionNotes ? { conditionNotes } : {}),
    });
  }

  return items.length === 0 ? { ok: false, error: NO_VALID_CSV_ITEMS_MESSAGE } : { ok: true, items };
}
