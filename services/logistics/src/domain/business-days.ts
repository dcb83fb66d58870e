import { isWeekend } from '@midway/contracts';

/**
 * A delivery is booked at least one business day ahead: its date is after today and not a Saturday or Sunday,
 * and at most a year ahead.
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
  const last = lastBookableDay(now, timeZone);
  if (date > last) return `date ${date} is more than a year ahead: deliveries are booked at most a year ahead (until ${last})`;
  if (isWeekend(date)) return `date ${date} is on a weekend: deliveries go out on business days (Monday to Friday)`;
  return null;
}

/**
 * The last day a delivery may be booked for: the same day next year (from 29 February, 1 March). Nothing is
 * planned further out; a date such as 9999-12-31 is a slip, and would sit among the open deliveries for ever.
 */
export function lastBookableDay(now: Date, timeZone: string): string {
  const d = new Date(`${calendarDate(now, timeZone)}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

/** The first business day after today in `timeZone`. */
export function nextBusinessDay(now: Date, timeZone: string): string {
  const d = new Date(`${calendarDate(now, timeZone)}T00:00:00Z`);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (isWeekend(d.toISOString().slice(0, 10)));
  return d.toISOString().slice(0, 10);
}
