import { acknowledgementsWaitingFor, isSameOrder, matchOrderLines, orderShippedBy, type NumberedDocument } from './order-matching';

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

describe('which document a later one with tracking numbers ships, and which wait for a purchase order', () => {
  const doc = (id: string, over: Partial<NumberedDocument> = {}): NumberedDocument => ({
    id, number: 'NW-2026-0142', vendor: 'Northwind Casegoods', importedAt: null, shipsItself: false, linkedElsewhere: false, ...over,
  });
  const ack = { number: 'nw-2026-0142', vendor: null };

  test('the newest imported order of the same number, before any order not imported yet', () => {
    const docs = [doc('old', { importedAt: new Date('2026-11-01') }), doc('new', { importedAt: new Date('2026-11-20') }), doc('draft')];
    expect(orderShippedBy(ack, docs)?.id).toBe('new');
  });

  test('without an imported one, the newest uploaded order that prints no tracking numbers of its own', () => {
    const docs = [doc('first'), doc('second'), doc('another ack', { shipsItself: true }), doc('linked ack', { linkedElsewhere: true })];
    expect(orderShippedBy(ack, docs)?.id).toBe('second');
  });

  test('another order, or only acknowledgements, is nothing to ship', () => {
    expect(orderShippedBy(ack, [doc('other', { number: 'NW-2026-0143', importedAt: new Date() })])).toBeNull();
    expect(orderShippedBy(ack, [doc('ack', { shipsItself: true })])).toBeNull();
    expect(orderShippedBy({ number: null, vendor: null }, [doc('order')])).toBeNull();
  });

  test('an order uploaded after its acknowledgements takes those neither imported nor shipping another order', () => {
    const docs = [
      doc('waiting', { shipsItself: true }),
      doc('imported ack', { shipsItself: true, importedAt: new Date() }),
      doc('linked ack', { shipsItself: true, linkedElsewhere: true }),
      doc('another order\'s ack', { shipsItself: true, number: '1001' }),
      doc('a plain order'),
    ];
    expect(acknowledgementsWaitingFor({ number: 'NW-2026-0142', vendor: 'Northwind Casegoods' }, docs).map((d) => d.id)).toEqual(['waiting']);
  });
});
