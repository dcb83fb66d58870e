import { z } from 'zod';
import { ITEM_STATUSES, MEMBER_ROLES, PROJECT_STATUSES } from '../vocab';

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
  /** The item's photo (`/api/photos/{key}` for an uploaded one); left out by producers older than photos. */
  photoUrl: z.string().nullable().optional(),
  /** The room it is for (the warehouse label's sidemark); left out by producers older than custody. */
  roomLocation: z.string().nullable().optional(),
  /** Pieces expected (each gets its own label); left out by producers older than custody (1). */
  pieces: z.number().int().min(1).optional(),
});

/** An item as it was created: `catalog.item.created.v1`'s data, and each entry of an import batch. */
const itemCreatedData = itemEventData.extend({ createdAt: z.iso.datetime() });

/**
 * Items per `catalog.items.imported.v1` message. A worst-case item (every text at its length limit, every
 * character JSON-escaped to six bytes) is under 5 kB, so a full batch stays under NATS's 1 MB payload limit.
 */
export const IMPORT_EVENT_MAX_ITEMS = 200;

/**
 * Who may reach a project, as the services that keep an access read model of it (logistics, billing) need it:
 * the project, its owner, and when the fact took effect. Facts about one project are written one at a time
 * (its row is locked), so their order is the order they happened; `changedAt` lets a consumer ignore a fact
 * older than one it has already applied.
 */
const projectFacts = z.object({
  projectId: z.uuid(),
  /** The designer who owns the project (its creator). */
  ownerId: z.uuid(),
  changedAt: z.iso.datetime(),
});
const membershipFacts = projectFacts.extend({
  /** The designer who joined or left. */
  userId: z.uuid(),
  /** member: edits items and project fields; viewer: reads only. */
  role: z.enum(MEMBER_ROLES),
  /** Who added or removed them (the owner, an admin, or the member themselves when leaving). */
  byUserId: z.uuid(),
});

/** Facts the catalog service publishes. */
export const catalogEventSchemas = {
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
  /** A project's own fields changed (not its items or members): the fields as they now are, and which changed. */
  'catalog.project.updated.v1': projectFacts.extend({
    name: z.string(),
    clientName: z.string(),
    clientEmail: z.string().nullable(),
    location: z.string(),
    status: z.enum(PROJECT_STATUSES),
    installDate: z.iso.date().nullable(),
    changedFields: z.array(z.string()).min(1),
  }),
  'catalog.project.member-added.v1': membershipFacts,
  'catalog.project.member-removed.v1': membershipFacts,
  /**
   * The project's client link now works with `shareToken`: published when the link is first created and again
   * each time the owner resets it, when every earlier token stopped working (`rotated`).
   */
  'catalog.project.shared.v1': projectFacts.extend({
    shareToken: z.string(),
    rotated: z.boolean(),
  }),
  /**
   * A project as it is now, re-sent by catalog's `republish` command so a service that started later (or lost
   * its read model) learns it: its fields, owner, client link and the complete member list (anyone not listed
   * is not a member). Consumers apply it like the facts above, so a snapshot already known changes nothing.
   */
  'catalog.project.snapshot.v1': projectFacts.extend({
    name: z.string(),
    clientName: z.string(),
    clientEmail: z.string().nullable(),
    location: z.string(),
    status: z.enum(PROJECT_STATUSES),
    installDate: z.iso.date().nullable(),
    shareToken: z.string().nullable(),
    members: z.array(z.object({ userId: z.uuid(), role: z.enum(MEMBER_ROLES) })),
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
