import { updateItemBodySchema, type CreateItemBody, type Item } from '@midway/contracts';
import { Prisma } from './prisma-client';

/**
 * How a field is stored and read: `text` and `uuid` as they are, `int` a number, `bool` a boolean, `instant` a timestamptz
 * (ISO text in the answer), `money` a numeric(10,2) (decimal text), `carrier` the chosen carrier (the answer
 * has the detected one when none is chosen, and the tracking link beside it), `json` a jsonb value as it is
 * (the warehouse's inspection), `derived` no column of its own.
 */
export type FieldKind = 'uuid' | 'text' | 'int' | 'bool' | 'status' | 'instant' | 'money' | 'carrier' | 'json' | 'derived';

export interface ItemField {
  field: keyof Item;
  /** The row's key (the items column, or the alias of the project's column). */
  column: string;
  kind: FieldKind;
  /** The SELECT expression when it is not `i.<column>`. */
  from?: string;
  /** Sent by a bulk import: always, or only when some row of the chunk has a value. */
  imported?: 'always' | 'some';
}

/**
 * An item's fields, once, in the answer's order (the contract's): the items page's columns and its JSON,
 * the mapping of a row to an Item, the bulk import's columns and which fields an edit can change all
 * follow from this list.
 */
export const ITEM_FIELDS = [
  { field: 'id', column: 'id', kind: 'uuid', imported: 'always' },
  { field: 'projectId', column: 'project_id', kind: 'uuid' },
  { field: 'productVariantId', column: 'product_variant_id', kind: 'uuid', imported: 'some' },
  { field: 'name', column: 'name', kind: 'text', imported: 'always' },
  { field: 'supplier', column: 'supplier', kind: 'text', imported: 'some' },
  { field: 'productUrl', column: 'product_url', kind: 'text', imported: 'some' },
  { field: 'quantity', column: 'quantity', kind: 'int', imported: 'always' },
  { field: 'scheduleNumber', column: 'schedule_number', kind: 'text', imported: 'some' },
  { field: 'trackingNumber', column: 'tracking_number', kind: 'text', imported: 'some' },
  { field: 'carrierId', column: 'carrier_id', kind: 'carrier', imported: 'some' },
  { field: 'trackingUrl', column: 'tracking_url', kind: 'derived' },
  { field: 'status', column: 'status', kind: 'status', imported: 'always' },
  { field: 'notes', column: 'notes', kind: 'text', imported: 'some' },
  { field: 'photoUrl', column: 'photo_url', kind: 'text', imported: 'some' },
  { field: 'receivedAt', column: 'received_at', kind: 'instant', imported: 'some' },
  { field: 'deliveredAt', column: 'delivered_at', kind: 'instant', imported: 'some' },
  { field: 'outForDeliveryAt', column: 'out_for_delivery_at', kind: 'instant' },
  { field: 'pieces', column: 'pieces', kind: 'int', imported: 'some' },
  { field: 'piecesReceived', column: 'pieces_received', kind: 'int' },
  { field: 'inCustody', column: 'in_custody', kind: 'bool' },
  { field: 'custodySince', column: 'custody_since', kind: 'instant' },
  { field: 'location', column: 'location_code', kind: 'text' },
  { field: 'skuCode', column: 'sku_code', kind: 'text', imported: 'some' },
  { field: 'collection', column: 'collection', kind: 'text', imported: 'some' },
  { field: 'designer', column: 'designer', kind: 'text', imported: 'some' },
  { field: 'finish', column: 'finish', kind: 'text', imported: 'some' },
  { field: 'material', column: 'material', kind: 'text', imported: 'some' },
  { field: 'roomLocation', column: 'room_location', kind: 'text', imported: 'some' },
  { field: 'specialInstructions', column: 'special_instructions', kind: 'text', imported: 'some' },
  { field: 'price', column: 'price', kind: 'money', imported: 'some' },
  { field: 'estimatedPrice', column: 'estimated_price', kind: 'money', imported: 'some' },
  { field: 'createdAt', column: 'created_at', kind: 'instant' },
  { field: 'updatedAt', column: 'updated_at', kind: 'instant' },
  { field: 'inspection', column: 'inspection', kind: 'json' },
  { field: 'projectName', column: 'project_name', kind: 'text', from: 'p.name' },
  { field: 'clientName', column: 'client_name', kind: 'text', from: 'p.client_name' },
] as const satisfies readonly ItemField[];

// Every Item field is listed (a field added to the contract fails type-checking here until it is).
type Unlisted = Exclude<keyof Item, (typeof ITEM_FIELDS)[number]['field']>;
const everyItemFieldListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyItemFieldListed;

/** An item row as read (`SELECT i.*, p.name AS project_name, p.client_name`): a value per listed column. */
export type ItemRow = { [F in (typeof ITEM_FIELDS)[number] as F['column']]?: unknown };

/** The fields read from a column (all but the derived tracking link), in list order. */
export const STORED_FIELDS: readonly ItemField[] = ITEM_FIELDS.filter((f) => f.kind !== 'derived');

/** An item row's columns, with the project's name and client: from items `i` joined to projects `p`. */
export const ITEM_ROW = Prisma.sql`SELECT i.*, p.name AS project_name, p.client_name FROM items i JOIN projects p ON p.id = i.project_id`;

const SQL_TYPES: Record<FieldKind, string> = { uuid: 'uuid', text: 'text', int: 'int', bool: 'boolean', status: 'text', instant: 'timestamptz', money: 'numeric', carrier: 'text', json: 'jsonb', derived: '' };

/** A field a bulk import sends: its Item field, column and SQL type, and whether every chunk sends it. */
export interface ImportedField {
  field: keyof Item;
  column: string;
  type: string;
  always: boolean;
}

/** The fields a bulk import sends per row, ids, status and quantity first. */
export const IMPORTED_FIELDS: readonly ImportedField[] = [
  ...ITEM_FIELDS.filter((f) => 'imported' in f && f.imported === 'always'),
  ...ITEM_FIELDS.filter((f) => 'imported' in f && f.imported === 'some'),
].map((f) => ({ field: f.field, column: f.column, type: SQL_TYPES[f.kind], always: 'imported' in f && f.imported === 'always' }));

// A create-body field the import does not send fails type-checking here, so an import never drops one.
type NotImported = Exclude<keyof CreateItemBody, Extract<(typeof ITEM_FIELDS)[number], { imported: string }>['field']>;
const everyBodyFieldImported: [NotImported] extends [never] ? true : NotImported = true;
void everyBodyFieldImported;

/** The fields an edit can change (the update body's), in list order: compared before and after an edit. */
export const EDITABLE_FIELDS: readonly (keyof Item)[] = ITEM_FIELDS.map((f) => f.field).filter((f) => Object.hasOwn(updateItemBodySchema.shape, f));
