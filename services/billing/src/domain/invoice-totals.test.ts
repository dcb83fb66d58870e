import { invoiceTotals } from './invoice-totals';
import type { TaxRule } from './tax';

const gst: TaxRule = { id: 'gst', name: 'GST', percent: '5', feeTypes: ['storage', 'receiving'], effectiveFrom: '2024-01-01' };
const pst: TaxRule = { id: 'pst', name: 'PST', percent: '7', feeTypes: ['receiving'], effectiveFrom: '2024-01-01' };
const lines = (...xs: [string, string][]) => xs.map(([type, amount]) => ({ type, amount }));

describe('invoiceTotals: subtotal = Σ lines, tax = Σ each tax (per line, to the cent), total = subtotal + tax', () => {
  it('adds the lines exactly and the taxes of each line', () => {
    const t = invoiceTotals(lines(['receiving', '25.00'], ['storage', '2.00'], ['storage', '0.10'], ['delivery', '0.20']), [gst, pst], '2026-01-31');
    expect(t).toEqual({
      subtotal: '27.30',
      taxes: [
        { taxRateId: 'gst', name: 'GST', percent: '5', taxable: '27.10', amount: '1.36' }, // 1.25 + 0.10 + 0.01 (0.005 up)
        { taxRateId: 'pst', name: 'PST', percent: '7', taxable: '25.00', amount: '1.75' },
      ],
      tax: '3.11',
      total: '30.41',
    });
  });

  it('totals add up to the cent: total = subtotal + Σ taxes, whatever the halves', () => {
    const t = invoiceTotals(lines(['storage', '10.10'], ['storage', '10.10'], ['receiving', '0.10']), [gst, pst], '2026-01-31');
    expect(t.taxes.map((x) => x.amount)).toEqual(['1.03', '0.01']);
    expect(t).toMatchObject({ subtotal: '20.30', tax: '1.04', total: '21.34' });
  });

  it('no rates configured: no tax; no lines: all zero', () => {
    expect(invoiceTotals(lines(['storage', '75.00']), [], '2026-01-31')).toEqual({ subtotal: '75.00', taxes: [], tax: '0.00', total: '75.00' });
    expect(invoiceTotals([], [gst], '2026-01-31')).toEqual({ subtotal: '0.00', taxes: [], tax: '0.00', total: '0.00' });
  });
});
