import type { CustodyEvent } from './logistics/custody';
import { eventLine, whereLine } from './custody-words';

const event = (over: Partial<CustodyEvent>): CustodyEvent => ({ id: '00000000-0000-4000-8000-000000000001', kind: 'arrived', at: '2026-03-02T15:04:05.000Z', byName: 'Ada Admin', fromLocationCode: null, toLocationCode: null, deliveryId: null, runId: null, countId: null, piece: null, reason: null, ...over });
const loc = { id: '00000000-0000-4000-8000-000000000002', code: 'B-12', name: 'Bay B', kind: 'bin' as const };

describe('custody words', () => {
  it('says where an item is', () => {
    expect(whereLine({ inCustody: true, state: 'stored', location: loc, end: null })).toBe('Stored · B-12');
    expect(whereLine({ inCustody: true, state: 'received', location: null, end: null })).toBe('Received · not put away yet');
    expect(whereLine({ inCustody: false, state: null, location: null, end: 'picked-up' })).toBe('Picked up');
    expect(whereLine({ inCustody: false, state: null, location: null, end: null })).toBe('Not in the warehouse');
  });

  it('says each fact of the timeline with its places, piece and reason', () => {
    expect(eventLine(event({ kind: 'arrived', piece: 2 }))).toBe('Arrived (2 pieces)');
    expect(eventLine(event({ kind: 'put-away', toLocationCode: 'B-12' }))).toBe('Put away at B-12');
    expect(eventLine(event({ kind: 'moved', fromLocationCode: 'A-03', toLocationCode: 'B-12' }))).toBe('Moved A-03 → B-12');
    expect(eventLine(event({ kind: 'loaded', piece: 2 }))).toBe('Loaded (piece 2)');
    expect(eventLine(event({ kind: 'left-behind', reason: 'Leg cracked' }))).toBe('Left behind: Leg cracked');
    expect(eventLine(event({ kind: 'released', reason: 'returned-to-vendor' }))).toBe('Released: Returned to vendor');
  });
});
