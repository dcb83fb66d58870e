import { addDays, dayIn, previousMonth } from './calendar';

describe('billing calendar', () => {
  it('the month closed on the 1st is the one before, across the year', () => {
    expect(previousMonth('2026-01-01')).toEqual({ year: 2025, month: 12 });
    expect(previousMonth('2026-03-01')).toEqual({ year: 2026, month: 2 });
  });

  it('days are calendar dates in the billing time zone', () => {
    const at = new Date('2026-03-01T03:00:00.000Z');
    expect(dayIn('UTC', at)).toBe('2026-03-01');
    expect(dayIn('America/Vancouver', at)).toBe('2026-02-28');
    expect(dayIn('Asia/Tokyo', new Date('2026-12-31T15:30:00.000Z'))).toBe('2027-01-01');
  });

  it('adds days across month and leap-year ends', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 30)).toBe('2027-01-30');
  });
});
