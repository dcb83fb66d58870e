import { randomUUID } from 'node:crypto';
import type { DeliveryWindow } from '@midway/contracts';
import { proposeStops, type RunCandidate } from './delivery-runs';

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
