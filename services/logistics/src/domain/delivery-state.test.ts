import { DELIVERY_STATUSES, type DeliveryStatus } from '@midway/contracts';
import { assertEditable, assertMove, canMove, isOpen } from './delivery-state';

const ALLOWED: [DeliveryStatus, DeliveryStatus][] = [
  ['requested', 'scheduled'],
  ['scheduled', 'out-for-delivery'],
  ['out-for-delivery', 'completed'],
  ['requested', 'cancelled'],
  ['scheduled', 'cancelled'],
];
const allowed = (from: DeliveryStatus, to: DeliveryStatus) => ALLOWED.some(([f, t]) => f === from && t === to);

describe('the delivery state machine', () => {
  it('allows exactly requested → scheduled → out-for-delivery → completed, and cancelling while requested or scheduled', () => {
    for (const from of DELIVERY_STATUSES) for (const to of DELIVERY_STATUSES) expect([from, to, canMove(from, to)]).toEqual([from, to, allowed(from, to)]);
  });

  it('refuses every other move with 409 saying what the delivery is', () => {
    for (const from of DELIVERY_STATUSES) {
      for (const to of DELIVERY_STATUSES) {
        if (allowed(from, to)) expect(() => assertMove(from, to)).not.toThrow();
        else expect(() => assertMove(from, to)).toThrow(expect.objectContaining({ status: 409 }));
      }
    }
    expect(() => assertMove('completed', 'completed')).toThrow('This delivery is delivered: it cannot be completed.');
    expect(() => assertMove('out-for-delivery', 'cancelled')).toThrow(/out for delivery: it cannot be cancelled\. From out for delivery it can only be completed/);
  });

  it('lets only a requested delivery change, and counts requested, scheduled and out as open', () => {
    expect(() => assertEditable('requested')).not.toThrow();
    for (const s of ['scheduled', 'out-for-delivery', 'completed', 'cancelled'] as const) expect(() => assertEditable(s)).toThrow(expect.objectContaining({ status: 409 }));
    expect(DELIVERY_STATUSES.filter(isOpen)).toEqual(['requested', 'scheduled', 'out-for-delivery']);
  });
});
