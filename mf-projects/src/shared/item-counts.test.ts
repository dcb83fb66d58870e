import { countItems, progressOf } from './item-counts';

const items = (...statuses: ('ordered' | 'in-transit' | 'received' | 'stored' | 'delivered')[]) => statuses.map((status) => ({ status }));

describe('progress (received or delivered ÷ total, rounded, 0 if none)', () => {
  it('is 0 without items', () => {
    expect(progressOf([])).toBe(0);
  });

  it('counts received and delivered, not stored or in transit, and rounds', () => {
    expect(progressOf(items('received', 'ordered', 'in-transit'))).toBe(33);
    expect(progressOf(items('received', 'delivered', 'ordered'))).toBe(67);
    expect(progressOf(items('stored', 'in-transit'))).toBe(0);
    expect(progressOf(items('delivered', 'delivered'))).toBe(100);
    expect(progressOf(items('received', 'ordered', 'ordered', 'ordered', 'ordered', 'ordered', 'ordered', 'ordered'))).toBe(13);
  });
});

describe('item counts', () => {
  it('counts pending (ordered), in transit, received (received or stored) and delivered', () => {
    expect(countItems(items('ordered', 'ordered', 'in-transit', 'received', 'stored', 'delivered'))).toEqual({
      total: 6,
      pending: 2,
      inTransit: 1,
      received: 2,
      delivered: 1,
      progress: 33,
    });
  });
});
