import { isWeekend } from '@midway/contracts';

/**
 * A delivery is booked at least one business day ahead: its date is after today and not a Saturday or Sunday.
 * "Today" is the provider's calendar day (its time zone), not the server's or the designer's.
 */

/** The calendar date YYYY-MM-DD at `at` in `timeZone`. */
export const calendarDate = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** Why `date` cannot be booked at `now`, or null when it can. */
export function unbookableDate(date: string, now: Date, timeZone: string): string | null {
  const today = calendarDate(now, timeZone);
  if (date < today) return `date ${date} is in the past: choose a business day from ${nextBusinessDay(now, timeZone)} on`;
  if (date === today) return `date ${date} is today: deliveries are booked at least one business day ahead (from ${nextBusinessDay(now, timeZone)})`;
  if (isWeekend(date)) return `date ${date} is on a weekend: deliveries go out on business days (Monday to Friday)`;
  return null;
}

/** The first business day after today in `timeZone`. */
export function nextBusinessDay(now: Date, timeZone: string): string {
  const d = new Date(`${calendarDate(now, timeZone)}T00:00:00Z`);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (isWeekend(d.toISOString().slice(0, 10)));
  return d.toISOString().slice(0, 10);
}
