import type { NewItemInput } from '../api/catalog-api';

export interface AddItemValues {
  name: string;
  supplier: string;
  trackingNumber: string;
  price: string;
  productUrl: string;
  notes: string;
}

export const EMPTY_ADD_ITEM: AddItemValues = { name: '', supplier: '', trackingNumber: '', price: '', productUrl: '', notes: '' };

export const ITEM_NAME_REQUIRED = 'Item name is required';

export type AddItemResult = { ok: true; item: NewItemInput } | { ok: false; field: keyof AddItemValues; message: string };

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Add Item on the project page: name required, price numeric (cents), product URL a URL; empty optional fields omitted. */
export function validateAddItem(values: AddItemValues): AddItemResult {
  const v = Object.fromEntries(Object.entries(values).map(([k, s]) => [k, s.trim()])) as unknown as AddItemValues;
  if (!v.name) return { ok: false, field: 'name', message: ITEM_NAME_REQUIRED };
  if (v.price && !/^\d+(\.\d{1,2})?$/.test(v.price)) return { ok: false, field: 'price', message: 'Price must be a number of 0 or more, with at most 2 decimals' };
  if (v.productUrl && !isHttpUrl(v.productUrl)) return { ok: false, field: 'productUrl', message: 'Product URL must start with http:// or https://' };
  const item: NewItemInput = { name: v.name };
  for (const key of ['supplier', 'trackingNumber', 'price', 'productUrl', 'notes'] as const) {
    if (v[key]) item[key] = v[key];
  }
  return { ok: true, item };
}
