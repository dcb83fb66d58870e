import { createItemBodySchema, updateItemBodySchema, type CreateItemBody, type Item, type ItemStatus, type UpdateItemBody } from '@midway/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { ItemChanges } from '../api/items-api';

/** What the create and edit dialogs hold: text as typed (the contracts' schemas decide what is valid). */
export interface ItemFormValues {
  projectId: string;
  name: string;
  supplier: string;
  quantity: string;
  /** Pieces expected (boxes the warehouse labels one by one); '1' unless the item ships in several. */
  pieces: string;
  price: string;
  scheduleNumber: string;
  trackingNumber: string;
  carrierId: string;
  status: ItemStatus;
  productUrl: string;
  notes: string;
  /** /api/photos/… from the photo picker; sent with a new item (an existing one gets it from the picker itself). */
  photoUrl: string;
}

export const TEXT_FIELDS = ['supplier', 'scheduleNumber', 'trackingNumber', 'carrierId', 'productUrl', 'notes'] as const;

export const EMPTY_ITEM_FORM: ItemFormValues = {
  projectId: '',
  name: '',
  supplier: '',
  quantity: '1',
  pieces: '1',
  price: '',
  scheduleNumber: '',
  trackingNumber: '',
  carrierId: '',
  status: 'ordered',
  productUrl: '',
  notes: '',
  photoUrl: '',
};

export function formValuesOf(item: Item): ItemFormValues {
  return {
    projectId: item.projectId,
    name: item.name,
    supplier: item.supplier ?? '',
    quantity: String(item.quantity ?? 1),
    pieces: String(item.pieces ?? 1),
    price: item.price ?? '',
    scheduleNumber: item.scheduleNumber ?? '',
    trackingNumber: item.trackingNumber ?? '',
    carrierId: item.carrierId ?? '',
    status: item.status,
    productUrl: item.productUrl ?? '',
    notes: item.notes ?? '',
    photoUrl: item.photoUrl ?? '',
  };
}

export const PROJECT_REQUIRED = 'Please select a project';

/** Create Item: quantity is a number of at least 1, falling back to 1 when it is not. */
export function createQuantity(text: string): number {
  const n = Number(text.trim());
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** Expected pieces as a number when typed as digits. */
const piecesOf = (text: string): number | string => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text.trim());

/** The create body: trimmed, empty optional fields left out. */
export function toCreateBody(v: ItemFormValues): CreateItemBody {
  const body: Record<string, unknown> = { name: v.name.trim(), quantity: createQuantity(v.quantity), status: v.status };
  // One piece is the service's default; anything but digits goes as typed, for the schema to name.
  if (v.pieces.trim() && v.pieces.trim() !== '1') body.pieces = piecesOf(v.pieces);
  for (const key of TEXT_FIELDS) if (v[key].trim()) body[key] = v[key].trim();
  if (v.price.trim()) body.price = v.price.trim();
  if (v.photoUrl) body.photoUrl = v.photoUrl;
  return body as CreateItemBody;
}

/** The edit body: every field, an emptied optional one cleared (null); quantity and price as numbers. */
export function toUpdateBody(v: ItemFormValues): ItemChanges {
  const body: Record<string, unknown> = { name: v.name.trim(), status: v.status, quantity: v.quantity.trim() === '' ? undefined : Number(v.quantity), pieces: v.pieces.trim() === '' ? undefined : piecesOf(v.pieces) };
  for (const key of TEXT_FIELDS) body[key] = v[key].trim() || null;
  body.price = v.price.trim() === '' ? null : Number(v.price);
  return body;
}

/** Where a body field's error shows in the form. */
const FIELD_OF: Record<string, keyof ItemFormValues> = { photoUrl: 'photoUrl', name: 'name', quantity: 'quantity', pieces: 'pieces', price: 'price', status: 'status', ...Object.fromEntries(TEXT_FIELDS.map((k) => [k, k])) };

function zodResolver<Body>(toBody: (v: ItemFormValues) => object, schema: { safeParse(v: unknown): { success: true; data: Body } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, needProject: boolean) {
  return ((values: ItemFormValues) => {
    const errors: FieldErrors<ItemFormValues> = {};
    if (needProject && !values.projectId) errors.projectId = { type: 'required', message: PROJECT_REQUIRED };
    const parsed = schema.safeParse(toBody(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF[String(issue.path[0])] ?? 'name';
        errors[field] ??= { type: 'validate', message: issue.message };
      }
    }
    const ok = Object.keys(errors).length === 0 && parsed.success;
    return ok ? { values: { ...values, body: parsed.data }, errors: {} } : { values: {}, errors };
  }) as unknown as Resolver<ItemFormValues>;
}

/** Validated with the same zod schema catalog parses with, so the form and the service never disagree. */
export const createItemResolver = zodResolver<CreateItemBody>(toCreateBody, createItemBodySchema, true);
export const updateItemResolver = zodResolver<UpdateItemBody>(toUpdateBody, updateItemBodySchema, false);
