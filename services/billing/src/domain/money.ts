/**
 * Money as integer cents (bigint), never floats: decimal strings in, decimal strings with 2 places out.
 * Inputs are validated by the contracts (at most 2 decimals).
 */
export function toCents(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', frac = ''] = amount.replace(/^-/, '').split('.');
  const cents = BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
  return negative ? -cents : cents;
}

export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** rate × quantity, exact (a rate has at most 2 decimals, so the product is whole cents). */
export const lineAmount = (rate: string, quantity: number): string => fromCents(toCents(rate) * BigInt(quantity));
