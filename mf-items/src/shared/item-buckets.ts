import type { Item } from '@midway/contracts';

/**
 * The Items page's three groups (the same rule as catalog's GET /api/items/summary): delivered
 * when its status says so; otherwise in transit once it has a tracking number; otherwise ordered.
 */
export type ItemBucket = 'ordered' | 'in-transit' | 'delivered';
export const ITEM_BUCKETS: readonly ItemBucket[] = ['ordered', 'in-transit', 'delivered'];
export const BUCKET_LABELS: Record<ItemBucket, string> = { ordered: 'Ordered', 'in-transit': 'In Transit', delivered: 'Delivered' };

export function bucketOf(item: Pick<Item, 'status' | 'trackingNumber'>): ItemBucket {
  if (item.status === 'delivered') return 'delivered';
  return item.trackingNumber?.trim() ? 'in-transit' : 'ordered';
}
