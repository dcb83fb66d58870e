import { z } from 'zod';
import { systemRoleSchema } from './identity';
import { ITEM_STATUSES, PROJECT_STATUSES } from './catalog';

/**
 * Domain events: past-tense facts named `<domain>.<entity>.<past-verb>.v<N>`. The event type is also the
 * NATS subject, so a consumer subscribes to exactly the facts it needs.
 */
const userData = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  systemRole: systemRoleSchema,
});

/** What consumers (logistics, billing) need to know about an item without asking catalog. */
const itemEventData = z.object({
  itemId: z.uuid(),
  projectId: z.uuid(),
  designerId: z.uuid(),
  name: z.string(),
  quantity: z.number().int(),
  status: z.enum(ITEM_STATUSES),
  supplier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  carrierId: z.string().nullable(),
  price: z.string().nullable(),
  receivedAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
});

/** An item as it was created: `catalog.item.created.v1`'s data, and each entry of an import batch. */
const itemCreatedData = itemEventData.extend({ createdAt: z.iso.datetime() });

/**
 * Items per `catalog.items.imported.v1` message. A worst-case item (every text at its length limit, every
 * character JSON-escaped to six bytes) is under 5 kB, so a full batch stays under NATS's 1 MB payload limit.
 */
export const IMPORT_EVENT_MAX_ITEMS = 200;

export const eventSchemas = {
  'identity.user.created.v1': userData.extend({ createdAt: z.iso.datetime() }),
  'identity.user.updated.v1': userData.extend({ updatedAt: z.iso.datetime() }),
  'identity.session.revoked.v1': z.object({
    sessionId: z.uuid(),
    userId: z.uuid(),
    /** When the session would have expired anyway; consumers may forget it after that. */
    expiresAt: z.iso.datetime(),
    revokedAt: z.iso.datetime(),
  }),
  'catalog.project.created.v1': z.object({
    projectId: z.uuid(),
    /** The designer who owns the project (its creator); billing and logistics bill and serve them. */
    designerId: z.uuid(),
    name: z.string(),
    clientName: z.string(),
    clientEmail: z.string().nullable(),
    location: z.string(),
    status: z.enum(PROJECT_STATUSES),
    createdAt: z.iso.datetime(),
  }),
  'catalog.item.created.v1': itemCreatedData,
  /**
   * A bulk import, one message per batch of up to IMPORT_EVENT_MAX_ITEMS items in file order: consumers
   * treat each entry exactly as a `catalog.item.created.v1`, in one transaction per batch rather than one
   * per item. The batches of one import share `importId`; `part` of `parts` tells a consumer it has all.
   */
  'catalog.items.imported.v1': z.object({
    importId: z.uuid(),
    projectId: z.uuid(),
    designerId: z.uuid(),
    part: z.number().int().min(1),
    parts: z.number().int().min(1),
    items: z.array(itemCreatedData).min(1).max(IMPORT_EVENT_MAX_ITEMS),
  }),
  'catalog.item.updated.v1': itemEventData.extend({
    /** Names of the fields that changed. */
    changedFields: z.array(z.string()),
    updatedAt: z.iso.datetime(),
  }),
  'catalog.item.status-changed.v1': z.object({
    itemId: z.uuid(),
    projectId: z.uuid(),
    designerId: z.uuid(),
    name: z.string(),
    quantity: z.number().int(),
    from: z.enum(ITEM_STATUSES),
    to: z.enum(ITEM_STATUSES),
    receivedAt: z.iso.datetime().nullable(),
    deliveredAt: z.iso.datetime().nullable(),
    changedAt: z.iso.datetime(),
  }),
  'catalog.item.deleted.v1': z.object({
    itemId: z.uuid(),
    projectId: z.uuid(),
    designerId: z.uuid(),
    name: z.string(),
    status: z.enum(ITEM_STATUSES),
    deletedAt: z.iso.datetime(),
  }),
} as const;

export type EventType = keyof typeof eventSchemas;
export const EVENT_TYPES = Object.keys(eventSchemas) as EventType[];
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.enum(EVENT_TYPES as [EventType, ...EventType[]]),
  occurredAt: z.iso.datetime(),
  data: z.unknown(),
});

export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  occurredAt: string;
  data: EventData<T>;
}

/** Parses a raw envelope and its payload against the contract of its type. */
export function parseEvent(raw: unknown): EventEnvelope {
  const envelope = eventEnvelopeSchema.parse(raw);
  const data = eventSchemas[envelope.type].parse(envelope.data);
  return { ...envelope, data } as EventEnvelope;
}

/** The subject an event is published on. */
export const subjectOf = (type: EventType) => type;
/** The domain (and stream) that owns an event type. */
export const domainOf = (type: EventType) => type.split('.')[0]!;
