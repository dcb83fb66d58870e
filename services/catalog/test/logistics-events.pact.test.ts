/**
 * Message pact: the logistics events catalog consumes, as catalog reads them. Writes
 * pacts/catalog-logistics-events.json; logistics' message provider test builds each message with its own
 * event builders. Each message goes through catalog's real path: parseEvent, then the consumer's domain effect.
 */
import path from 'node:path';
import { asynchronousBodyHandler, MatchersV3, MessageConsumerPact } from '@pact-foundation/pact';
import { parseEvent, type EventEnvelope } from '@midway/contracts';
import { applyPhotoAttached, applyPhotoUploaded } from '../src/domain/item-photo.service';
import type { Repos } from '../src/data/unit-of-work';
import { applyDamageReported, applyItemArrived, applyItemInspected } from '../src/domain/warehouse-facts';
import { applyDeliveryFact } from '../src/domain/delivery-facts';
import { applyItemPlaced, applyItemReleased } from '../src/domain/custody-facts';
import { applyShipmentLinked } from '../src/domain/shipment-facts';

const { uuid, iso8601DateTimeWithMillis, regex, string, eachLike, boolean, integer } = MatchersV3;
const PACTS_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');

it('logistics.item-photo.attached.v1 sets the item’s photoUrl to the served path', async () => {
  const pact = new MessageConsumerPact({ consumer: 'catalog', provider: 'logistics-events', dir: PACTS_DIR, pactfileWriteMode: 'update', logLevel: 'warn' });
  const set: unknown[][] = [];
  const claimed: unknown[][] = [];
  const repos = { itemPhotos: { set: async (...args: unknown[]) => void set.push(args), claim: async (...args: unknown[]) => void claimed.push(args) } } as unknown as Repos;
  await pact
    .expectsToReceive('logistics.item-photo.attached.v1')
    .withContent({
      id: uuid('0b8f3c2e-1111-4a4a-9b9b-123456789abc'),
      type: 'logistics.item-photo.attached.v1',
      occurredAt: iso8601DateTimeWithMillis('2026-03-02T15:04:05.000Z'),
      data: {
        itemId: uuid('9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d'),
        projectId: uuid('2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11'),
        photoUrl: regex(/^\/api\/photos\/[0-9a-f-]{36}$/.source, '/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab'),
        byUserId: uuid('7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33'),
        attachedAt: iso8601DateTimeWithMillis('2026-03-02T15:04:05.000Z'),
      },
    })
    .withMetadata({ contentType: 'application/json' })
    .verify(asynchronousBodyHandler(async (body) => applyPhotoAttached(repos, parseEvent(body) as EventEnvelope<'logistics.item-photo.attached.v1'>)));
  expect(set).toEqual([['9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d', '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11', '/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab']]);
  // The photo belongs to the item's project from then on, if it belonged to none.
  expect(claimed).toEqual([['5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab', '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11']]);
});

it('logistics.photo.uploaded.v1 records who uploaded the photo and the project it belongs to', async () => {
  const pact = new MessageConsumerPact({ consumer: 'catalog', provider: 'logistics-events', dir: PACTS_DIR, pactfileWriteMode: 'update', logLevel: 'warn' });
  const recorded: unknown[] = [];
  const repos = { itemPhotos: { record: async (fact: unknown) => void recorded.push(fact) } } as unknown as Repos;
  await pact
    .expectsToReceive('logistics.photo.uploaded.v1')
    .withContent({
      id: uuid('1c9e4d3f-2222-4b5b-8c8c-23456789abcd'),
      type: 'logistics.photo.uploaded.v1',
      occurredAt: iso8601DateTimeWithMillis('2026-03-02T15:04:05.000Z'),
      data: {
        key: uuid('5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab'),
        ownerId: uuid('7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33'),
        projectId: uuid('2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11'),
        uploadedAt: iso8601DateTimeWithMillis('2026-03-02T15:04:05.000Z'),
      },
    })
    .withMetadata({ contentType: 'application/json' })
    .verify(asynchronousBodyHandler(async (body) => applyPhotoUploaded(repos, parseEvent(body) as EventEnvelope<'logistics.photo.uploaded.v1'>)));
  expect(recorded).toEqual([{ key: '5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab', ownerId: '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33', projectId: '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11' }]);
});

