import { differenceInCalendarDays, format, formatDistanceStrict, isValid, parseISO, startOfDay } from 'date-fns';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** US dollars, en-US, $ and two decimals. Amounts arrive as decimal strings ('1250.00'). */
export function formatMoney(amount: string | number | null | undefined): string {
  const n = typeof amount === 'number' ? amount : Number(amount ?? 0);
  return usd.format(Number.isFinite(n) ? n : 0);
}

/** A decimal string ('12.5', '12.50', '0.1') as integer cents, without float arithmetic; NaN when it is not money. */
export function toCents(amount: string): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Total Revenue and friends: Σ of decimal strings, in cents. */
export function sumMoney(amounts: readonly string[]): string {
  return fromCents(amounts.reduce((sum, a) => sum + (Number.isFinite(toCents(a)) ? toCents(a) : 0), 0));
}

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
