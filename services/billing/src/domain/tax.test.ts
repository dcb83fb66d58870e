import { invoiceTaxes, lineTax, type TaxRule } from './tax';

const gst: TaxRule = { id: 'gst', name: 'GST', percent: '5', feeTypes: ['storage', 'receiving', 'delivery'], effectiveFrom: '2024-01-01' };
const pst: TaxRule = { id: 'pst', name: 'PST (BC)', percent: '7', feeTypes: ['delivery'], effectiveFrom: '2026-07-01' };

describe('lineTax: amount × percent / 100, rounded half-up to the cent', () => {
  it('rounds a half cent up and less than a half down', () => {
    expect(lineTax('10.10', '5')).toBe('0.51'); // 0.505
    expect(lineTax('10.30', '8.25')).toBe('0.85'); // 0.84975
    expect(lineTax('0.10', '5')).toBe('0.01'); // 0.005
    expect(lineTax('0.09', '5')).toBe('0.00'); // 0.0045
    expect(lineTax('25.00', '7')).toBe('1.75');
    expect(lineTax('2.00', '0.5')).toBe('0.01');
  });

  it('taxes a credit line as the mirror of a charge', () => {
    expect(lineTax('-10.10', '5')).toBe('-0.51');
  });

  it('refuses a percent that is not a decimal number rather than taxing at a wrong one', () => {
    expect(() => lineTax('1.00', '5%')).toThrow(RangeError);
  });
});

describe('invoiceTaxes: each rate in force taxes each line of its fee types, line by line', () => {
  it('sums the rounded line taxes, which is not the rounded tax of the sum', () => {
    // Three storage lines of 0.10: each taxes 0.005 → 0.01, so 0.03 (the sum 0.30 × 5 % would round to 0.02).
    const [tax] = invoiceTaxes(['0.10', '0.10', '0.10'].map((amount) => ({ type: 'storage', amount })), [gst], '2026-01-31');
    expect(tax).toEqual({ taxRateId: 'gst', name: 'GST', percent: '5', taxable: '0.30', amount: '0.03' });
  });

  it('applies a rate only to its fee types and only on invoices issued from its date', () => {
    const lines = [{ type: 'delivery', amount: '50.00' }, { type: 'install_assembly', amount: '75.00' }, { type: 'storage', amount: '20.00' }];
    expect(invoiceTaxes(lines, [gst, pst], '2026-06-30')).toEqual([{ taxRateId: 'gst', name: 'GST', percent: '5', taxable: '70.00', amount: '3.50' }]);
    expect(invoiceTaxes(lines, [gst, pst], '2026-07-01')).toEqual([
      { taxRateId: 'gst', name: 'GST', percent: '5', taxable: '70.00', amount: '3.50' },
      { taxRateId: 'pst', name: 'PST (BC)', percent: '7', taxable: '50.00', amount: '3.50' },
    ]);
  });

  it('no rates configured, or none matching, means no tax', () => {
    expect(invoiceTaxes([{ type: 'storage', amount: '2.00' }], [], '2026-01-01')).toEqual([]);
    expect(invoiceTaxes([{ type: 'special_handling', amount: '10.00' }], [gst], '2026-01-01')).toEqual([]);
  });
});
