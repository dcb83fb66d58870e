import { formatDate, initials } from './format';

describe('format', () => {
  it("formats dates as 'MMM d, yyyy' without shifting a calendar day", () => {
    expect(formatDate('2026-05-04')).toBe('May 4, 2026');
    expect(formatDate('2026-12-31')).toBe('Dec 31, 2026');
    expect(formatDate(null)).toBeNull();
    expect(formatDate('not a date')).toBeNull();
  });

  it('makes two-letter initials', () => {
    expect(initials('Lakeview Residence')).toBe('LR');
    expect(initials('loft')).toBe('LO');
    expect(initials('  ')).toBe('?');
  });
});