/* ---------- the receiving desk's facts ---------- */

const ITEM = '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d';
const PROJECT = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const ADMIN = '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33';
const INSPECTION = '4d2e1f0a-bbbb-4ccc-8ddd-0123456789ab';
const PHOTO = '/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab';
const envelope = (type: string, data: Record<string, unknown>) => ({
  id: uuid('0b8f3c2e-3333-4a4a-9b9b-123456789abc'), type, occurredAt: iso8601DateTimeWithMillis('2026-06-12T10:01:00.000Z'), data,
});
/** An item as catalog reads it, and fakes of the repositories the warehouse facts use, recording their calls. */
function warehouseRepos(status: 'ordered' | 'received' | 'stored' = 'ordered', inCustody = false) {
  const calls: unknown[][] = [];
  const item = {
    id: ITEM, projectId: PROJECT, name: 'Walnut dining table', status, receivedAt: null, deliveredAt: null, quantity: 1, supplier: null, trackingNumber: null, carrierId: null, price: null, photoUrl: null,
    updatedAt: '2026-06-10T10:00:00.000Z', pieces: 2, piecesReceived: 0, inCustody, custodySince: inCustody ? '2026-06-10T10:00:00.000Z' : null, location: null,
  };
  const repos = {
    items: { find: async () => item },
    warehouse: {
      arrive: async (...a: unknown[]) => void calls.push(['arrive', ...a]),
      place: async (...a: unknown[]) => void calls.push(['place', ...a]),
      release: async (...a: unknown[]) => void calls.push(['release', ...a]),
      ownerOf: async () => ADMIN,
      setInspection: async (...a: unknown[]) => (calls.push(['setInspection', ...a]), true),
      addDamageReport: async (...a: unknown[]) => (calls.push(['addDamageReport', ...a]), true),
    },
    outbox: { add: async () => undefined },
    activities: { add: async (a: { description: string }) => void calls.push(['activity', a.description]) },
  } as unknown as Repos;
  return { calls, repos };
}

it('logistics.item.arrived.v1 begins custody with the pieces it brought: the item is received as of the arrival', async () => {
  const pact = new MessageConsumerPact({ consumer: 'catalog', provider: 'logistics-events', dir: PACTS_DIR, pactfileWriteMode: 'update', logLevel: 'warn' });
  const { calls, repos } = warehouseRepos();
  await pact
    .expectsToReceive('logistics.item.arrived.v1')
    .withContent(
      envelope('logistics.item.arrived.v1', {
        arrivalId: uuid('6e3f2a1b-cccc-4ddd-8eee-0123456789ab'), itemId: uuid(ITEM), projectId: uuid(PROJECT), trackingNumber: string('1Z5R89390357567127'), notes: null,
        arrivedAt: iso8601DateTimeWithMillis('2026-06-10T10:00:00.000Z'), inspectionDueAt: iso8601DateTimeWithMillis('2026-06-12T10:00:00.000Z'), byUserId: uuid(ADMIN),
        pieces: integer(1),
      }),
    )
    .withMetadata({ contentType: 'application/json' })
    .verify(asynchronousBodyHandler(async (body) => applyItemArrived(repos, parseEvent(body) as EventEnvelope<'logistics.item.arrived.v1'>)));
  // The item had no tracking number: it takes the one its parcel was scanned with.
  expect(calls[0]).toEqual(['arrive', ITEM, { status: 'received', since: new Date('2026-06-10T10:00:00.000Z'), pieces: 1, receivedAt: new Date('2026-06-10T10:00:00.000Z'), now: expect.any(Date), trackingNumber: '1Z5R89390357567127' }]);
  expect(calls.at(-1)).toEqual(['activity', 'Received at the warehouse: "Walnut dining table"']);
});

