import { earlyCompletion } from './early-completion';

const TZ = 'America/New_York';
// 2026-12-07 15:00 in New York (20:00 UTC).
const now = new Date('2026-12-07T20:00:00Z');

describe('earlyCompletion: completing before the booked date needs a reason and moves the date to today', () => {
  it('asks nothing on or after the booked date', () => {
    expect(earlyCompletion('2026-12-07', now, TZ, undefined)).toBeNull();
    expect(earlyCompletion('2026-12-04', now, TZ, undefined)).toBeNull();
    expect(earlyCompletion('2026-12-07', now, TZ, 'ignored')).toBeNull();
  });

  it('refuses a delivery booked for a later day without a reason, naming the field', () => {
    expect(() => earlyCompletion('2026-12-09', now, TZ, undefined)).toThrow(expect.objectContaining({ status: 400, message: expect.stringContaining('booked for 2026-12-09') }));
    expect(() => earlyCompletion('2026-12-09', now, TZ, '')).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('moves the date to today (the provider’s calendar) with the reason', () => {
    expect(earlyCompletion('2026-12-09', now, TZ, 'Client asked for it today')).toEqual({ date: '2026-12-07', reason: 'Client asked for it today' });
    // 2026-12-08 01:00 UTC is still the 7th in New York.
    expect(earlyCompletion('2026-12-08', new Date('2026-12-08T01:00:00Z'), TZ, 'Early')).toEqual({ date: '2026-12-07', reason: 'Early' });
  });
});
