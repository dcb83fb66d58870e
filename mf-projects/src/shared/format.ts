import { format, formatDistanceToNow, isValid, parseISO } from 'date-fns';

/** Dates read 'MMM d, yyyy'. */
export const DATE_FORMAT = 'MMM d, yyyy';

/** A 'YYYY-MM-DD' date or an ISO timestamp as 'MMM d, yyyy'; null when absent or unreadable. */
export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  // A plain date is a calendar day: parseISO reads it as local midnight, so it never shifts a day.
  const date = parseISO(value);
  return isValid(date) ? format(date, DATE_FORMAT) : null;
}

/** '5 minutes ago'. */
export function timeAgo(value: string): string {
  const date = parseISO(value);
  return isValid(date) ? formatDistanceToNow(date, { addSuffix: true }) : '';
}

/** Two-letter avatar from the initials of a name: 'Lakeview Residence' → 'LR', 'Loft' → 'LO'. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length > 1 ? words[0][0] + words[1][0] : words[0].slice(0, 2);
  return letters.toUpperCase();
}
