/**
 * Message pacts: the catalog, identity and logistics events billing consumes, as billing reads them. Writes
 * pacts/billing-catalog-events.json, billing-identity-events.json and billing-logistics-events.json; catalog's,
 * identity's and logistics' message provider tests build each message with their own event builders and check it
 * matches. Each message goes through billing's real path: the contract's
 * parseEvent, then applyFact, whose repository calls are recorded.
 */
import path from 'node:path';
import { asynchronousBodyHandler, MatchersV3, MessageConsumerPact } from '@pact-foundation/pact';
import { parseEvent } from '@midway/contracts';
import type { Repos } from '../src/data/unit-of-work';
import { applyFact } from '../src/domain/billing-facts';

const { like, uuid, iso8601DateTimeWithMillis, regex, eachLike, integer, boolean } = MatchersV3;
const PACTS_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');
const PROJECT_ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const ITEM_ID = '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d';
const OWNER_ID = '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33';
const MEMBER_ID = '6d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const STATUS = regex(/^(ordered|in-transit|received|stored|delivered)$/.source, 'ordered');

const at = () => iso8601DateTimeWithMillis('2026-03-02T15:04:05.000Z');
const envelope = (type: string, data: unknown) => ({ id: uuid('0b8f3c2e-1111-4a4a-9b9b-123456789abc'), type, occurredAt: at(), data });
const itemFacts = {
  itemId: uuid(ITEM_ID),
  projectId: uuid(PROJECT_ID),
  designerId: uuid(OWNER_ID),
  name: like('Walnut dining table'),
  quantity: integer(1),
  status: STATUS,
  supplier: null,
  trackingNumber: null,
  carrierId: null,
  price: null,
  receivedAt: null,
  deliveredAt: null,
  photoUrl: null,
};
const projectFacts = { projectId: uuid(PROJECT_ID), ownerId: uuid(OWNER_ID), changedAt: at() };
const membership = { ...projectFacts, userId: uuid(MEMBER_ID), role: regex(/^(member|viewer)$/.source, 'member'), byUserId: uuid(OWNER_ID) };
const serviceChoice = { serviceId: uuid('3c1e0f1e-aaaa-4bbb-8ccc-0123456789ab'), itemId: uuid(ITEM_ID), projectId: uuid(PROJECT_ID), type: regex(/^(receiving|enhanced_inspection|storage|delivery|install_assembly)$/.source, 'delivery'), cost: like('50.00'), byUserId: uuid(OWNER_ID), changedAt: at() };

/** Repositories that record what the domain asked of them (no fees come back, so nothing is published). */
function recorder() {
  const calls: string[] = [];
  const rec = (name: string, answer: unknown = undefined) => async (...args: unknown[]) => {
    calls.push(`${name} ${JSON.stringify(args)}`);
    return answer;
  };
  const repos = {
    access: { recordProject: rec('access.recordProject'), setMember: rec('access.setMember'), replaceMembers: rec('access.replaceMembers') }, users: { record: rec('users.record') },
    items: { recordStatuses: rec('items.recordStatuses'), markDeleted: rec('items.markDeleted'), setSelected: rec('items.setSelected'), lock: rec('items.lock') },
    custody: { serialize: rec('custody.serialize'), begin: rec('custody.begin', true), end: rec('custody.end', []), lockedOf: rec('custody.lockedOf', null) },
    events: { recordReceiving: rec('events.recordReceiving', []), recordDeliveries: rec('events.recordDeliveries', []), recordInspection: rec('events.recordInspection', []), recordCompletedDelivery: rec('events.recordCompletedDelivery', []), retractDelivery: rec('events.retractDelivery', []) },
    outbox: { add: rec('outbox.add') },
  } as unknown as Repos;
  return { calls, repos };
}

type Message = [type: string, data: Record<string, unknown>, effect: RegExp | RegExp[]];

const CATALOG: Message[] = [
  ['catalog.project.created.v1', { projectId: uuid(PROJECT_ID), designerId: uuid(OWNER_ID), name: like('Lakeview Residence'), clientName: like('Jordan Ellis'), clientEmail: null, location: like('Toronto'), status: like('active'), createdAt: at() }, /^access\.recordProject .*Lakeview Residence/],
  ['catalog.project.updated.v1', { ...projectFacts, name: like('Lakeview Residence'), clientName: like('Jordan Ellis'), clientEmail: null, location: like('Toronto'), status: like('active'), installDate: null, changedFields: eachLike('name') }, /^access\.recordProject .*Lakeview Residence/],
  ['catalog.project.member-added.v1', membership, /^access\.setMember .*true/],
  ['catalog.project.member-removed.v1', membership, /^access\.setMember .*false/],
  ['catalog.project.shared.v1', { ...projectFacts, shareToken: like('q3Zr8vX1yB2nC4mD5kE6fG7hJ8kL9mN0'), rotated: boolean(false) }, /^access\.recordProject .*7c0a3f5e/],
  ['catalog.project.snapshot.v1', { ...projectFacts, name: like('Lakeview Residence'), clientName: like('Jordan Ellis'), clientEmail: null, location: like('Toronto'), status: like('active'), installDate: null, shareToken: null, members: eachLike({ userId: uuid(MEMBER_ID), role: regex(/^(member|viewer)$/.source, 'member') }) }, /^access\.replaceMembers/],
  ['catalog.item.created.v1', { ...itemFacts, createdAt: at() }, /^items\.recordStatuses .*9b2d6c1a/],
  ['catalog.items.imported.v1', { importId: uuid('5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab'), projectId: uuid(PROJECT_ID), designerId: uuid(OWNER_ID), part: integer(1), parts: integer(1), items: eachLike({ ...itemFacts, createdAt: at() }) }, /^items\.recordStatuses .*9b2d6c1a/],
  ['catalog.item.updated.v1', { ...itemFacts, changedFields: eachLike('name'), updatedAt: at() }, /^items\.recordStatuses .*9b2d6c1a/],
  ['catalog.item.status-changed.v1', { itemId: uuid(ITEM_ID), projectId: uuid(PROJECT_ID), designerId: uuid(OWNER_ID), name: like('Walnut dining table'), quantity: integer(1), from: STATUS, to: regex(/^(ordered|in-transit|received|stored|delivered)$/.source, 'received'), receivedAt: null, deliveredAt: null, changedAt: at() }, /^items\.recordStatuses .*"status":"received"/],
  ['catalog.item.deleted.v1', { itemId: uuid(ITEM_ID), projectId: uuid(PROJECT_ID), designerId: uuid(OWNER_ID), name: like('Walnut dining table'), status: like('ordered'), deletedAt: at() }, /^items\.markDeleted/],
];

