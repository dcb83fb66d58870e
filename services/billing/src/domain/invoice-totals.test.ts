import { invoiceTotals } from './invoice-totals';

describe('invoiceTotals: subtotal = Σ lines, tax = subtotal × rate to the cent, total = subtotal + tax', () => {
  it('adds the lines exactly and taxes the subtotal', () => {
    expect(invoiceTotals(['25.00', '2.00', '0.10', '0.20'], '0.05')).toEqual({ subtotal: '27.30', tax: '1.37', total: '28.67' });
  });

  it('rounds the tax to the cent, halves away from zero, as Postgres’s round(numeric, 2) does', () => {
    // 10.10 × 0.05 = 0.505 → 0.51; 10.30 × 0.0825 = 0.84975 → 0.85; 0.10 × 0.0825 = 0.00825 → 0.01
    expect(invoiceTotals(['10.10'], '0.05').tax).toBe('0.51');
    expect(invoiceTotals(['10.30'], '0.0825').tax).toBe('0.85');
    expect(invoiceTotals(['0.10'], '0.0825').tax).toBe('0.01');
    expect(invoiceTotals(['0.04'], '0.1').tax).toBe('0.00');
    expect(invoiceTotals(['-10.10'], '0.05')).toEqual({ subtotal: '-10.10', tax: '-0.51', total: '-10.61' });
  });

  it('totals an invoice without lines, or without tax, to its subtotal', () => {
    expect(invoiceTotals([], '0.05')).toEqual({ subtotal: '0.00', tax: '0.00', total: '0.00' });
    expect(invoiceTotals(['75.00'], '0')).toEqual({ subtotal: '75.00', tax: '0.00', total: '75.00' });
    expect(invoiceTotals(['75.00'], '1.0')).toEqual({ subtotal: '75.00', tax: '75.00', total: '150.00' });
  });

  it('refuses a rate that is not a decimal fraction rather than taxing at a wrong one', () => {
    expect(() => invoiceTotals(['1.00'], '5%')).toThrow(RangeError);
  });
});
