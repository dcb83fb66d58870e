import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromCents, isMoney, sumMoney, toCents } from './money';

describe('@midway/contracts/money', () => {
  it('imports nothing, so a browser bundle that uses it gets no zod', () => {
    expect(readFileSync(join(__dirname, 'money.ts'), 'utf8')).not.toMatch(/^\s*import\s|require\(|\bfrom\s+['"]/m);
  });

  it('reads decimal strings with up to 2 decimals as exact cents', () => {
    expect(toCents('12.5')).toBe(1250n);
    expect(toCents('19.99')).toBe(1999n);
    expect(toCents('0.1')).toBe(10n);
    expect(toCents('7')).toBe(700n);
    expect(toCents(' 3.05 ')).toBe(305n);
    expect(toCents('-0.10')).toBe(-10n);
    expect(toCents('99999999999.99')).toBe(9_999_999_999_999n);
  });

  it('refuses what is not an amount, the same way for every caller', () => {
    for (const bad of ['', ' ', 'abc', '1.005', '1e3', '12.', '.5', '1,000.00', 'NaN', '--1']) {
      expect(isMoney(bad)).toBe(false);
      expect(() => toCents(bad)).toThrow(RangeError);
    }
    expect(isMoney('12.50')).toBe(true);
  });

  it('writes cents back with two decimals', () => {
    expect(fromCents(5n)).toBe('0.05');
    expect(fromCents(1999n * 3n)).toBe('59.97');
    expect(fromCents(-5n)).toBe('-0.05');
    expect(fromCents(0n)).toBe('0.00');
  });

  it('sums without floating point error', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(['19.99', '0.01', '100.00'])).toBe('120.00');
    expect(sumMoney([])).toBe('0.00');
    expect(() => sumMoney(['1.00', 'oops'])).toThrow(RangeError);
  });
});