it('logistics.item.inspected.v1 shows the inspection on the item', async () => {
  const pact = new MessageConsumerPact({ consumer: 'catalog', provider: 'logistics-events', dir: PACTS_DIR, pactfileWriteMode: 'update', logLevel: 'warn' });
  const { calls, repos } = warehouseRepos('received');
  await pact
    .expectsToReceive('logistics.item.inspected.v1')
    .withContent(
      envelope('logistics.item.inspected.v1', {
        inspectionId: uuid(INSPECTION), itemId: uuid(ITEM), projectId: uuid(PROJECT), notes: null, byUserId: uuid(ADMIN),
        inspectedAt: iso8601DateTimeWithMillis('2026-06-12T10:01:00.000Z'), condition: regex('^(good|damaged|missing-parts)$', 'damaged'), photoUrls: [regex(/^\/api\/photos\/[0-9a-f-]{36}$/.source, PHOTO)],
      }),
    )
    .withMetadata({ contentType: 'application/json' })
    .verify(asynchronousBodyHandler(async (body) => applyItemInspected(repos, parseEvent(body) as EventEnvelope<'logistics.item.inspected.v1'>)));
  expect(calls).toEqual([
    ['setInspection', ITEM, PROJECT, { condition: 'damaged', inspectedAt: '2026-06-12T10:01:00.000Z', notes: null, photoUrls: [PHOTO] }],
    ['activity', 'Inspected: damaged — "Walnut dining table"'],
  ]);
});

it('logistics.damage.reported.v1 lists the damage report on the project', async () => {
  const pact = new MessageConsumerPact({ consumer: 'catalog', provider: 'logistics-events', dir: PACTS_DIR, pactfileWriteMode: 'update', logLevel: 'warn' });
  const { calls, repos } = warehouseRepos('received');
  await pact
    .expectsToReceive('logistics.damage.reported.v1')
    .withContent(
      envelope('logistics.damage.reported.v1', {
        damageReportId: uuid('8a4b3c2d-dddd-4eee-8fff-0123456789ab'), inspectionId: uuid(INSPECTION), itemId: uuid(ITEM), projectId: uuid(PROJECT), itemName: string('Walnut dining table'),
        condition: regex('^(damaged|missing-parts)$', 'damaged'), notes: string('Cracked top'), photoUrls: [regex(/^\/api\/photos\/[0-9a-f-]{36}$/.source, PHOTO)], byUserId: uuid(ADMIN),
        reportedAt: iso8601DateTimeWithMillis('2026-06-12T10:01:00.000Z'),
      }),
    )
    .withMetadata({ contentType: 'application/json' })
    .verify(asynchronousBodyHandler(async (body) => applyDamageReported(repos, parseEvent(body) as EventEnvelope<'logistics.damage.reported.v1'>)));
  expect(calls).toEqual([
    ['addDamageReport', { id: '8a4b3c2d-dddd-4eee-8fff-0123456789ab', projectId: PROJECT, itemId: ITEM, itemName: 'Walnut dining table', condition: 'damaged', notes: 'Cracked top', photoUrls: [PHOTO], reportedAt: '2026-06-12T10:01:00.000Z' }],
    ['activity', 'Damage reported: "Walnut dining table" (damaged)'],
  ]);
});

/* ---------- custody: where the item stands, and how custody ends ---------- */

