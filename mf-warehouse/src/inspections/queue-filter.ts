import type { InspectionQueueEntry } from '@midway/contracts';

/** How staff order the queue: least time left first (the queue's own order), or the newest arrival first. */
export const QUEUE_SORTS = { timeLeft: 'Time left (least first)', newest: 'Newest arrival first' } as const;
export type QueueSort = keyof typeof QUEUE_SORTS;

/**
 * The queue as staff narrow it: entries whose item, project or designer contains every word typed (any case),
 * ordered by time left (due time, then item) or by arrival, newest first.
 */
export function filterQueue(entries: readonly InspectionQueueEntry[], query: string, sort: QueueSort): InspectionQueueEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const found = entries.filter((e) => {
    const text = `${e.itemName} ${e.projectName} ${e.designerName}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  const by = sort === 'newest' ? (a: InspectionQueueEntry, b: InspectionQueueEntry) => b.arrivedAt.localeCompare(a.arrivedAt) : (a: InspectionQueueEntry, b: InspectionQueueEntry) => a.dueAt.localeCompare(b.dueAt);
  return [...found].sort((a, b) => by(a, b) || a.itemId.localeCompare(b.itemId));
}
