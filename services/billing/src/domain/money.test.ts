import { lineAmount } from './money';

describe('lineAmount', () => {
  it('is rate × quantity in exact cents', () => {
    expect(lineAmount('0.10', 3)).toBe('0.30');
    expect(lineAmount('19.99', 7)).toBe('139.93');
    expect(lineAmount('2', 1)).toBe('2.00');
  });

  it('refuses a rate that is not an amount instead of billing 0', () => {
    expect(() => lineAmount('1.005', 1)).toThrow(RangeError);
  });
});
