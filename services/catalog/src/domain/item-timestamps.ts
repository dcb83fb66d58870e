import type { Item, ItemStatus } from '@midway/contracts';
import { Prisma } from '../data/prisma-client';

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

/**
 * The same rule in SQL, for a statement that moves the row `i` (as it is before the change) to status `to`
 * at `now`: the `received_at` and `delivered_at` it gets. Only for a change of status (the statement leaves an
 * item already in `to` alone). test/item-status-change.api.test.ts has Postgres check it agrees with stampsFor.
 */
export function stampsSql(to: ItemStatus, now: Date): { receivedAt: Prisma.Sql; deliveredAt: Prisma.Sql } {
  const at = Prisma.sql`${now.toISOString()}::timestamptz`;
  return {
    receivedAt: Prisma.sql`CASE WHEN ${to} = 'received' OR (${to} = 'stored' AND i.received_at IS NULL) THEN ${at} ELSE i.received_at END`,
    deliveredAt: Prisma.sql`CASE WHEN ${to} = 'delivered' THEN ${at} ELSE i.delivered_at END`,
  };
}
