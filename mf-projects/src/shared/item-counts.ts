import type { ItemStatus } from '@midway/contracts';
import { isAtWarehouse } from '@midway/contracts/item-lifecycle';
import { countsAs } from '@midway/contracts/vocab';

export interface ProjectCounts {
  total: number;
  /** Status ordered (spec: the 'Pending' count). */
  pending: number;
  inTransit: number;
  /** Received at the warehouse: status received or stored. */
  received: number;
  delivered: number;
  /** Rounded share of items received or delivered, 0 when there are none. */
  progress: number;
}

/**
 * Progress is the rounded share of items with status received or delivered out of the total, 0 if none.
 * Catalog computes the same number for the projects list (Project.progress).
 */
export function progressOf(items: readonly { status: ItemStatus }[]): number {
  if (items.length === 0) return 0;
  const done = items.filter((i) => i.status === 'received' || i.status === 'delivered').length;
  return Math.round((done / items.length) * 100);
}

export function countItems(items: readonly { status: ItemStatus }[]): ProjectCounts {
  return {
    total: items.length,
    pending: items.filter((i) => countsAs('ordered', i)).length,
    // The contracts' one counting rule, as the Items page's cards and the dashboard count.
    inTransit: items.filter((i) => countsAs('inTransit', i)).length,
    received: items.filter((i) => isAtWarehouse(i.status)).length,
    delivered: items.filter((i) => countsAs('delivered', i)).length,
    progress: progressOf(items),
  };
}
