import { ITEM_STATUSES } from './vocab';
import { custodyStatusMessage, designerStatusRefusal, isAtWarehouse, isAwaitingArrival, isInCustody, nextStatuses, statusAfter, whoMaySet } from './item-lifecycle';

const inCustody = { inCustody: true, custodySince: '2026-12-03T15:00:00Z' };
const neverHeld = { inCustody: false, custodySince: null };
const delivered = { inCustody: false, custodySince: '2026-12-03T15:00:00Z' };

describe('item lifecycle: the warehouse’s facts set the status while it holds the item', () => {
  it('arrived → received, put away or moved → stored, delivered → delivered', () => {
    expect(statusAfter({ kind: 'arrived' })).toBe('received');
    expect(statusAfter({ kind: 'put-away' })).toBe('stored');
    expect(statusAfter({ kind: 'moved' })).toBe('stored');
    expect(statusAfter({ kind: 'delivered' })).toBe('delivered');
  });

  it('a release picked up is delivered; one returned to the vendor is ordered again (a replacement or refund is awaited)', () => {
    expect(statusAfter({ kind: 'released', reason: 'picked-up' })).toBe('delivered');
    expect(statusAfter({ kind: 'released', reason: 'returned-to-vendor' })).toBe('ordered');
  });

  it('in custody from arrival until delivery or release', () => {
    expect(isInCustody(inCustody)).toBe(true);
    expect(isInCustody(neverHeld)).toBe(false);
    expect(isInCustody(delivered)).toBe(false);
    expect(whoMaySet(true)).toBe('warehouse');
    expect(whoMaySet(false)).toBe('designer');
  });
});

describe('a designer’s status change', () => {
  it('is refused for an item in custody, with the message saying the warehouse records it and since when', () => {
    for (const to of ITEM_STATUSES.filter((s) => s !== 'received')) {
      expect(designerStatusRefusal({ ...inCustody, status: 'received' }, to)).toBe(
        "The warehouse records this item's status while it holds it (received Dec 3): it changes when staff put it away, load or deliver it.",
      );
    }
    expect(nextStatuses('stored', 'designer', true)).toEqual(['stored']);
  });

  it('that keeps the status passes in custody too (an edit of other fields)', () => {
    expect(designerStatusRefusal({ ...inCustody, status: 'stored' }, 'stored')).toBeNull();
  });

  it('may set any status before arrival, after custody ended, or for an item the warehouse never holds (a label)', () => {
    for (const from of ITEM_STATUSES) {
      for (const to of ITEM_STATUSES) {
        expect(designerStatusRefusal({ ...neverHeld, status: from }, to)).toBeNull();
        expect(designerStatusRefusal({ ...delivered, status: from }, to)).toBeNull();
      }
    }
  });

  it('the warehouse’s facts may give any status', () => {
    expect(nextStatuses('delivered', 'warehouse', true)).toEqual(ITEM_STATUSES);
  });

  it('names the day custody began as the warehouse records it (UTC)', () => {
    expect(custodyStatusMessage(new Date('2026-01-31T23:30:00Z'))).toContain('(received Jan 31)');
  });
});

describe('statuses the desk and deliveries read', () => {
  it('the desk awaits ordered and in-transit items; received and stored ones are at the warehouse', () => {
    expect(ITEM_STATUSES.filter(isAwaitingArrival)).toEqual(['ordered', 'in-transit']);
    expect(ITEM_STATUSES.filter(isAtWarehouse)).toEqual(['received', 'stored']);
  });
});
