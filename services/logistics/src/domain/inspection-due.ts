import { INSPECTION_DUE_HOURS, type InspectionQueueStatus } from '@midway/contracts';

/** What the desk reads the time from; tests give a fixed or moving one. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

const HOUR_MS = 3_600_000;

/** The promise to the designer: an arrived item is inspected within 48 hours of its arrival. */
export const inspectionDueAt = (arrivedAt: Date): Date => new Date(arrivedAt.getTime() + INSPECTION_DUE_HOURS * HOUR_MS);

/** Not inspected and past its due time. */
export const isOverdue = (dueAt: Date, inspectedAt: Date | null, now: Date): boolean => inspectedAt === null && now.getTime() > dueAt.getTime();

/** Which of the queue's filters an arrived item is in: every uninspected one is pending, and overdue past its due time. */
export function inQueue(status: InspectionQueueStatus, dueAt: Date, inspectedAt: Date | null, now: Date): boolean {
  if (status === 'done') return inspectedAt !== null;
  if (status === 'overdue') return isOverdue(dueAt, inspectedAt, now);
  return inspectedAt === null;
}
