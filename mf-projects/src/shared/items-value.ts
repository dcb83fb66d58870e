import { fromCents, sumMoney, toCents } from '@midway/contracts/money';

type Priced = { price: string | null; quantity: number };

/** An item's value, price × quantity in exact cents; null when the item has no price. */
export const itemValue = (item: Priced): string | null => (item.price ? fromCents(toCents(item.price) * BigInt(item.quantity)) : null);

/** Items Value: the sum of the values of the items that have a price. */
export const itemsValue = (items: readonly Priced[]): string => sumMoney(items.flatMap((i) => itemValue(i) ?? []));
