import { differenceInCalendarDays, isValid, parseISO } from 'date-fns';

/** A calendar date as the date input gives it: YYYY-MM-DD, and a real day of the calendar. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = parseISO(value);
  // parseISO accepts 2025-02-30 by rolling over; a round trip catches that.
  return isValid(parsed) && parsed.toISOString().slice(0, 10) === value;
}

/** Whole calendar days from `today` until `date` (negative when the date is past). */
export function daysUntil(date: string, today: Date): number {
  return differenceInCalendarDays(parseISO(date), today);
}

/** Today's date as YYYY-MM-DD in UTC: the product's notion of "today" on the server. */
export function isoToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
