/**
 * Message pact: the catalog events logistics consumes, as logistics reads them. Writes
 * pacts/logistics-catalog-events.json; catalog's message provider test (services/catalog/test/
 * message-pacts.provider.test.ts) builds each message with catalog's own event builders and checks it matches.
 * Each message here goes through logistics' real path: the contract's parseEvent, then applyCatalogFact.
 */
import path from 'node:path';
import { asynchronousBodyHandler, MatchersV3, MessageConsumerPact } from '@pact-foundation/pact';
import { parseEvent } from '@midway/contracts';
import { applyCatalogFact } from '../src/domain/catalog-facts';
import type { Repos } from '../src/data/unit-of-work';

const { like, uuid, iso8601DateTimeWithMillis, regex, eachLike, integer, boolean } = MatchersV3;
const PACTS_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');
const PROJECT_ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const ITEM_ID = '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d';
const OWNER_ID = '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33';
const MEMBER_ID = '6d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d';

const at = () => iso8601DateTimeWithMillis('2026-03-02T15:04:05.000Z');
const envelope = (type: string, data: unknown) => ({ id: uuid('0b8f3c2e-1111-4a4a-9b9b-123456789abc'), type, occurredAt: at(), data });
const itemFacts = {
  itemId: uuid(ITEM_ID),
  projectId: uuid(PROJECT_ID),
  designerId: uuid(OWNER_ID),
  name: like('Walnut dining table'),
  quantity: integer(1),
  status: regex(/^(ordered|in-transit|received|stored|delivered)$/.source, 'ordered'),
  supplier: null,
  trackingNumber: null,
  carrierId: null,
  price: null,
  receivedAt: null,
  deliveredAt: null,
  photoUrl: null,
  // Custody's labels: one per expected piece, with the room (none given here) as the sidemark says it.
  roomLocation: null,
  pieces: integer(2),
};
const projectFacts = { projectId: uuid(PROJECT_ID), ownerId: uuid(OWNER_ID), changedAt: at() };
const membership = { ...projectFacts, userId: uuid(MEMBER_ID), role: regex(/^(member|viewer)$/.source, 'member'), byUserId: uuid(OWNER_ID) };

/** Repositories that record what the domain asked of them. */
function recorder() {
  const calls: string[] = [];
  const rec = (name: string) => async (...args: unknown[]) => {
    calls.push(`${name} ${JSON.stringify(args)}`);
    return name === 'items.update' ? 1 : undefined;
  };
  const repos = {
    access: { recordProject: rec('access.recordProject'), setMember: rec('access.setMember'), replaceMembers: rec('access.replaceMembers'), accessOf: rec('access.accessOf') },
    items: { upsertWithServices: rec('items.upsertWithServices'), update: rec('items.update'), delete: rec('items.delete'), find: rec('items.find'), setPhoto: rec('items.setPhoto') },
    services: {},
    uploads: {},
    // A project's location is where its deliveries go by default.
    deliveries: { recordLocation: rec('deliveries.recordLocation') },
  } as unknown as Omit<Repos, 'outbox'>;
  return { calls, repos };
}

const MESSAGES: [type: string, data: Record<string, unknown>, effect: RegExp][] = [
  ['catalog.project.created.v1', { projectId: uuid(PROJECT_ID), designerId: uuid(OWNER_ID), name: like('Lakeview Residence'), clientName: like('Jordan Ellis'), clientEmail: null, location: like('Toronto'), status: like('active'), createdAt: at() }, /^access\.recordProject/],
  ['catalog.project.updated.v1', { ...projectFacts, name: like('Lakeview Residence'), clientName: like('Jordan Ellis'), clientEmail: null, location: like('Toronto'), status: like('active'), installDate: null, changedFields: eachLike('name') }, /^access\.recordProject/],
  ['catalog.project.member-added.v1', membership, /^access\.setMember .*true/],
  ['catalog.project.member-removed.v1', membership, /^access\.setMember .*false/],
  ['catalog.project.shared.v1', { ...projectFacts, shareToken: like('q3Zr8vX1yB2nC4mD5kE6fG7hJ8kL9mN0'), rotated: boolean(false) }, /^access\.recordProject .*q3Zr8/],
  ['catalog.project.snapshot.v1', { ...projectFacts, name: like('Lakeview Residence'), clientName: like('Jordan Ellis'), clientEmail: null, location: like('Toronto'), status: like('active'), installDate: null, shareToken: null, members: eachLike({ userId: uuid(MEMBER_ID), role: regex(/^(member|viewer)$/.source, 'member') }) }, /^access\.replaceMembers/],
  ['catalog.item.created.v1', { ...itemFacts, createdAt: at() }, /^items\.upsertWithServices/],
  ['catalog.items.imported.v1', { importId: uuid('5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab'), projectId: uuid(PROJECT_ID), designerId: uuid(OWNER_ID), part: integer(1), parts: integer(1), items: eachLike({ ...itemFacts, createdAt: at() }) }, /^items\.upsertWithServices/],
  ['catalog.item.updated.v1', { ...itemFacts, changedFields: eachLike('name'), updatedAt: at() }, /^items\.update /],
  ['catalog.item.deleted.v1', { itemId: uuid(ITEM_ID), projectId: uuid(PROJECT_ID), designerId: uuid(OWNER_ID), name: like('Walnut dining table'), status: like('ordered'), deletedAt: at() }, /^items\.delete/],
];

describe('logistics consumes catalog’s events', () => {
  const pact = new MessageConsumerPact({ consumer: 'logistics', provider: 'catalog-events', dir: PACTS_DIR, pactfileWriteMode: 'update', logLevel: 'warn' });

  it.each(MESSAGES)('%s', async (type, data, effect) => {
    const { calls, repos } = recorder();
    await pact
      .expectsToReceive(type)
      .withContent(envelope(type, data))
      .withMetadata({ contentType: 'application/json' })
      .verify(asynchronousBodyHandler(async (body) => applyCatalogFact(repos, parseEvent(body))));
    expect(calls.some((c) => effect.test(c))).toBe(true);
    // An item's facts carry its expected pieces and room into logistics' items (the labels, "2 of 3 pieces").
    if (/^catalog\.items?\.(created|imported|updated)\.v1$/.test(type)) expect(calls.some((c) => /^items\.(upsertWithServices|update) .*"pieces":2.*"roomLocation":null/.test(c))).toBe(true);
    // The project's fields carry its location: deliveries go there unless the designer names another address.
    if (['catalog.project.created.v1', 'catalog.project.updated.v1', 'catalog.project.snapshot.v1'].includes(type)) expect(calls.some((c) => /^deliveries\.recordLocation .*"Toronto"/.test(c))).toBe(true);
  });
});
