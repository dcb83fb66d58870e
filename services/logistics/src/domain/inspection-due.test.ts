import { inQueue, inspectionDueAt, isOverdue } from './inspection-due';

const arrived = new Date('2026-03-02T09:15:00.000Z');
const due = inspectionDueAt(arrived);

it('an inspection is due 48 hours after the arrival', () => {
  expect(due.toISOString()).toBe('2026-03-04T09:15:00.000Z');
});

it('is overdue only after its due time, and never once inspected', () => {
  expect(isOverdue(due, null, new Date('2026-03-04T09:15:00.000Z'))).toBe(false);
  expect(isOverdue(due, null, new Date('2026-03-04T09:15:00.001Z'))).toBe(true);
  expect(isOverdue(due, new Date('2026-03-05T00:00:00.000Z'), new Date('2026-03-06T00:00:00.000Z'))).toBe(false);
});

it('places an item in the queue filters: pending until inspected (overdue too), done once inspected', () => {
  const late = new Date('2026-03-05T00:00:00.000Z');
  const early = new Date('2026-03-03T00:00:00.000Z');
  expect([inQueue('pending', due, null, early), inQueue('overdue', due, null, early), inQueue('done', due, null, early)]).toEqual([true, false, false]);
  expect([inQueue('pending', due, null, late), inQueue('overdue', due, null, late), inQueue('done', due, null, late)]).toEqual([true, true, false]);
  expect([inQueue('pending', due, late, late), inQueue('overdue', due, late, late), inQueue('done', due, late, late)]).toEqual([false, false, true]);
});
