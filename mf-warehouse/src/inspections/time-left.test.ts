import { timeLeft } from './time-left';

describe('time left to inspect', () => {
  const now = new Date('2026-03-02T12:00:00.000Z');

  it('counts hours and minutes down to the due time', () => {
    expect(timeLeft('2026-03-04T12:00:00.000Z', now)).toEqual({ overdue: false, text: '48 h 0 min left' });
    expect(timeLeft('2026-03-05T12:00:00.000Z', now)).toEqual({ overdue: false, text: '3 days left' });
    expect(timeLeft('2026-03-04T11:30:00.000Z', now)).toEqual({ overdue: false, text: '47 h 30 min left' });
    expect(timeLeft('2026-03-02T12:45:00.000Z', now)).toEqual({ overdue: false, text: '45 min left' });
  });

  it('is overdue from the due time on, and says by how much', () => {
    expect(timeLeft('2026-03-02T12:00:00.000Z', now)).toEqual({ overdue: true, text: 'Overdue by 0 min' });
    expect(timeLeft('2026-03-02T08:50:00.000Z', now)).toEqual({ overdue: true, text: 'Overdue by 3 h 10 min' });
    expect(timeLeft('2026-02-27T06:00:00.000Z', now)).toEqual({ overdue: true, text: 'Overdue by 3 days' });
  });
});
