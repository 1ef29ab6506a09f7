import Papa from 'papaparse';
import { parseQuantity, type StatedQuantity } from './quantity';
import { parseRuleFlags } from './ruleFlags';
import {
  SCALE_CSV_OPTIONAL_COLUMNS,
  SCALE_CSV_REQUIRED_COLUMNS,
  formatScaleCsvError,
  type ScaleCsvError,
} from './csvColumns';
import { SCALE_ITEM_KINDS, type MedicalCategory, type Scale, type ScaleItem, type ScaleItemKind, type ScaleMetadata } from './scale';

/**
 * The reader of a scale's CSV (the columns and the error format are in csvColumns.ts, re-exported
 * here): the shipped file at start-up and an admin's import on the server.
 */
export { SCALE_CSV_OPTIONAL_COLUMNS, SCALE_CSV_REQUIRED_COLUMNS, formatScaleCsvError, type ScaleCsvError };

type Column = (typeof SCALE_CSV_REQUIRED_COLUMNS)[number] | (typeof SCALE_CSV_OPTIONAL_COLUMNS)[number];

const CATEGORY_COLUMNS: Record<MedicalCategory, Column> = { A: 'qty_cat_a', B: 'qty_cat_b', C: 'qty_cat_c' };

export interface ScaleCsvResult {
  /** The scale with every valid row. Check `errors` before using it: see below. */
  scale: Scale;
  /**
   * Every problem found, file-level and per row. A scale with errors is incomplete (its invalid
   * rows are missing from `items`), so an import should refuse it and show these to the admin.
   */
  errors: ScaleCsvError[];
}

const MAX_ID_LENGTH = 50;

function isKind(value: string): value is ScaleItemKind {
  return (SCALE_ITEM_KINDS as readonly string[]).includes(value);
}

/** One record of the file with the line it starts on. */
interface RawRecord {
  line: number;
  cells: string[];
  parseError?: string;
}

/** Split the text into records, keeping the line each starts on (papaparse's own row index skips blanks). */
function readRecords(text: string): RawRecord[] {
  const records: RawRecord[] = [];
  let line = 1;
  let counted = 0;
  Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    step(result) {
      const cells = result.data;
      const record: RawRecord = { line, cells };
      if (result.errors.length > 0) record.parseError = result.errors.map((e) => e.message).join('; ');
      records.push(record);
      // The next record starts after this one's last character: count the line breaks in between.
      const end = result.meta.cursor;
      for (let i = counted; i < end && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
      counted = end;
    },
  });
  return records;
}

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

/**
 * Parse a scale table. Pure and total: it never throws on any input text; every problem is an
 * entry in `errors` with the line, the item id and the column where it can.
 */
export function parseScaleCsv(text: string, metadata: ScaleMetadata): ScaleCsvResult {
  const errors: ScaleCsvError[] = [];
  const items: ScaleItem[] = [];
  const scale: Scale = { ...metadata, items };

  const records = readRecords(text.replace(/^\uFEFF/, '')).filter((r) => !isBlank(r.cells));
  const header = records.shift();
  if (!header) {
    errors.push({ line: 0, message: 'The scale file is empty' });
    return { scale, errors };
  }

  const headers = header.cells.map((h) => h.trim().toLowerCase());
  const index = new Map<string, number>();
  headers.forEach((h, i) => {
    if (!index.has(h)) index.set(h, i);
  });
  const missing = SCALE_CSV_REQUIRED_COLUMNS.filter((c) => !index.has(c));
  if (missing.length > 0) {
    errors.push({
      line: header.line,
      message: `Missing required column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`,
    });
    return { scale, errors };
  }
  if (records.length === 0) {
    errors.push({ line: 0, message: 'No scale items found in CSV' });
    return { scale, errors };
  }

  const seen = new Map<string, number>();
  for (const record of records) {
    const cell = (column: Column): string => {
      const i = index.get(column);
      return i === undefined ? '' : (record.cells[i] ?? '').trim();
    };
    const itemId = cell('id') || undefined;
    const rowErrors: ScaleCsvError[] = [];
    const fail = (message: string, column?: Column) =>
      rowErrors.push({ line: record.line, ...(itemId ? { itemId } : {}), ...(column ? { column } : {}), message });

    if (record.parseError) fail(`The row could not be read: ${record.parseError}`);
    else if (record.cells.length !== headers.length) {
      fail(`The row has ${record.cells.length} fields but the header has ${headers.length}`);
    }
    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      continue;
    }

    const id = cell('id');
    if (id === '') fail('Id is required', 'id');
    else if (id.length > MAX_ID_LENGTH) fail(`Id must not exceed ${MAX_ID_LENGTH} characters`, 'id');
    else if (seen.has(id)) fail(`Id ${id} is already used on line ${seen.get(id)}`, 'id');

    const section = cell('section');
    if (section === '') fail('Section is required', 'section');
    const description = cell('description');
    if (description === '') fail('Description is required', 'description');
    const kind = cell('kind').toLowerCase();
    if (!isKind(kind)) fail(`Kind must be one of ${SCALE_ITEM_KINDS.join(', ')} (found "${cell('kind')}")`, 'kind');

    const quantity = (column: Column): StatedQuantity | undefined => {
      const parsed = parseQuantity(cell(column));
      if (parsed.ok) return parsed.value;
      fail(`${column}: ${parsed.error}`, column);
      return undefined;
    };
    const a = quantity(CATEGORY_COLUMNS.A);
    const b = quantity(CATEGORY_COLUMNS.B);
    const c = quantity(CATEGORY_COLUMNS.C);
    const per10 = quantity('qty_per_10_crew');
    const anyCategoryFigure = [a, b, c].some((q) => q !== undefined && q.kind !== 'not_set');
    if (anyCategoryFigure && per10 && per10.kind !== 'not_set') {
      fail('Give either quantities per category (qty_cat_a, qty_cat_b, qty_cat_c) or qty_per_10_crew, not both', 'qty_per_10_crew');
    }

    const flags = parseRuleFlags(cell('rule_flags'));
    if (!flags.ok) fail(`rule_flags: ${flags.error}`, 'rule_flags');

    if (id !== '' && !seen.has(id)) seen.set(id, record.line);
    if (rowErrors.length > 0 || !isKind(kind) || !a || !b || !c || !per10 || !flags.ok) {
      errors.push(...rowErrors);
      continue;
    }

    items.push({
      id,
      section,
      kind,
      description,
      formStrength: cell('form_strength'),
      unit: cell('unit') || null,
      quantities: { A: a, B: b, C: c },
      qtyPer10Crew: per10,
      ruleFlags: flags.flags,
      perCrew: cell('per_crew'),
      notes: cell('notes'),
      source: cell('source'),
    });
  }

  return { scale, errors };
}
