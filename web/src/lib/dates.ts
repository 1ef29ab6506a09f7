import { format, isValid, parseISO } from 'date-fns';

/** The product's one date format (spec 000 §9). */
export const DATE_FORMAT = 'MMM dd, yyyy';

/** 'Mar 05, 2026' for an ISO date or timestamp; undefined when there is none or it is not a date. */
export function formatDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = parseISO(value);
  return isValid(date) ? format(date, DATE_FORMAT) : undefined;
}

/** 'YYYY-MM-DD' for a date input, from a stored date or timestamp. */
export function toDateInputValue(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'yyyy-MM-dd') : '';
}
