import { calendarDate, lastBookableDay, nextBusinessDay, unbookableDate } from './business-days';

// Wednesday 2026-03-04, 10:00 UTC.
const wednesday = new Date('2026-03-04T10:00:00Z');

describe('booking at least one business day ahead', () => {
  it('refuses the past, today and weekends, and accepts the next business days', () => {
    expect(unbookableDate('2026-03-03', wednesday, 'UTC')).toMatch(/in the past/);
    expect(unbookableDate('2026-03-04', wednesday, 'UTC')).toMatch(/is today/);
    expect(unbookableDate('2026-03-07', wednesday, 'UTC')).toMatch(/weekend/);
    expect(unbookableDate('2026-03-08', wednesday, 'UTC')).toMatch(/weekend/);
    expect(unbookableDate('2026-03-05', wednesday, 'UTC')).toBeNull();
    expect(unbookableDate('2026-03-09', wednesday, 'UTC')).toBeNull();
  });

  it('refuses a date more than a year ahead, such as 9999-12-31', () => {
    expect(lastBookableDay(wednesday, 'UTC')).toBe('2027-03-04');
    expect(unbookableDate('2027-03-04', wednesday, 'UTC')).toBeNull();
    expect(unbookableDate('2027-03-05', wednesday, 'UTC')).toMatch(/more than a year ahead: .* \(until 2027-03-04\)/);
    expect(unbookableDate('9999-12-31', wednesday, 'UTC')).toMatch(/more than a year ahead/);
    // From 29 February the year ends on 1 March (there is no 29 February next year).
    expect(lastBookableDay(new Date('2028-02-29T12:00:00Z'), 'UTC')).toBe('2029-03-01');
  });

  it('counts today in the provider’s time zone, not UTC', () => {
    // 02:00 UTC on Thursday is still Wednesday evening in Vancouver: Thursday is bookable there, not in UTC.
    const lateEvening = new Date('2026-03-05T02:00:00Z');
    expect(calendarDate(lateEvening, 'America/Vancouver')).toBe('2026-03-04');
    expect(unbookableDate('2026-03-05', lateEvening, 'America/Vancouver')).toBeNull();
    expect(unbookableDate('2026-03-05', lateEvening, 'UTC')).toMatch(/is today/);
  });

  it('names the next business day, skipping the weekend', () => {
    expect(nextBusinessDay(wednesday, 'UTC')).toBe('2026-03-05');
    expect(nextBusinessDay(new Date('2026-03-06T12:00:00Z'), 'UTC')).toBe('2026-03-09');
    expect(nextBusinessDay(new Date('2026-03-07T12:00:00Z'), 'UTC')).toBe('2026-03-09');
  });
});
