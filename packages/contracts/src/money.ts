/**
 * `@midway/contracts/money`: amounts as decimal strings ('1250.00') and exact sums as integer cents (bigint), never
 * floats; for the services and the browser alike, so it imports nothing (no zod). One rule for bad input: `toCents`
 * throws a RangeError on anything that is not an amount with at most 2 decimals, so a wrong figure never becomes
 * 0 or NaN in a total; text a person typed is checked with `isMoney` first.
 */
const MONEY = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** '12', '12.5', '-0.10' and ' 7.00 ' are amounts; '1.005', '1e3', '12.', '' and 'abc' are not. */
export const isMoney = (text: string): boolean => MONEY.test(text.trim());

/** '12.5' → 1250n; throws a RangeError when `amount` is not an amount (see isMoney). */
export function toCents(amount: string): bigint {
  const m = MONEY.exec(amount.trim());
  if (!m) throw new RangeError(`Not an amount of money: ${JSON.stringify(amount)}`);
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** 1250n → '12.50', -5n → '-0.05': two decimals, as the server answers money. */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The exact sum of amounts ('0.10' + '0.20' is '0.30'); '0.00' for none. */
export function sumMoney(amounts: Iterable<string>): string {
  let cents = 0n;
  for (const amount of amounts) cents += toCents(amount);
  return fromCents(cents);
}
