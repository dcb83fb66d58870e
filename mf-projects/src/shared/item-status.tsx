import type { ItemStatus, ITEM_STATUSES as CONTRACT_ITEM_STATUSES } from '@midway/contracts';
import { Badge, statusTone } from '@midway/ui';
import { CheckCircle2, PackageCheck, ShoppingCart, Truck, Warehouse, type LucideIcon } from 'lucide-react';

/**
 * The contract's vocabulary, restated here so the bundle does not pull in the contracts' zod schemas;
 * the type below fails to compile if the two lists ever differ.
 */
export const ITEM_STATUSES = ['ordered', 'in-transit', 'received', 'stored', 'delivered'] as const;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const itemStatusesMatch: Same<(typeof ITEM_STATUSES)[number], (typeof CONTRACT_ITEM_STATUSES)[number]> = true;
void itemStatusesMatch;

export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  ordered: 'Ordered',
  'in-transit': 'In Transit',
  received: 'Received',
  stored: 'Stored',
  delivered: 'Delivered',
};

const ITEM_STATUS_ICONS: Record<ItemStatus, LucideIcon> = {
  ordered: ShoppingCart,
  'in-transit': Truck,
  received: PackageCheck,
  stored: Warehouse,
  delivered: CheckCircle2,
};

/** The project page's status dropdown, in the spec's order: ordered, in-transit, received, stored, delivered. */
export const ITEM_STATUS_OPTIONS = ITEM_STATUSES.map((value) => ({ value, label: ITEM_STATUS_LABELS[value] }));

export function isItemStatus(value: string): value is ItemStatus {
  return (ITEM_STATUSES as readonly string[]).includes(value);
}

/** An item's status as a coloured badge with its icon. */
export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  const Icon = ITEM_STATUS_ICONS[status];
  return (
    <Badge $tone={statusTone(status)}>
      <Icon aria-hidden size={12} />
      {ITEM_STATUS_LABELS[status]}
    </Badge>
  );
}
