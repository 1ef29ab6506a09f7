import { addDays, format, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { batchCounts, daysUntilExpiry, EXPIRING_SOON_DAYS, isExpiringSoon, nextStandingChange } from './batch';

const TODAY = '2026-03-10';
/** The date n days after TODAY (negative: before). */
const day = (n: number) => format(addDays(parseISO(TODAY), n), 'yyyy-MM-dd');

describe('whether a batch counts and whether it expires soon', () => {
  it.each<[string, string | null | undefined, number | null, boolean, boolean]>([
    // case, expiry date, days until expiry, counts, expiring soon
    ['expired a year ago', day(-365), -365, false, false],
    ['expired yesterday', day(-1), -1, false, false],
    ['expires today (still usable today)', TODAY, 0, true, true],
    ['expires tomorrow', day(1), 1, true, true],
    ['expires on day 59', day(59), 59, true, true],
    ['expires on day 60', day(60), 60, true, true],
    ['expires on day 61', day(61), 61, true, false],
    ['expires in two years', day(730), 730, true, false],
    ['has no expiry date (null)', null, null, true, false],
    ['has no expiry date (absent)', undefined, null, true, false],
    ['has an empty expiry date', '', null, true, false],
  ])('a batch that %s', (_case, expiryDate, days, counts, soon) => {
    const batch = { expiryDate };
    expect(daysUntilExpiry(batch, TODAY)).toBe(days);
    expect(batchCounts(batch, TODAY)).toBe(counts);
    expect(isExpiringSoon(batch, TODAY)).toBe(soon);
  });

  it.each(['2026-3-10', '2026-03-1x', 'soon', '2026-03'])('a malformed expiry date (%s) gives no count of days, and the batch does not count', (expiryDate) => {
    expect(daysUntilExpiry({ expiryDate }, TODAY)).toBeNaN();
    expect(batchCounts({ expiryDate }, TODAY)).toBe(false);
    expect(isExpiringSoon({ expiryDate }, TODAY)).toBe(false);
  });

  it('uses a 60-day window', () => {
    expect(EXPIRING_SOON_DAYS).toBe(60);
  });

  it.each<[string, string, string, number]>([
    ['across a month end', '2026-01-31', '2026-03-01', 29],
    ['across a leap day', '2028-02-28', '2028-03-01', 2],
    ['across the March clock change', '2026-03-28', '2026-03-30', 2],
    ['across the October clock change', '2026-10-24', '2026-10-26', 2],
    ['across a year end', '2026-12-31', '2027-01-01', 1],
  ])('counts calendar days %s', (_case, today, expiryDate, days) => {
    expect(daysUntilExpiry({ expiryDate }, today)).toBe(days);
  });
});

describe('the next day a chest can change standing with no new event', () => {
  it.each<[string, (string | null)[], string | null]>([
    ['no batches', [], null],
    ['only batches without an expiry date', [null, null], null],
    ['only expired batches (they never count again)', [day(-1), day(-30)], null],
    ['a batch expiring in 61 days: it becomes expiring soon tomorrow', [day(61)], day(1)],
    ['a batch expiring in 100 days: it becomes expiring soon on day 40', [day(100)], day(40)],
    ['a batch expiring on day 60: already soon, stops counting on day 61', [day(60)], day(61)],
    ['a batch expiring today: stops counting tomorrow', [TODAY], day(1)],
    ['the soonest of several', [day(400), day(90), null, day(-3)], day(30)],
  ])('%s', (_case, expiries, next) => {
    expect(nextStandingChange(expiries.map((expiryDate) => ({ expiryDate })), TODAY)).toBe(next);
  });

  it('is the first day on which counting or expiring-soon differs from today', () => {
    // Brute force over two years: the reported day is the first day either rule answers differently.
    for (const offset of [-5, 0, 1, 59, 60, 61, 62, 200]) {
      const batch = { expiryDate: day(offset) };
      const standing = (d: string) => `${batchCounts(batch, d)}/${isExpiringSoon(batch, d)}`;
      let firstChange: string | null = null;
      for (let n = 1; n <= 730; n++) {
        if (standing(day(n)) !== standing(TODAY)) {
          firstChange = day(n);
          break;
        }
      }
      expect(nextStandingChange([batch], TODAY), `expiry on day ${offset}`).toBe(firstChange);
    }
  });
});
