import { format, isValid, parseISO } from 'date-fns';

/** Date and time as the desk reads them: 'Mar 4, 2026, 3:04 PM'; '—' when absent. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMM d, yyyy, h:mm a') : '—';
}
