import { isWeekend } from '@midway/contracts/vocab';

/** A calendar date YYYY-MM-DD of the browser's day `now`. */
const dayOf = (now: Date) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** The first day a delivery can be booked for: the next business day after today (weekends are not). */
export function firstBookableDay(now = new Date()): string {
  const d = new Date(`${dayOf(now)}T00:00:00Z`);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (isWeekend(d.toISOString().slice(0, 10)));
  return d.toISOString().slice(0, 10);
}

/** The last day a delivery can be booked for: the same day next year (logistics refuses anything later). */
export function lastBookableDay(now = new Date()): string {
  const d = new Date(`${dayOf(now)}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

/** Why the date picker's day cannot be booked, or null: the past, today, weekends and more than a year ahead are skipped. */
export function dayProblem(date: string, now = new Date()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'Choose the delivery day.';
  if (date < firstBookableDay(now) && !isWeekend(date)) return `Deliveries are booked at least one business day ahead: choose ${firstBookableDay(now)} or later.`;
  if (isWeekend(date)) return 'Deliveries go out Monday to Friday: choose a weekday.';
  if (date > lastBookableDay(now)) return `Deliveries are booked at most a year ahead: choose ${lastBookableDay(now)} or earlier.`;
  return null;
}
