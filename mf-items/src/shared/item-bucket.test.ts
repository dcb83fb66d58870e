import { bucketOf } from './item-buckets';

describe('bucketOf (the Items page groups, as catalog counts them)', () => {
  it('delivered wins, then a tracking number means in transit, else ordered', () => {
    expect(bucketOf({ status: 'delivered', trackingNumber: null })).toBe('delivered');
    expect(bucketOf({ status: 'delivered', trackingNumber: '1Z' })).toBe('delivered');
    expect(bucketOf({ status: 'ordered', trackingNumber: '1Z' })).toBe('in-transit');
    expect(bucketOf({ status: 'stored', trackingNumber: '1Z' })).toBe('in-transit');
    expect(bucketOf({ status: 'received', trackingNumber: '  ' })).toBe('ordered');
    expect(bucketOf({ status: 'ordered', trackingNumber: null })).toBe('ordered');
  });
});
