import { differenceInCalendarDays, format, formatDistanceStrict, isValid, parseISO, startOfDay } from 'date-fns';

// Money: formatMoney is @midway/ui's, cents and sums @midway/contracts/money's (one behaviour on bad input).

/** Dates read 'MMM d, yyyy'. */
export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMM d, yyyy') : null;
}

/** The Billing table's Due Date: relative to today in calendar days ('in 29 days', '3 days ago', 'Today'), or 'No due date'. */
export function relativeDueDate(dueDate: string | null | undefined, now = new Date()): string {
  if (!dueDate) return 'No due date';
  const date = parseISO(dueDate);
  if (!isValid(date)) return 'No due date';
  if (differenceInCalendarDays(date, now) === 0) return 'Today';
  return formatDistanceStrict(startOfDay(date), startOfDay(now), { addSuffix: true, roundingMethod: 'round' });
}
