import { isSameOrder, matchOrderLines } from './order-matching';

describe('the order a later document is about', () => {
  test('the same PO number, in any case and spacing, with the same vendor or one of them unnamed', () => {
    expect(isSameOrder({ number: 'NW-2026-0142', vendor: 'Northwind Casegoods' }, { number: 'nw-2026-0142 ', vendor: 'NORTHWIND  Casegoods' })).toBe(true);
    expect(isSameOrder({ number: 'NW-2026-0142', vendor: null }, { number: 'NW-2026-0142', vendor: 'Northwind Casegoods' })).toBe(true);
    expect(isSameOrder({ number: 'NW-2026-0142', vendor: 'Northwind Casegoods' }, { number: 'NW-2026-0142', vendor: null })).toBe(true);
  });

  test('another number, another vendor, or no number at all is another order', () => {
    expect(isSameOrder({ number: 'NW-2026-0143', vendor: 'Northwind Casegoods' }, { number: 'NW-2026-0142', vendor: 'Northwind Casegoods' })).toBe(false);
    expect(isSameOrder({ number: '1001', vendor: 'Harbor Lighting Co.' }, { number: '1001', vendor: 'Northwind Casegoods' })).toBe(false);
    expect(isSameOrder({ number: null, vendor: 'Northwind Casegoods' }, { number: null, vendor: 'Northwind Casegoods' })).toBe(false);
    expect(isSameOrder({ number: '  ', vendor: null }, { number: '', vendor: null })).toBe(false);
  });
});

describe('the lines of a later document matched to the order’s', () => {
  const order = [
    { lineRef: '1', name: 'Walnut dining table', sku: 'NW-DT-096' },
    { lineRef: '2', name: 'Side chair', sku: 'NW-CH-012' },
    { lineRef: '3', name: 'Sideboard', sku: 'NW-SB-072' },
    { lineRef: '4', name: 'Entry bench', sku: 'NW-BN-048' },
  ];

  test('by SKU whatever the order and line numbers of the later document', () => {
    const later = [
      { lineRef: '1', name: 'Sideboard, four doors', sku: 'nw-sb-072' },
      { lineRef: '2', name: 'Dining table', sku: 'NW-DT-096' },
    ];
    expect(matchOrderLines(later, order).matches).toEqual([2, 0]);
  });

  test('a SKU the order does not have matches nothing, even on a line number the order has', () => {
    expect(matchOrderLines([{ lineRef: '4', name: 'Floor lamp', sku: 'NW-LP-300' }], order).matches).toEqual([null]);
  });

  test('without a SKU, by line number; without either, by name', () => {
    const later = [
      { lineRef: '2', name: 'Chairs (ten)', sku: null },
      { lineRef: '9', name: 'entry  BENCH', sku: null },
      { lineRef: '10', name: 'Mirror', sku: null },
    ];
    expect(matchOrderLines(later, order).matches).toEqual([1, 3, null]);
  });

  test('the same SKU twice on both documents matches line to line, then shares the last', () => {
    const twice = [
      { lineRef: '1', name: 'Pillow', sku: 'FR-PL-22' },
      { lineRef: '2', name: 'Pillow', sku: 'FR-PL-22' },
    ];
    const later = [...twice, { lineRef: '3', name: 'Pillow', sku: 'FR-PL-22' }];
    expect(matchOrderLines(later, twice).matches).toEqual([0, 1, 0]);
  });
});
