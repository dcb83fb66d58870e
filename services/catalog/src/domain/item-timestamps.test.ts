import { ITEM_STATUSES, type ItemStatus } from '@midway/contracts';
import { stampsFor } from './item-timestamps';

const now = new Date('2026-03-04T05:06:07.000Z');
const item = (status: ItemStatus, receivedAt: string | null = null, deliveredAt: string | null = null) => ({ status, receivedAt, deliveredAt });

describe('stampsFor: which status sets which timestamp', () => {
  it('a new item received or stored is stamped received; delivered, delivered; any other status, nothing', () => {
    expect(stampsFor('received', null, now)).toEqual({ receivedAt: now });
    expect(stampsFor('stored', null, now)).toEqual({ receivedAt: now });
    expect(stampsFor('delivered', null, now)).toEqual({ deliveredAt: now });
    for (const s of ITEM_STATUSES.filter((x) => !['received', 'stored', 'delivered'].includes(x))) expect(stampsFor(s, null, now)).toEqual({});
  });

  it('moving to received stamps it again; moving on to stored keeps the receipt it already has', () => {
    expect(stampsFor('received', item('in-transit'), now)).toEqual({ receivedAt: now });
    expect(stampsFor('received', item('stored', '2026-01-01T00:00:00.000Z'), now)).toEqual({ receivedAt: now });
    expect(stampsFor('stored', item('received', '2026-01-01T00:00:00.000Z'), now)).toEqual({});
    expect(stampsFor('stored', item('in-transit'), now)).toEqual({ receivedAt: now });
  });

  it('moving to delivered stamps it; leaving a state never clears its stamp', () => {
    expect(stampsFor('delivered', item('stored', '2026-01-01T00:00:00.000Z'), now)).toEqual({ deliveredAt: now });
    expect(stampsFor('ordered', item('delivered', '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'), now)).toEqual({});
  });

  it('setting the status an item already has stamps nothing (a double click is one change)', () => {
    for (const s of ITEM_STATUSES) expect(stampsFor(s, item(s), now)).toEqual({});
  });

  it('stamps the current time when none is given', () => {
    const before = Date.now();
    const { receivedAt } = stampsFor('received', null);
    expect(receivedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(receivedAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
