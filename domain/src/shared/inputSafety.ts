/**
 * What no value sent to MedChest may hold, whatever the form: the rule every request body is
 * checked against before any route reads it (command-api applies it to every body), so that no
 * route can forget it. Each form's own schema then checks its fields' meaning.
 *
 * - No control characters in text (NUL would even be refused by PostgreSQL); text that may span
 *   lines (notes, reasons, descriptions, an uploaded CSV) may hold tab, line feed and carriage return.
 * - No number JSON cannot hold exactly: `1e309` parses as Infinity.
 * - A date (YYYY-MM-DD, alone or starting a timestamp) lies between 2000-01-01 and 2100-12-31:
 *   year 0001 or 9999 is a typing slip, and no medical chest record is older than the product.
 */

export const INPUT_DATE_MIN = '2000-01-01';
export const INPUT_DATE_MAX = '2100-12-31';

/** Fields whose text may span lines: tab, line feed and carriage return are allowed there. */
const MULTILINE_FIELD = /(notes?|reason|description|comments?|csv|message)$/i;

// C0 controls and DEL, and C1 controls; the line-spanning set is C0 less tab, LF and CR.
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

const DATE_LIKE = /^(\d{4,})-(\d{2})-(\d{2})(?:$|T)/;

export const controlCharacterMessage = (field: string) => `${field} must not contain control characters`;
export const nonFiniteNumberMessage = (field: string) => `${field} must be a number`;
export const dateOutOfRangeMessage = (field: string) => `${field} must be a date between ${INPUT_DATE_MIN} and ${INPUT_DATE_MAX}`;

/** A calendar date (YYYY-MM-DD) within the range the product accepts from users. */
export function isDateInInputRange(isoDate: string): boolean {
  const day = isoDate.slice(0, 10);
  return day >= INPUT_DATE_MIN && day <= INPUT_DATE_MAX && /^\d{4}-/.test(isoDate);
}

export interface UnsafeInput {
  /** The dotted path of the field (`items.3.productName`); `_` for the body itself. */
  field: string;
  message: string;
}

/** The first value in `body` that breaks the rules above, or undefined. */
export function findUnsafeInput(body: unknown): UnsafeInput | undefined {
  return check(body, [], '');
}

function check(value: unknown, path: string[], key: string): UnsafeInput | undefined {
  const field = () => path.join('.') || '_';
  if (typeof value === 'string') {
    const multiline = MULTILINE_FIELD.test(key);
    if ((multiline ? CONTROL_BUT_LINES : ANY_CONTROL).test(value)) return { field: field(), message: controlCharacterMessage(field()) };
    // A password is a secret, never a date, whatever it looks like.
    if (/password/i.test(key)) return undefined;
    if (DATE_LIKE.test(value) && !isDateInInputRange(value)) return { field: field(), message: dateOutOfRangeMessage(field()) };
    return undefined;
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? undefined : { field: field(), message: nonFiniteNumberMessage(field()) };
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = check(value[i], [...path, String(i)], key);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) {
      if (ANY_CONTROL.test(name)) return { field: [...path, name].join('.'), message: controlCharacterMessage('A field name') };
      const found = check(inner, [...path, name], name);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * A quantity sent as text: only a plain decimal (`12`, `-3`, `2.5`, surrounding spaces allowed).
 * `Number()` would also read `0x10` as 16, `1e3` as 1000 and `Infinity`: none of those is what a
 * person typed as a count.
 */
export function plainDecimal(value: string): number | undefined {
  return /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : undefined;
}
