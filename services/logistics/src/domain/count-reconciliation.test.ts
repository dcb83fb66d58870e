import { accuracyOf, reconcile } from './count-reconciliation';

describe('count reconciliation', () => {
  it('sorts expected and scanned items into found here, missing and found elsewhere', () => {
    const r = reconcile('B-12', [{ itemId: 'a' }, { itemId: 'b' }, { itemId: 'c' }], [
      { itemId: 'a', locationId: 'B-12' },
      { itemId: 'x', locationId: 'C-01' },
      { itemId: 'y', locationId: null },
    ]);
    expect(r.results).toEqual([
      { itemId: 'a', outcome: 'found-here', expectedLocationId: 'B-12' },
      { itemId: 'b', outcome: 'missing', expectedLocationId: 'B-12' },
      { itemId: 'c', outcome: 'missing', expectedLocationId: 'B-12' },
      { itemId: 'x', outcome: 'found-elsewhere', expectedLocationId: 'C-01' },
      { itemId: 'y', outcome: 'found-elsewhere', expectedLocationId: null },
    ]);
    // Items found elsewhere do not raise the location's accuracy: 1 of 3 expected.
    expect([r.expected, r.found, r.accuracy]).toEqual([3, 1, 33.33]);
  });

  it('accuracy is found of expected in percent, two decimals; nothing expected is 100', () => {
    expect(accuracyOf(2, 3)).toBe(66.67);
    expect(accuracyOf(500, 500)).toBe(100);
    expect(accuracyOf(0, 4)).toBe(0);
    expect(accuracyOf(0, 0)).toBe(100);
    expect(reconcile('L', [], [{ itemId: 'x', locationId: 'M' }]).accuracy).toBe(100);
  });
});
