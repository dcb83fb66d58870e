import { formatMoney, fromCents, relativeDueDate, sumMoney, toCents } from './format';

describe('billing formats', () => {
  it('shows money in US dollars with two decimals', () => {
    expect(formatMoney('1250')).toBe('$1,250.00');
    expect(formatMoney('0.5')).toBe('$0.50');
    expect(formatMoney(null)).toBe('$0.00');
  });

  it('adds decimal strings in cents (no float drift: 0.10 + 0.20 is 0.30)', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(['19.99', '0.01', '100.00'])).toBe('120.00');
    expect(toCents('12.5')).toBe(1250);
    expect(toCents('abc')).toBeNaN();
    expect(fromCents(5)).toBe('0.05');
  });

  it("gives the due date relative to now, or 'No due date'", () => {
    const now = new Date(2026, 2, 2, 12);
    expect(relativeDueDate(null, now)).toBe('No due date');
    expect(relativeDueDate('2026-03-31', now)).toBe('in 29 days');
    expect(relativeDueDate('2026-02-27', now)).toBe('3 days ago');
    expect(relativeDueDate('2026-03-02', now)).toBe('Today');
  });
});
