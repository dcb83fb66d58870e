import { formatCount, formatMoney, formatUsd, NO_AMOUNT } from './number-format';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('en-US numbers without Intl', () => {
  const values = [0, -0, 1, -1, 0.5, 0.005, 0.015, 1.005, 2.675, 9.995, 12.34, -12.34, 999.999, 1000, 1234.5, -1234.5, 99_999.99, 1_000_000, 123_456_789.12, -0.001, -0.004, 1e15];
  // Random amounts as the API sends them (decimal strings with two places) and as sums come out (any double).
  for (let i = 0; i < 2_000; i++) {
    values.push(Number((Math.random() * 10 ** Math.floor(Math.random() * 9)).toFixed(2)));
    values.push((Math.random() - 0.5) * 10 ** Math.floor(Math.random() * 9));
  }

  it('formats dollars exactly as Intl.NumberFormat en-US USD does', () => {
    for (const v of values) expect([v, formatUsd(v)]).toEqual([v, usd.format(v)]);
  });

  it("formats counts exactly as toLocaleString('en-US') does", () => {
    for (const v of [...values, 7, 42, 10_000, 1_234_567, -5, 0.1234, 2.5]) expect([v, formatCount(v)]).toEqual([v, v.toLocaleString('en-US')]);
  });
});

describe('formatMoney', () => {
  it('shows decimal-string amounts as dollars with two decimals', () => {
    expect(formatMoney('1250')).toBe('$1,250.00');
    expect(formatMoney('0.5')).toBe('$0.50');
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney('-3')).toBe('-$3.00');
    expect(formatMoney(19.99)).toBe('$19.99');
    expect(formatMoney('0.00')).toBe('$0.00');
  });

  it('shows a missing or unreadable amount as N/A in every app, never as $0.00', () => {
    expect(NO_AMOUNT).toBe('N/A');
    for (const none of [null, undefined, '', '  ', 'abc', Number.NaN, Number.POSITIVE_INFINITY]) expect(formatMoney(none)).toBe('N/A');
  });
});
