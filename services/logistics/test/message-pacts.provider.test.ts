import fs from 'node:fs';
import path from 'node:path';
import { MessageProviderPact, providerWithMetadata } from '@pact-foundation/pact';
import type { Delivery, DeliveryStatus } from '@midway/contracts';
import { custodyEvents } from '../src/domain/custody-events';
import { logisticsEvents } from '../src/domain/logistics-events';

/**
 * Verifies the message pacts of logistics' events (pacts/<consumer>-logistics-events.json: catalog and
 * billing), each message built by the builders logistics publishes with.
 */
const PACTS_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');
const PACTS = fs.readdirSync(PACTS_DIR).filter((f) => f.endsWith('-logistics-events.json')).map((f) => path.join(PACTS_DIR, f));
const item = { id: '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d', projectId: '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11' };
const service = { ...item, id: '3c1e0f1e-aaaa-4bbb-8ccc-0123456789ab', itemId: item.id, type: 'delivery' as const, cost: '50.00' };
const BY = '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33';
const INSPECTION = '4d2e1f0a-bbbb-4ccc-8ddd-0123456789ab';
const PHOTO = '/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab';
/** A delivery of the item in `status`, as logistics' repository answers it to the builders. */
const delivery = (status: DeliveryStatus): Delivery => ({
  id: '8a1b2c3d-dddd-4eee-8fff-0123456789ab', projectId: item.projectId, projectName: 'Harbour Loft', date: '2026-03-03', window: 'any', address: '12 Harbour St', notes: null, status,
  items: [{ itemId: item.id, name: 'Walnut dining table', installAssembly: true, lastMileDelivery: true, exception: null }], runId: null, runStop: null, earlyReason: null, receivedBy: status === 'completed' ? 'J. Ellis' : null,
  photoUrls: status === 'completed' ? [PHOTO] : [], signatureUrl: null, completedAt: null, createdAt: '2026-03-02T15:04:05.000Z',
});
const AT = new Date('2026-03-03T15:00:00.000Z');
const LOCATION = '3e4f5a6b-cccc-4ddd-8eee-0123456789ab';
const json = <T>(build: () => T) => providerWithMetadata(() => build(), { contentType: 'application/json' });

const MESSAGES = {
  'logistics.item-photo.attached.v1': json(() => logisticsEvents.photoAttached(item, '/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab', BY)),
  'logistics.photo.uploaded.v1': json(() => logisticsEvents.photoUploaded({ id: '5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab', ownerId: BY, projectId: item.projectId }, new Date('2026-03-02T15:04:05.000Z'))),
  'logistics.service.selected.v1': json(() => logisticsEvents.serviceChosen(true, service, BY)),
  'logistics.service.deselected.v1': json(() => logisticsEvents.serviceChosen(false, service, BY)),
  'logistics.item.inspected.v1': json(() =>
    logisticsEvents.itemInspected({ id: INSPECTION, itemId: item.id, projectId: item.projectId, notes: null, condition: 'damaged', photoUrls: [PHOTO] }, BY, '2026-06-12T10:01:00.000Z'),
  ),
  'logistics.item.arrived.v1': json(() =>
    logisticsEvents.itemArrived(
      {
        id: '6e3f2a1b-cccc-4ddd-8eee-0123456789ab', itemId: item.id, projectId: item.projectId, trackingNumber: '1Z5R89390357567127', notes: null,
        arrivedAt: new Date('2026-06-10T10:00:00.000Z'), inspectionDueAt: new Date('2026-06-12T10:00:00.000Z'), pieces: 1, piecesReceived: 1, piecesExpected: 1,
      },
      BY,
    ),
  ),
  // Custody: the item's first place, a move, and a release (custody.service).
  'logistics.item.put-away.v1': json(() => custodyEvents.putAway({ itemId: item.id, projectId: item.projectId, locationId: LOCATION, locationCode: 'B-12' }, BY, AT)),
  'logistics.item.moved.v1': json(() => custodyEvents.moved({ itemId: item.id, projectId: item.projectId, locationId: LOCATION, locationCode: 'C-03', fromLocationCode: 'B-12' }, BY, AT)),
  'logistics.item.released.v1': json(() => custodyEvents.released({ itemId: item.id, projectId: item.projectId, reason: 'returned-to-vendor', receivedBy: 'Vendor driver' }, BY, AT)),
  'logistics.delivery.requested.v1': json(() => logisticsEvents.deliveryRequested(delivery('requested'), BY, AT)),
  'logistics.delivery.scheduled.v1': json(() => logisticsEvents.deliveryScheduled(delivery('scheduled'), '5b6c7d8e-aaaa-4bbb-8ccc-0123456789ab', BY, AT)),
  'logistics.delivery.out-for-delivery.v1': json(() => logisticsEvents.deliveryOut(delivery('out-for-delivery'), BY, AT)),
  'logistics.delivery.completed.v1': json(() => logisticsEvents.deliveryCompleted(delivery('completed'), { receivedBy: 'J. Ellis', deliveredItemIds: [item.id], exceptions: [] }, BY, AT)),
  'logistics.delivery.cancelled.v1': json(() => logisticsEvents.deliveryCancelled(delivery('cancelled'), BY, AT)),
  'logistics.damage.reported.v1': json(() =>
    logisticsEvents.damageReported(
      { id: '8a4b3c2d-dddd-4eee-8fff-0123456789ab', inspectionId: INSPECTION, itemId: item.id, projectId: item.projectId, itemName: 'Walnut dining table', condition: 'damaged', notes: 'Cracked top', photoUrls: [PHOTO] },
      BY,
      new Date('2026-06-12T10:01:00.000Z'),
    ),
  ),
  'logistics.shipment.linked.v1': json(() =>
    logisticsEvents.shipmentLinked(
      {
        shipmentId: '5e4d3c2b-eeee-4fff-8aaa-0123456789ab', documentId: '6f5e4d3c-ffff-4aaa-8bbb-0123456789ab', purchaseOrderId: '7a6f5e4d-aaaa-4bbb-8ccc-0123456789ab',
        projectId: item.projectId, trackingNumber: '986578788855', carrierId: 'fedex', itemIds: [item.id],
      },
      BY,
      new Date('2026-11-20T10:00:00.000Z'),
    ),
  ),
};

it('logistics’ events match every consumer’s message pact', async () => {
  expect(PACTS.length).toBeGreaterThan(0);
  await new MessageProviderPact({ provider: 'logistics-events', pactUrls: PACTS, messageProviders: MESSAGES, logLevel: 'warn' }).verify();
}, 60_000);
