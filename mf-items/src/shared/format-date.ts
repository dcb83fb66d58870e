import { format, isValid, parseISO } from 'date-fns';

// Apart from format.ts so that date-fns loads with the dialogs that show dates, not with every page.
/** Dates read 'MMM d, yyyy'. */
export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMM d, yyyy') : null;
}
