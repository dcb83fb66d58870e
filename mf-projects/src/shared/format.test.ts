import { formatDate, formatMoney, initials } from './format';
import { fromCents, toCents } from './money';

describe('format', () => {
  it("formats dates as 'MMM d, yyyy' without shifting a calendar day", () => {
    expect(formatDate('2026-05-04')).toBe('May 4, 2026');
    expect(formatDate('2026-12-31')).toBe('Dec 31, 2026');
    expect(formatDate(null)).toBeNull();
    expect(formatDate('not a date')).toBeNull();
  });

  it('shows money in US dollars with two decimals', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney(null)).toBe('$0.00');
  });

  it('makes two-letter initials', () => {
    expect(initials('Lakeview Residence')).toBe('LR');
    expect(initials('loft')).toBe('LO');
    expect(initials('  ')).toBe('?');
  });

  it('converts decimal strings to cents and back without floating point', () => {
    expect(toCents('19.99')).toBe(1999);
    expect(toCents('0.1')).toBe(10);
    expect(toCents('7')).toBe(700);
    expect(toCents(null)).toBe(0);
    expect(fromCents(1999 * 3)).toBe('59.97');
    expect(fromCents(5)).toBe('0.05');
  });
});