const custodyFact = { itemId: uuid(ITEM), projectId: uuid(PROJECT), at: iso8601DateTimeWithMillis('2026-06-11T09:00:00.000Z'), byUserId: uuid(ADMIN) };
const LOCATION = '3e4f5a6b-cccc-4ddd-8eee-0123456789ab';
const CUSTODY_MESSAGES: [type: string, data: Record<string, unknown>, apply: typeof applyItemPlaced | typeof applyItemReleased, effect: unknown[]][] = [
  ['logistics.item.put-away.v1', { ...custodyFact, locationId: uuid(LOCATION), locationCode: regex('^[A-Z0-9-]{1,32}$', 'B-12'), fromLocationCode: null }, applyItemPlaced, ['place', ITEM, 'B-12', 'stored', new Date('2026-06-11T09:00:00.000Z'), new Date('2026-06-11T09:00:00.000Z')]],
  ['logistics.item.moved.v1', { ...custodyFact, locationId: uuid(LOCATION), locationCode: regex('^[A-Z0-9-]{1,32}$', 'C-03'), fromLocationCode: regex('^[A-Z0-9-]{1,32}$', 'B-12') }, applyItemPlaced, ['place', ITEM, 'C-03', 'stored', new Date('2026-06-11T09:00:00.000Z'), new Date('2026-06-11T09:00:00.000Z')]],
  ['logistics.item.released.v1', { ...custodyFact, reason: regex('^(returned-to-vendor|picked-up)$', 'returned-to-vendor'), receivedBy: string('Vendor driver') }, applyItemReleased, ['release', ITEM, { at: new Date('2026-06-11T09:00:00.000Z'), end: 'returned-to-vendor', status: 'ordered', deliveredAt: undefined }]],
];

it.each(CUSTODY_MESSAGES)('%s gives the item the status and place custody says', async (type, data, apply, effect) => {
  const pact = new MessageConsumerPact({ consumer: 'catalog', provider: 'logistics-events', dir: PACTS_DIR, pactfileWriteMode: 'update', logLevel: 'warn' });
  const { calls, repos } = warehouseRepos('received', true);
  await pact
    .expectsToReceive(type)
    .withContent(envelope(type, data))
    .withMetadata({ contentType: 'application/json' })
    .verify(asynchronousBodyHandler(async (body) => apply(repos, parseEvent(body) as never)));
  expect(calls[0]).toEqual(effect);
});

/* ---------- deliveries ---------- */

const DELIVERY = '8a1b2c3d-dddd-4eee-8fff-0123456789ab';
const deliveryFacts = (status: string) => ({
  deliveryId: uuid(DELIVERY), projectId: uuid(PROJECT), date: regex(/^\d{4}-\d{2}-\d{2}$/.source, '2026-03-03'), window: regex('^(morning|afternoon|any)$', 'any'),
  address: string('12 Harbour St'), status: regex('^(requested|scheduled|out-for-delivery|completed|cancelled)$', status),
  items: eachLike({ itemId: uuid(ITEM), name: string('Walnut dining table'), installAssembly: boolean(false) }), byUserId: uuid(ADMIN),
  changedAt: iso8601DateTimeWithMillis('2026-03-03T15:00:00.000Z'),
});
/** Fakes of what the delivery facts use, recording their calls; the delivery is new (`inserted`). */
function deliveryRepos() {
  const { calls, repos } = warehouseRepos('received');
  const r = repos as unknown as { warehouse: Record<string, unknown> };
  r.warehouse.recordDelivery = async (...a: unknown[]) => (calls.push(['recordDelivery', ...a]), 'inserted');
  r.warehouse.deliver = async (...a: unknown[]) => void calls.push(['deliver', ...a]);
  r.warehouse.markOutForDelivery = async (...a: unknown[]) => void calls.push(['markOutForDelivery', ...a]);
  r.warehouse.clearOutForDelivery = async (...a: unknown[]) => void calls.push(['clearOutForDelivery', ...a]);
  return { calls, repos };
}
const DELIVERY_MESSAGES: [type: string, data: Record<string, unknown>, effect: unknown[]][] = [
  ['logistics.delivery.requested.v1', deliveryFacts('requested'), ['activity', 'Delivery booked for Mar 3']],
  ['logistics.delivery.scheduled.v1', { ...deliveryFacts('scheduled'), runId: uuid('5b6c7d8e-aaaa-4bbb-8ccc-0123456789ab') }, ['activity', 'Delivery scheduled for Mar 3']],
  ['logistics.delivery.out-for-delivery.v1', deliveryFacts('out-for-delivery'), ['activity', 'Out for delivery: "Walnut dining table"']],
  ['logistics.delivery.completed.v1', {
    ...deliveryFacts('completed'), receivedBy: string('J. Ellis'), deliveredItemIds: eachLike(uuid(ITEM)), exceptions: [], photoUrls: [regex(/^\/api\/photos\/[0-9a-f-]{36}$/.source, PHOTO)],
  }, ['activity', 'Delivered to 12 Harbour St, received by J. Ellis']],
  ['logistics.delivery.cancelled.v1', deliveryFacts('cancelled'), ['activity', 'Delivery for Mar 3 cancelled']],
];

