import { isoToday } from '@medchest/domain';

/**
 * An app clock for tests whose history spans several days: commands stamped with it (inventory,
 * scales) land on the day set, and it is the chest's "today". Vessel commands keep the real clock,
 * so the pinned days lie after the real today: every vessel exists by then. Starts on DAY1.
 */
export function pinnedClock() {
  const realToday = isoToday();
  const addDays = (date: string, days: number) => isoToday(new Date(Date.parse(`${date}T00:00:00.000Z`) + days * 86_400_000));
  const DAY1 = addDays(realToday, 10);
  const DAY2 = addDays(realToday, 20);
  let clock = new Date(`${DAY1}T12:00:00.000Z`);
  return {
    REAL_TODAY: realToday,
    DAY1,
    DAY2,
    addDays,
    /** For startTestApp's `now`. */
    now: () => clock,
    /** Noon (UTC) of that day. */
    setDay(day: string) {
      clock = new Date(`${day}T12:00:00.000Z`);
    },
  };
}
