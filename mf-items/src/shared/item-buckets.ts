/**
 * The Items page's count cards and the rule each counts by (catalog's GET /api/items/summary counts them): the
 * three buckets are disjoint — delivered when the status says so, otherwise in transit once the item has a
 * tracking number, otherwise ordered — so an item counted as In Transit may still carry the status Ordered. By
 * Status groups items by their own status instead; each card says its rule on hover and focus.
 */
export type CountCard = 'ordered' | 'in-transit' | 'delivered' | 'total';
export const COUNT_CARD_LABELS: Record<CountCard, string> = { ordered: 'Ordered', 'in-transit': 'In Transit', delivered: 'Delivered', total: 'Total Items' };
export const COUNT_CARD_RULES: Record<CountCard, string> = {
  ordered: 'Items that have no tracking number and are not delivered',
  'in-transit': 'Items that have a tracking number and are not delivered',
  delivered: 'Items with the status Delivered',
  total: 'Every item the search and filters match',
};
