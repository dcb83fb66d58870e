import { dayProblem, firstBookableDay, lastBookableDay } from './delivery-days';

// Friday 6 March 2026, noon (the browser's time).
const friday = new Date(2026, 2, 6, 12);

describe('the delivery date picker’s days', () => {
  it('starts at the next business day, skipping the weekend', () => {
    expect(firstBookableDay(friday)).toBe('2026-03-09');
    expect(firstBookableDay(new Date(2026, 2, 4, 12))).toBe('2026-03-05');
  });

  it('refuses the past, today, tomorrow’s weekend and any weekend day; accepts weekdays from the first bookable one', () => {
    expect(dayProblem('2026-03-05', friday)).toMatch(/at least one business day ahead/);
    expect(dayProblem('2026-03-06', friday)).toMatch(/at least one business day ahead/);
    expect(dayProblem('2026-03-07', friday)).toMatch(/Monday to Friday/);
    expect(dayProblem('2026-03-15', friday)).toMatch(/Monday to Friday/);
    expect(dayProblem('', friday)).toBe('Choose the delivery day.');
    expect(dayProblem('2026-03-09', friday)).toBeNull();
    expect(dayProblem('2026-03-13', friday)).toBeNull();
  });

  it('ends a year ahead: a later day (9999-12-31) is refused, as logistics refuses it', () => {
    expect(lastBookableDay(friday)).toBe('2027-03-06');
    expect(dayProblem('2027-03-05', friday)).toBeNull();
    expect(dayProblem('2027-03-08', friday)).toBe('Deliveries are booked at most a year ahead: choose 2027-03-06 or earlier.');
    expect(dayProblem('9999-12-31', friday)).toMatch(/at most a year ahead/);
  });
});
