/**
 * Days are UTC days everywhere: the server's and the browser's "today" is isoToday of the moment,
 * and day counts are between UTC days, so a user east or west of UTC near midnight sees the badge
 * and the status the server computes (issue 8: one "today", not the browser's local one).
 */

/** A calendar date as the date input gives it: YYYY-MM-DD, and a real day of the calendar. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  // Date accepts 2025-02-30 by rolling over; a round trip catches that.
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** Today's date as YYYY-MM-DD in UTC: the product's one notion of "today", on the server and in the browser. */
export function isoToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whole days from the day `today` (YYYY-MM-DD) to `date` (YYYY-MM-DD, or a timestamp: its UTC day). */
export function daysBetweenIsoDays(today: string, date: string): number {
  return Math.round((Date.parse(`${date.slice(0, 10)}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Whole days from the UTC day of `today` until `date` (negative when the date is past). */
export function daysUntil(date: string, today: Date): number {
  return daysBetweenIsoDays(isoToday(today), date);
}
