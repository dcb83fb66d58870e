import { randomUUID } from 'node:crypto';
import type { DeliveryWindow } from '@midway/contracts';
import { numberStops, proposeStops, type RunCandidate } from './delivery-runs';

const loft = randomUUID();
const cedar = randomUUID();
const d = (projectId: string, projectName: string, address: string, window: DeliveryWindow, itemCount = 1): RunCandidate => ({ id: randomUUID(), projectId, projectName, address, window, itemCount });

describe('proposing a day’s run', () => {
  it('merges one project’s deliveries to one address into one stop with the narrowest window', () => {
    const a = d(loft, 'Harbour Loft', '12 Harbour St', 'any', 2);
    const b = d(loft, 'Harbour Loft', ' 12  harbour st', 'afternoon', 3);
    const stops = proposeStops([a, b]);
    expect(stops).toEqual([{ projectId: loft, projectName: 'Harbour Loft', address: '12 Harbour St', window: 'afternoon', deliveryIds: [a.id, b.id], itemCount: 5 }]);
  });

  it('keeps other addresses and other projects apart, and orders stops morning, afternoon, any', () => {
    const any = d(loft, 'Harbour Loft', '12 Harbour St', 'any');
    const site = d(loft, 'Harbour Loft', '40 Dock Rd', 'afternoon');
    const sameAddressOtherProject = d(cedar, 'Cedar House', '12 Harbour St', 'morning');
    const stops = proposeStops([any, site, sameAddressOtherProject]);
    expect(stops.map((s) => [s.projectName, s.address, s.window])).toEqual([
      ['Cedar House', '12 Harbour St', 'morning'],
      ['Harbour Loft', '40 Dock Rd', 'afternoon'],
      ['Harbour Loft', '12 Harbour St', 'any'],
    ]);
  });

  it('proposes nothing for a day without requests', () => {
    expect(proposeStops([])).toEqual([]);
  });
});

describe('numberStops: a fixed run keeps the order staff confirmed', () => {
  const rows = new Map([
    ['d1', { projectId: 'p1', address: '1 Main St' }],
    ['d2', { projectId: 'p2', address: '9 Oak Ave' }],
    ['d3', { projectId: 'p1', address: ' 1  main st' }],
  ]);
  it('numbers stops from 1 in the given order, merging one project’s deliveries to one address', () => {
    expect(numberStops(['d2', 'd1', 'd3'], rows)).toEqual([
      { id: 'd2', stop: 1 },
      { id: 'd1', stop: 2 },
      { id: 'd3', stop: 2 },
    ]);
    expect(numberStops(['d1', 'd3', 'd2'], rows).map((s) => s.stop)).toEqual([1, 1, 2]);
  });
});
