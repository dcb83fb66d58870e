import type { NewItemInput } from '../api/catalog-api';

export interface QuickAddValues {
  projectId: string;
  name: string;
  supplier: string;
  trackingNumber: string;
}

export const EMPTY_QUICK_ADD: QuickAddValues = { projectId: '', name: '', supplier: '', trackingNumber: '' };

/** What the form says when a field is missing or wrong. */
export const QUICK_ADD_REQUIRED_MESSAGE = 'Please select a project and enter an item name';

export type QuickAddResult = { ok: true; projectId: string; item: NewItemInput } | { ok: false; message: string };

/** Project and item name (trimmed) are required; supplier and tracking number are trimmed and left out when empty. */
export function validateQuickAdd(values: QuickAddValues): QuickAddResult {
  const name = values.name.trim();
  if (!values.projectId || !name) return { ok: false, message: QUICK_ADD_REQUIRED_MESSAGE };
  const item: NewItemInput = { name };
  const supplier = values.supplier.trim();
  const trackingNumber = values.trackingNumber.trim();
  if (supplier) item.supplier = supplier;
  if (trackingNumber) item.trackingNumber = trackingNumber;
  return { ok: true, projectId: values.projectId, item };
}
