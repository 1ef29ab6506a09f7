/**
 * The demo's business clock: the moment, in UTC, of a time of day on a YYYY-MM-DD day. Every
 * command of the demo's past runs with one of these as its `now`, so its events record that day
 * as their occurredAt (the business date "as of", reports and timelines go by), whatever day the
 * demo is seeded on; the store records when they were really appended.
 */
export function at(isoDay: string, hour: number, minute = 0): Date {
  const date = new Date(`${isoDay}T00:00:00.000Z`);
  date.setUTCHours(hour, minute);
  return date;
}
