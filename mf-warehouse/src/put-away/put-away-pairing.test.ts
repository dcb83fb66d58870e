import { nextPutAwayStep } from './put-away-pairing';

const ID = '3f2c8a1e-5b6d-4c7e-8f90-a1b2c3d4e5f6';

describe('put-away: item label, then location label', () => {
  it('takes an item label (with its piece, or a bare id) as the item to place', () => {
    expect(nextPutAwayStep(null, ` ${ID}/2 `)).toEqual({ kind: 'item', item: { code: `${ID}/2`, itemId: ID, piece: 2 } });
    expect(nextPutAwayStep(null, ID.toUpperCase())).toEqual({ kind: 'item', item: { code: ID.toUpperCase(), itemId: ID } });
  });

  it('places the waiting item at the scanned location, its code trimmed and upper-cased', () => {
    const item = { code: `${ID}/1`, itemId: ID, piece: 1 };
    expect(nextPutAwayStep(item, 'b-12\n')).toEqual({ kind: 'move', item, locationCode: 'B-12' });
  });

  it('a second item label before a location replaces the first', () => {
    const other = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    expect(nextPutAwayStep({ code: ID, itemId: ID }, other)).toEqual({ kind: 'item', item: { code: other, itemId: other } });
  });

  it('says what to scan when a location comes first, or the label is neither', () => {
    expect(nextPutAwayStep(null, 'B-12')).toEqual({ kind: 'refuse', message: "B-12 is a location label. Scan the item's label first, then the location's." });
    expect(nextPutAwayStep(null, 'shelf 12!')).toEqual({ kind: 'refuse', message: "“shelf 12!” is neither an item label nor a location code. Scan the QR on the item's label, or a location's barcode (e.g. B-12)." });
    // A piece number out of range is not an item label.
    expect(nextPutAwayStep(null, `${ID}/0`).kind).toBe('refuse');
  });
});
