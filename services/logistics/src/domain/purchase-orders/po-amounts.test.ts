import { extend, parseMoney, parseQuantity } from './po-amounts';

describe('printed figures on a purchase order', () => {
  test('currency signs, thousands separators and "ea" are understood', () => {
    expect(parseMoney('$1,250.00')).toBe('1250.00');
    expect(parseMoney('CA$ 980')).toBe('980.00');
    expect(parseMoney('USD 40.5')).toBe('40.50');
    expect(parseMoney('12.50 ea')).toBe('12.50');
    expect(parseMoney('$1,234,567.89')).toBe('1234567.89');
    expect(parseMoney('(15.00)')).toBe('-15.00');
  });

  test('a SKU, a date or words are not figures', () => {
    expect(parseMoney('1042-A')).toBeUndefined();
    expect(parseMoney('11/02/2026')).toBeUndefined();
    expect(parseMoney('Walnut')).toBeUndefined();
    expect(parseMoney('1,25.00')).toBeUndefined();
  });

  test('quantities', () => {
    expect(parseQuantity('12')).toBe(12);
    expect(parseQuantity('1,000')).toBe(1000);
    expect(parseQuantity('2 ea')).toBe(2);
    expect(parseQuantity('Chair')).toBeUndefined();
  });

  test('extensions are exact in cents', () => {
    expect(extend(3, '0.10')).toBe('0.30');
    expect(extend(12, '1,250.00'.replace(',', ''))).toBe('15000.00');
  });
});
