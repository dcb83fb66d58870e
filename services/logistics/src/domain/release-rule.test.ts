import { decideRelease, type ReleasableItem } from './release-rule';

const held = (over: Partial<ReleasableItem> = {}): ReleasableItem => ({ name: 'Lamp', custodyState: 'stored', custodySince: new Date('2026-12-01T09:00:00Z'), custodyEndedAt: null, custodyEnd: null, ...over });

describe('a release from custody', () => {
  it('ends custody with the status the lifecycle gives: picked up → delivered, returned to the vendor → ordered', () => {
    expect(decideRelease(held(), 'picked-up')).toEqual({ kind: 'release', status: 'delivered' });
    expect(decideRelease(held({ custodyState: 'received' }), 'returned-to-vendor')).toEqual({ kind: 'release', status: 'ordered' });
  });

  it('refuses a second release saying when the first was', () => {
    const released = held({ custodyState: null, custodyEndedAt: new Date('2026-12-03T15:00:00Z'), custodyEnd: 'picked-up' });
    expect(decideRelease(released, 'picked-up')).toEqual({ kind: 'refused', message: '“Lamp” was already released (picked up) on 2026-12-03: nothing to release.' });
  });

  it('refuses an item delivered, never arrived, or out for delivery', () => {
    expect(decideRelease(held({ custodyState: null, custodyEndedAt: new Date('2026-12-04T15:00:00Z'), custodyEnd: 'delivered' }), 'picked-up')).toMatchObject({ kind: 'refused', message: expect.stringMatching(/already delivered on 2026-12-04/) });
    expect(decideRelease(held({ custodyState: null, custodySince: null }), 'picked-up')).toMatchObject({ kind: 'refused', message: expect.stringMatching(/has not arrived/) });
    expect(decideRelease(held({ custodyState: 'out' }), 'picked-up')).toMatchObject({ kind: 'refused', message: expect.stringMatching(/out for delivery/) });
  });
});
