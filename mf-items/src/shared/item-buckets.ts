/**
 * The Items page's count cards and the rule each counts by (catalog's GET /api/items/summary counts them): the
 * contracts' one counting rule (ITEM_COUNT_STATUS), by which the dashboard and the project page count too — an item
 * counts under its own status, whatever its tracking number. Each card says its rule on hover and focus.
 */
export type CountCard = 'ordered' | 'in-transit' | 'delivered' | 'total';
export const COUNT_CARD_LABELS: Record<CountCard, string> = { ordered: 'Ordered', 'in-transit': 'In Transit', delivered: 'Delivered', total: 'Total Items' };
export const COUNT_CARD_RULES: Record<CountCard, string> = {
  ordered: 'Items with the status Ordered',
  'in-transit': 'Items with the status In Transit (a received item keeps its tracking number but is no longer in transit)',
  delivered: 'Items with the status Delivered',
  total: 'Every item the search and filters match',
};