it.each(DELIVERY_MESSAGES)('%s keeps the delivery for the client page and writes the history', async (type, data, effect) => {
  const pact = new MessageConsumerPact({ consumer: 'catalog', provider: 'logistics-events', dir: PACTS_DIR, pactfileWriteMode: 'update', logLevel: 'warn' });
  const { calls, repos } = deliveryRepos();
  await pact
    .expectsToReceive(type)
    .withContent(envelope(type, data))
    .withMetadata({ contentType: 'application/json' })
    .verify(asynchronousBodyHandler(async (body) => applyDeliveryFact(repos, parseEvent(body) as EventEnvelope<'logistics.delivery.requested.v1'>)));
  expect(calls[0]).toEqual(['recordDelivery', expect.objectContaining({ id: DELIVERY, projectId: PROJECT, date: '2026-03-03', items: [{ itemId: ITEM, name: 'Walnut dining table' }] })]);
  expect(calls).toContainEqual(effect);
  if (type === 'logistics.delivery.completed.v1') expect(calls).toContainEqual(['deliver', ITEM, new Date('2026-03-03T15:00:00.000Z')]);
  // The items show the delivery while it is out, and stop showing it when it ends.
  const outFlag = { 'logistics.delivery.out-for-delivery.v1': 'markOutForDelivery', 'logistics.delivery.completed.v1': 'clearOutForDelivery', 'logistics.delivery.cancelled.v1': 'clearOutForDelivery' }[type];
  expect(calls.filter((c) => /OutForDelivery$/.test(String(c[0])))).toEqual(outFlag ? [[outFlag, PROJECT, [ITEM], new Date('2026-03-03T15:00:00.000Z')]] : []);
});

/* ---------- an acknowledgement's tracking numbers ---------- */

it('logistics.shipment.linked.v1 gives its tracking number and carrier to the items that have none', async () => {
  const pact = new MessageConsumerPact({ consumer: 'catalog', provider: 'logistics-events', dir: PACTS_DIR, pactfileWriteMode: 'update', logLevel: 'warn' });
  const { calls, repos } = warehouseRepos();
  const item = { ...(await repos.items.find(ITEM))!, name: 'Walnut dining table' };
  (repos as unknown as { items: unknown }).items = {
    find: async () => item,
    update: async (...a: unknown[]) => (calls.push(['update', a[0], a[1]]), { ...item, trackingNumber: '986578788855', carrierId: 'fedex' }),
  };
  await pact
    .expectsToReceive('logistics.shipment.linked.v1')
    .withContent(
      envelope('logistics.shipment.linked.v1', {
        shipmentId: uuid('5e4d3c2b-eeee-4fff-8aaa-0123456789ab'), documentId: uuid('6f5e4d3c-ffff-4aaa-8bbb-0123456789ab'), purchaseOrderId: uuid('7a6f5e4d-aaaa-4bbb-8ccc-0123456789ab'),
        projectId: uuid(PROJECT), trackingNumber: string('986578788855'), carrierId: string('fedex'), itemIds: eachLike(uuid(ITEM)), byUserId: uuid(ADMIN),
        linkedAt: iso8601DateTimeWithMillis('2026-11-20T10:00:00.000Z'),
      }),
    )
    .withMetadata({ contentType: 'application/json' })
    .verify(asynchronousBodyHandler(async (body) => applyShipmentLinked(repos, parseEvent(body) as EventEnvelope<'logistics.shipment.linked.v1'>)));
  expect(calls).toEqual([
    ['update', ITEM, { trackingNumber: '986578788855', carrierId: 'fedex' }],
    ['activity', 'Tracking number 986578788855 from the vendor: "Walnut dining table"'],
  ]);
});
