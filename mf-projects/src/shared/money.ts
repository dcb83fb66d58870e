/** Decimal-string money as integer cents, so totals never go through floating point. */
export function toCents(amount: string | null | undefined): number {
  if (!amount) return 0;
  const m = /^(-)?(\d+)(?:\.(\d{1,2})\d*)?$/.exec(amount.trim());
  if (!m) return 0;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