const IDENTITY: Message[] = [
  ['identity.user.created.v1', { userId: uuid(OWNER_ID), email: like('dana@example.com'), firstName: like('Dana'), lastName: like('Designer'), systemRole: regex(/^(midway_admin|designer|client)$/.source, 'designer'), createdAt: at() }, /^users\.record .*dana@example\.com/],
  ['identity.user.updated.v1', { userId: uuid(OWNER_ID), email: like('dana@example.com'), firstName: like('Dana'), lastName: like('Designer'), systemRole: regex(/^(midway_admin|designer|client)$/.source, 'designer'), updatedAt: at() }, /^users\.record .*dana@example\.com/],
];

const LOGISTICS: Message[] = [
  ['logistics.service.selected.v1', serviceChoice, /^items\.setSelected .*true/],
  ['logistics.service.deselected.v1', serviceChoice, /^items\.setSelected .*false/],
  ['logistics.item.arrived.v1', {
    arrivalId: uuid('6e3f2a1b-cccc-4ddd-8eee-0123456789ab'), itemId: uuid(ITEM_ID), projectId: uuid(PROJECT_ID), trackingNumber: like('1Z5R89390357567127'), notes: null, arrivedAt: at(), inspectionDueAt: at(), byUserId: uuid(OWNER_ID),
  }, /^custody\.begin .*9b2d6c1a/],
  ['logistics.item.inspected.v1', { inspectionId: uuid('4d2e1f0a-bbbb-4ccc-8ddd-0123456789ab'), itemId: uuid(ITEM_ID), projectId: uuid(PROJECT_ID), notes: null, byUserId: uuid(OWNER_ID), inspectedAt: at() }, /^events\.recordInspection .*9b2d6c1a/],
  // The proof of delivery: the day's delivery fee and installation for the delivered items that have it; the
  // delivered items leave custody (their storage stops).
  ['logistics.delivery.completed.v1', {
    deliveryId: uuid('8a1b2c3d-dddd-4eee-8fff-0123456789ab'), projectId: uuid(PROJECT_ID), date: regex(/^\d{4}-\d{2}-\d{2}$/.source, '2026-03-03'), window: regex(/^(morning|afternoon|any)$/.source, 'any'),
    address: like('12 Harbour St'), status: like('completed'), items: eachLike({ itemId: uuid(ITEM_ID), name: like('Walnut dining table'), installAssembly: boolean(true), lastMileDelivery: boolean(true) }),
    byUserId: uuid(OWNER_ID), changedAt: at(), receivedBy: like('J. Ellis'), deliveredItemIds: eachLike(uuid(ITEM_ID)), exceptions: [], photoUrls: [regex(/^\/api\/photos\/[0-9a-f-]{36}$/.source, '/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab')],
  }, [/^events\.recordCompletedDelivery .*9b2d6c1a.*"installAssembly":true/, /^custody\.end .*9b2d6c1a.*"delivered"/]],
  // Custody ends by a release (returned to the vendor, picked up): storage stops at `at`.
  ['logistics.item.released.v1', {
    itemId: uuid(ITEM_ID), projectId: uuid(PROJECT_ID), at: at(), byUserId: uuid(OWNER_ID), reason: regex(/^(returned-to-vendor|picked-up)$/.source, 'returned-to-vendor'), receivedBy: like('Vendor driver'),
  }, /^custody\.end .*9b2d6c1a.*"returned-to-vendor"/],
];

describe.each([
  ['catalog-events', CATALOG],
  ['identity-events', IDENTITY],
  ['logistics-events', LOGISTICS],
] as const)('billing consumes %s', (provider, messages) => {
  const pact = new MessageConsumerPact({ consumer: 'billing', provider, dir: PACTS_DIR, pactfileWriteMode: 'update', logLevel: 'warn' });

  it.each(messages)('%s', async (type, data, effect) => {
    const { calls, repos } = recorder();
    await pact
      .expectsToReceive(type)
      .withContent(envelope(type, data))
      .withMetadata({ contentType: 'application/json' })
      .verify(asynchronousBodyHandler(async (body) => applyFact(repos, parseEvent(body), 'UTC')));
    for (const e of [effect].flat()) expect({ effect: e.source, seen: calls.some((c) => e.test(c)) }).toEqual({ effect: e.source, seen: true });
  });
});
