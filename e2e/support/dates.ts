/** Reading the product's dates ('MMM dd, yyyy', spec 000 §9) back in the tests. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const DISPLAY_DATE = /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2}, \d{4}$/;

/** Calendar days from today (this machine's, which is the browser's) to a displayed date. */
export function daysFromToday(displayed: string, today = new Date()): number {
  const match = /^([A-Z][a-z]{2}) (\d{2}), (\d{4})$/.exec(displayed);
  if (!match) throw new Error(`Not a 'MMM dd, yyyy' date: ${displayed}`);
  const month = MONTHS.indexOf(match[1]);
  if (month < 0) throw new Error(`Unknown month in ${displayed}`);
  const day = Date.UTC(Number(match[3]), month, Number(match[2]));
  const base = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((day - base) / 86_400_000);
}

/** 'YYYY-MM-DD' for a date input, `days` from today (local calendar). */
export function isoDayFromToday(days: number, today = new Date()): string {
  const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The displayed form of a 'YYYY-MM-DD' day. */
export function displayDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  return `${MONTHS[month - 1]} ${String(day).padStart(2, '0')}, ${year}`;
}
