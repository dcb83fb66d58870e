import { feeLines } from './project-summary';

const cost = (type: string, amount: string) => ({ id: `00000000-0000-4000-8000-${type.length.toString().padStart(12, '0')}`, projectId: '00000000-0000-4000-8000-000000000001', itemId: null, type, amount, description: null, date: '2026-11-01' });

describe('feeLines: Services & Fees by what each fee traces to, as the Services page says it', () => {
  it('sums each type across months; storage is per day in the warehouse, the rest are selected services', () => {
    const lines = feeLines({ costs: [cost('storage', '10.00'), cost('receiving', '25.00'), cost('storage', '4.00'), cost('special_handling', '10.00')] });
    expect(lines).toEqual([
      { type: 'storage', label: 'Storage & Warehousing', basis: 'Per day in the warehouse', amount: '14.00' },
      { type: 'receiving', label: 'White-Glove Receiving', basis: 'Selected service: billed when the warehouse receives the item', amount: '25.00' },
      { type: 'special_handling', label: 'Special Handling', basis: 'Added by Midway', amount: '10.00' },
    ]);
  });

  it('no fees, no lines', () => {
    expect(feeLines({ costs: [] })).toEqual([]);
  });
});
