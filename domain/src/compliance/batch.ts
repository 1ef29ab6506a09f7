/** A batch as the compliance rules see it; callers may pass richer objects and get them back. */
export interface ChestBatch {
  /** The scale item it stocks (IMGS01 …). */
  scaleId: string;
  /** Units on board, in the item's requirement unit. */
  quantity: number;
  /** YYYY-MM-DD as printed on the pack; null or absent when the item has none (instruments). */
  expiryDate?: string | null;
}

/** A counted batch expiring within this many days (inclusive) makes a vessel "Expiring Soon". */
export const EXPIRING_SOON_DAYS = 60;

/**
 * Whole calendar days from `today` to the batch's expiry date: 0 when it expires today, -1 when it
 * expired yesterday; null when it has no expiry date. Both dates are YYYY-MM-DD, so no time zone
 * enters the count.
 */
export function daysUntilExpiry(batch: Pick<ChestBatch, 'expiryDate'>, today: string): number | null {
  if (!batch.expiryDate) return null;
  return epochDay(batch.expiryDate) - epochDay(today);
}

/**
 * Days since 1970-01-01 of a YYYY-MM-DD date, by arithmetic on the calendar (no time zone, no
 * clock change): a fleet's chests are thousands of batches, and this is the hot path (every
 * batch's expiry is read three times per evaluation: its digits are read in place, without the
 * three substrings per read that were most of a chest evaluation's garbage).
 */
function epochDay(isoDate: string): number {
  return Date.UTC(digits(isoDate, 0, 4), digits(isoDate, 5, 7) - 1, digits(isoDate, 8, 10)) / 86_400_000;
}

/** The decimal number written at text[from, to); NaN when one of them is not a digit (or is missing). */
function digits(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return NaN;
    n = n * 10 + digit;
  }
  return n;
}

/**
 * Whether a batch counts toward its item on `today` (YYYY-MM-DD): only if it is not expired.
 *
 * A batch that expires today still counts today, and stops counting tomorrow. An expiry date on a
 * medicine pack is the last day it may be used ("use by", "EXP"): the product is within its shelf
 * life until that day ends, so it is not yet expired on it. A batch that expired yesterday does
 * not count. A batch without an expiry date (most instruments) always counts. (Expiry dates are
 * validated as YYYY-MM-DD where batches are recorded; a malformed one would give NaN days here and
 * the batch would not count.)
 */
export function batchCounts(batch: Pick<ChestBatch, 'expiryDate'>, today: string): boolean {
  const days = daysUntilExpiry(batch, today);
  return days === null || days >= 0;
}

/**
 * A counted batch that expires within EXPIRING_SOON_DAYS: today (day 0) up to and including day
 * 60; day 61 is not "soon". Batches without an expiry date never are.
 */
export function isExpiringSoon(batch: Pick<ChestBatch, 'expiryDate'>, today: string): boolean {
  const days = daysUntilExpiry(batch, today);
  return days !== null && days >= 0 && days <= EXPIRING_SOON_DAYS;
}

/** `days` calendar days after a YYYY-MM-DD date, as YYYY-MM-DD. */
function addDays(isoDate: string, days: number): string {
  return new Date((epochDay(isoDate) + days) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The first day after `today` on which a chest's evaluation can change with no new event: the
 * day after a counted batch's expiry (it stops counting) or the day it comes within 60 days of
 * expiry (it becomes "expiring soon"). null when no batch will ever change standing. A stored
 * evaluation made on `today` holds until that day; the read models keep this date so that a
 * scan only re-evaluates the vessels whose day has come.
 */
export function nextStandingChange(batches: readonly Pick<ChestBatch, 'expiryDate'>[], today: string): string | null {
  let soonest: number | null = null;
  for (const batch of batches) {
    const days = daysUntilExpiry(batch, today);
    if (days === null || Number.isNaN(days) || days < 0) continue;
    // Counted today (days >= 0): stops counting on day days + 1; becomes expiring soon on day days - 60.
    const becomesSoon = days - EXPIRING_SOON_DAYS;
    const next = becomesSoon > 0 ? becomesSoon : days + 1;
    if (soonest === null || next < soonest) soonest = next;
  }
  return soonest === null ? null : addDays(today, soonest);
}
