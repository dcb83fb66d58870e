import type { Item } from '@midway/contracts';
import { isAtWarehouse } from '@midway/contracts/item-lifecycle';
import { ITEM_STATUS_LABELS, ITEM_STATUSES, type ItemStatus } from '@midway/contracts/vocab';
import { Badge, statusTone } from '../primitives/badge';
import { CheckCircle2, PackageCheck, ShoppingCart, Truck, Warehouse, type LucideIcon } from 'lucide-react';

// The vocabulary comes from the contracts' zod-free entry, so the bundle gets the lists without the schemas.
export { ITEM_STATUS_LABELS, ITEM_STATUSES };

const ITEM_STATUS_ICONS: Record<ItemStatus, LucideIcon> = {
  ordered: ShoppingCart,
  'in-transit': Truck,
  received: PackageCheck,
  stored: Warehouse,
  delivered: CheckCircle2,
};

/** The status dropdowns (project page, item dialogs), in the spec's order: ordered, in-transit, received, stored, delivered. */
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

/** Whether the item is at the warehouse (received or stored), so it can go on a delivery (the item lifecycle's rule). */
export const isDeliverable = (item: Pick<Item, 'status'>) => isAtWarehouse(item.status);

export const OUT_FOR_DELIVERY_LABEL = 'Out for delivery';

/** Whether the item is on its way to the job site now: its delivery went out and it has not been delivered since. */
export function isOutForDelivery(item: Pick<Item, 'status' | 'outForDeliveryAt'>): boolean {
  return !!item.outForDeliveryAt && item.status !== 'delivered';
}

/** 'Out for delivery' beside the item's status while its delivery is out (the Items page and the project page). */
export function OutForDeliveryBadge() {
  return (
    <Badge $tone="blue" data-testid="out-for-delivery">
      <Truck aria-hidden size={12} />
      {OUT_FOR_DELIVERY_LABEL}
    </Badge>
  );
}
