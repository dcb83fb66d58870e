import { relativeDueDate } from './format';

describe('billing formats', () => {
  it("gives the due date relative to now, or 'No due date'", () => {
    const now = new Date(2026, 2, 2, 12);
    expect(relativeDueDate(null, now)).toBe('No due date');
    expect(relativeDueDate('2026-03-31', now)).toBe('in 29 days');
    expect(relativeDueDate('2026-02-27', now)).toBe('3 days ago');
    expect(relativeDueDate('2026-03-02', now)).toBe('Today');
  });
});
