import type { Item, ItemStatus } from '@midway/contracts';

/**
 * Which status sets which timestamp: moving to received (or straight to stored) stamps receivedAt; moving to
 * delivered stamps deliveredAt. Leaving those states keeps the stamps: history is never erased, and setting
 * the status an item already has stamps nothing. `current` is null for a new item.
 */
export function stampsFor(to: ItemStatus, current: Pick<Item, 'status' | 'receivedAt' | 'deliveredAt'> | null, now = new Date()): { receivedAt?: Date; deliveredAt?: Date } {
  if (current && current.status === to) return {};
  if (to === 'received') return { receivedAt: now };
  if (to === 'stored' && !current?.receivedAt) return { receivedAt: now };
  if (to === 'delivered') return { deliveredAt: now };
  return {};
}
