/**
 * A scale as CSV: the shipped file and an admin's import share these columns. Headers are matched
 * without regard to case or surrounding spaces, in any order; extra columns are ignored.
 *
 * Apart from the reader (parseCsv.ts, with papaparse) so that a page can name the columns and show
 * an import's problems without loading papaparse: the admin's scale page sends the file's text to
 * the server, which reads it, and never reads a scale itself (issue 14, JavaScript before first paint).
 */
export const SCALE_CSV_REQUIRED_COLUMNS = [
  'id',
  'section',
  'kind',
  'description',
  'form_strength',
  'unit',
  'qty_cat_a',
  'qty_cat_b',
  'qty_cat_c',
  'qty_per_10_crew',
] as const;
/** Optional: a table without them reads as "no flags" and empty texts. */
export const SCALE_CSV_OPTIONAL_COLUMNS = ['rule_flags', 'per_crew', 'notes', 'source'] as const;

export interface ScaleCsvError {
  /** Line of the file the problem is on (the header is line 1); 0 for the file as a whole. */
  line: number;
  /** The row's id when it has one, so the admin can find it. */
  itemId?: string;
  /** The column at fault, when there is one. */
  column?: string;
  message: string;
}

/** "line 4 (IMGS02) qty_cat_a: …": one error as one line of text, for logs and toasts. */
export function formatScaleCsvError(error: ScaleCsvError): string {
  const where = error.line > 0 ? `Line ${error.line}` : 'File';
  const id = error.itemId ? ` (${error.itemId})` : '';
  return `${where}${id}: ${error.message}`;
}
