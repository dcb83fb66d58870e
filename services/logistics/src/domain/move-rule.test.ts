import { decideMove, type MovableItem } from './move-rule';

const B12 = { id: '00000000-0000-4000-8000-000000000012', code: 'B-12' };
const A1 = { id: '00000000-0000-4000-8000-000000000001', code: 'A-1' };
const item = (over: Partial<MovableItem> = {}): MovableItem => ({ name: 'Sofa', custodyState: 'received', custodyEndedAt: null, locationId: null, locationCode: null, ...over });

describe('a put-away or move scan', () => {
  it('puts an arrived item with no place away, and moves a stored one, naming where from', () => {
    expect(decideMove(item(), B12)).toEqual({ kind: 'put-away' });
    expect(decideMove(item({ custodyState: 'stored', locationId: A1.id, locationCode: 'A-1' }), B12)).toEqual({ kind: 'moved', fromLocationCode: 'A-1' });
  });

  it('records nothing when the item is there already (a repeated scan)', () => {
    expect(decideMove(item({ custodyState: 'stored', locationId: B12.id, locationCode: 'B-12' }), B12)).toEqual({ kind: 'unchanged' });
  });

  it('takes an item back off the truck (loaded) to a shelf', () => {
    expect(decideMove(item({ custodyState: 'loaded', locationId: A1.id, locationCode: 'A-1' }), B12)).toEqual({ kind: 'moved', fromLocationCode: 'A-1' });
  });

  it('refuses an item not in custody, one that left, and one out for delivery, naming it and what to do', () => {
    expect(decideMove(item({ custodyState: null }), B12)).toEqual({ kind: 'refused', message: expect.stringMatching(/“Sofa” is not in the warehouse’s custody: record its arrival/) });
    expect(decideMove(item({ custodyState: null, custodyEndedAt: new Date('2026-12-03T10:00:00Z') }), B12)).toEqual({ kind: 'refused', message: expect.stringMatching(/left on 2026-12-03/) });
    expect(decideMove(item({ custodyState: 'out', locationId: A1.id, locationCode: 'A-1' }), B12)).toEqual({ kind: 'refused', message: expect.stringMatching(/“Sofa” is out for delivery/) });
  });
});
