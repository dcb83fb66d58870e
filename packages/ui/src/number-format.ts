/**
 * en-US numbers without Intl: the first Intl.NumberFormat (or toLocaleString) a page builds loads the locale's
 * data, on the main thread while the first screen renders. The
 * output is exactly Intl's for en-US (number-format.test.ts compares them).
 */

/** 1234567 → '1,234,567' (digits of a non-negative integer string, grouped by three). */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * |n| rounded half away from zero to `places` decimals on its shortest decimal form (what Intl rounds: 0.015 is
 * '0.02', where toFixed's binary value gives '0.01'), as integer and fraction digits.
 */
function roundDecimal(abs: number, places: number): [string, string] {
  const shortest = String(abs);
  if (/e/i.test(shortest)) {
    const [int, frac = ''] = abs.toFixed(places).split('.');
    return [int!, frac];
  }
  const [int, frac = ''] = shortest.split('.') as [string, string?];
  if (frac.length <= places) return [int, frac.padEnd(places, '0')];
  let digits = int + frac.slice(0, places);
  if (frac.charCodeAt(places) >= 53 /* '5' */) digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  const intLength = digits.length - places;
  return [digits.slice(0, intLength).replace(/^0+(?=\d)/, ''), digits.slice(intLength)];
}

/** Like n.toLocaleString('en-US') for counts: '12,345'; fractions keep up to three decimals, as Intl does. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return n > 0 ? '∞' : n < 0 ? '-∞' : 'NaN';
  // Intl keeps the sign of -0 and of negatives that round to zero ('-0', '-$0.00').
  const negative = n < 0 || Object.is(n, -0);
  const [int, frac] = roundDecimal(Math.abs(n), 3);
  const decimals = frac.replace(/0+$/, '');
  return `${negative ? '-' : ''}${groupThousands(int!)}${decimals ? `.${decimals}` : ''}`;
}

/** Like Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }): '$1,234.50', '-$3.00'. */
export function formatUsd(n: number): string {
  const [int, frac] = roundDecimal(Math.abs(n), 2);
  const negative = n < 0 || Object.is(n, -0);
  return `${negative ? '-' : ''}$${groupThousands(int!)}.${frac}`;
}

/** What formatMoney shows for no amount (null, undefined, '') or one that is not a number: never a made-up $0.00. */
export const NO_AMOUNT = 'N/A';

/**
 * An amount as the pages show money: US dollars, en-US, $ and two decimals ('1250.5' → '$1,250.50'). Amounts
 * arrive as decimal strings; one that is missing or unreadable shows as NO_AMOUNT everywhere.
 */
export function formatMoney(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined || (typeof amount === 'string' && amount.trim() === '')) return NO_AMOUNT;
  const n = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(n) ? formatUsd(n) : NO_AMOUNT;
}
