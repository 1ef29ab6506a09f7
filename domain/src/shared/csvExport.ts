import Papa from 'papaparse';

/**
 * Every CSV the product writes (report exports, the import template) goes through `toCsv`, so no
 * export can hand a spreadsheet a formula. A text cell a user typed — a vessel named
 * `=HYPERLINK("http://evil","open")` — would otherwise run as a formula when the file is opened
 * (CSV injection). Such a cell is written with a leading apostrophe, which spreadsheets show as
 * the text itself. Numbers stay numbers: -5 written from a number is a value, not a formula.
 */

export type CsvValue = string | number | boolean | null | undefined;

/** The characters a spreadsheet reads as the start of a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell made safe to open in a spreadsheet; other values as they are. */
export function csvSafeCell(value: CsvValue): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Rows as CSV text: quoted where needed, formula-safe, lines joined by \n. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return Papa.unparse(
    rows.map((row) => row.map(csvSafeCell)),
    { newline: '\n' },
  );
}
