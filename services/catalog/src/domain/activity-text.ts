import { Prisma } from '../data/prisma-client';
import { INSPECTION_CONDITION_LABELS, ITEM_STATUS_LABELS, PROJECT_STATUS_LABELS, type InspectionCondition, type ItemStatus, type ProjectStatus } from '@midway/contracts';

/** What the project's history (and the client's Recent Updates) says, in plain words, with the pages' status labels. */
export const activityText = {
  projectCreated: (name: string) => `Project "${name}" created`,
  projectStatus: (to: ProjectStatus) => `Project status changed to ${PROJECT_STATUS_LABELS[to]}`,
  projectShared: () => 'Client dashboard link created',
  projectLinkReset: () => 'Client dashboard link reset (the previous link no longer works)',
  memberAdded: (who: string) => `Project shared with ${who}`,
  itemAdded: (name: string) => `Item "${name}" added`,
  itemsImported: (n: number) => `${n} item${n === 1 ? '' : 's'} imported`,
  itemStatus: (name: string, to: ItemStatus) => `"${name}" is now ${ITEM_STATUS_LABELS[to]}`,
  /** itemStatus for a statement that writes the line from the item's name column. */
  itemStatusSql: (name: Prisma.Sql, to: ItemStatus) => Prisma.sql`'"' || ${name} || ${`" is now ${ITEM_STATUS_LABELS[to]}`}::text`,
  itemUpdated: (name: string) => `Item "${name}" updated`,
  /** itemUpdated for a statement that writes the line from the item's name column. */
  itemUpdatedSql: (name: Prisma.Sql) => Prisma.sql`'Item "' || ${name} || '" updated'`,
  itemRemoved: (name: string) => `Item "${name}" removed`,
  // A vendor's acknowledgement or packing list of an imported purchase order (logistics).
  trackingFromVendor: (name: string, trackingNumber: string) => `Tracking number ${trackingNumber} from the vendor: "${name}"`,
  // The warehouse's findings (logistics' receiving desk); never the inspector's notes.
  itemReceived: (name: string) => `Received at the warehouse: "${name}"`,
  itemInspected: (name: string, condition: InspectionCondition) => `Inspected: ${INSPECTION_CONDITION_LABELS[condition].toLowerCase()} — "${name}"`,
  damageReported: (name: string, condition: InspectionCondition) => `Damage reported: "${name}" (${INSPECTION_CONDITION_LABELS[condition].toLowerCase()})`,
  // Deliveries (logistics): the day as the client reads it ("Mar 3"), never the proof's signature or notes.
  deliveryBooked: (date: string) => `Delivery booked for ${dayOf(date)}`,
  deliveryScheduled: (date: string) => `Delivery scheduled for ${dayOf(date)}`,
  deliveryCancelled: (date: string) => `Delivery for ${dayOf(date)} cancelled`,
  itemOutForDelivery: (name: string) => `Out for delivery: "${name}"`,
  delivered: (address: string, receivedBy: string) => `Delivered to ${address}, received by ${receivedBy}`,
  // The client's page never names who signed for it (the proof of delivery is the team's).
  deliveredForClient: (address: string | null) => (address ? `Delivered to ${address}` : 'Delivered'),
  itemNotDelivered: (name: string, note: string) => `Not delivered: "${name}" — ${note}`,
};

/** A calendar date YYYY-MM-DD as "Mar 3". */
function dayOf(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** An activity as stored: its history line, and in `metadata.clientDescription` the client's words when they differ. */
export interface StoredActivity {
  type: string;
  description: string;
  metadata: unknown;
}

/**
 * What the public client page says for an activity: the entry's client words when it has them, else its history
 * line. A completed delivery recorded before client words were kept named its recipient: it says only 'Delivered'.
 */
export function clientActivityText(a: StoredActivity): string {
  const own = (a.metadata as { clientDescription?: unknown } | null)?.clientDescription;
  if (typeof own === 'string') return own;
  return a.type === 'delivery_completed' ? activityText.deliveredForClient(null) : a.description;
}
