import { inspectionOutcome } from './inspection-outcome';

const inspection = { inspectedAt: '2026-06-12T10:01:00.000Z', notes: 'Cracked top', photoUrls: ['/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab'] };

it('tells the client page only whether the item was inspected and whether damage was reported', () => {
  expect(inspectionOutcome(null)).toBeNull();
  expect(inspectionOutcome({ ...inspection, condition: 'good' })).toBe('inspected');
  expect(inspectionOutcome({ ...inspection, condition: 'damaged' })).toBe('damage-reported');
  expect(inspectionOutcome({ ...inspection, condition: 'missing-parts' })).toBe('damage-reported');
});
