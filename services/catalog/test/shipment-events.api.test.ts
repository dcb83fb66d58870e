import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { makeEvent } from '@midway/service-kit';
import type { EventEnvelope, Item } from '@midway/contracts';
import { testEnv } from '@midway/testing';
import { actor, eventually, useCatalog, watchCatalogEvents } from './catalog-harness';

/**
 * A vendor's acknowledgement of an imported purchase order (logistics.shipment.linked.v1): its items without a
 * tracking number get the number and its carrier, with catalog's update event and one history line; an item that has
 * one keeps it. A redelivered fact, or two facts for the same item at once, fill the item once.
 */
const t = useCatalog();
let nc: NatsConnection;
beforeAll(async () => {
  nc = await connect({ servers: testEnv().natsUrl });
});
afterAll(async () => nc?.close());

const publish = async (e: EventEnvelope, msgID = e.id) => void (await jetstream(nc).publish(e.type, JSON.stringify(e), { msgID }));
const linked = (projectId: string, itemIds: string[], trackingNumber: string, carrierId: string | null) =>
  makeEvent('logistics.shipment.linked.v1', {
    shipmentId: randomUUID(), documentId: randomUUID(), purchaseOrderId: randomUUID(), projectId, trackingNumber, carrierId, itemIds, byUserId: randomUUID(), linkedAt: new Date().toISOString(),
  });

async function setUp() {
  const owner = actor();
  const project = await t.http.project(owner, { name: 'Harbour Loft' });
  const item = async (overrides: Record<string, unknown>) => (await t.http.item(owner, project.id, overrides)) as Item;
  const view = async (id: string) => ((await t.http.get(`/api/projects/${project.id}`, owner)).body as { items: Item[] }).items.find((i) => i.id === id)!;
  const history = async () => ((await t.http.get('/api/activities?limit=100', owner)).body as { projectId: string; itemId: string | null; description: string }[])
    .filter((a) => a.projectId === project.id && a.description.startsWith('Tracking number'));
  return { owner, project, item, view, history };
}

it('fills the items without a tracking number, with the carrier, an update event and a history line; an item with one keeps it; a redelivery changes nothing', async () => {
  const { project, item, view, history } = await setUp();
  const table = await item({ name: 'Walnut dining table' });
  const chairs = await item({ name: 'Side chair', trackingNumber: 'TYPED-BY-HAND-1' });
  // An item of another project named in the fact is not this project's to fill.
  const stranger = actor();
  const strangers = await t.http.project(stranger);
  const elsewhere = (await t.http.item(stranger, strangers.id, { name: 'Floor lamp' })) as Item;
  const events = await watchCatalogEvents();
  const fact = linked(project.id, [table.id, chairs.id, elsewhere.id], '986578788855', 'fedex');
  await publish(fact);
  const filled = await eventually(() => view(table.id), (i) => i.trackingNumber !== null, 5000);
  expect(filled).toMatchObject({ trackingNumber: '986578788855', carrierId: 'fedex' });
  await publish(fact, randomUUID());
  await new Promise((r) => setTimeout(r, 700));
  expect(await view(chairs.id)).toMatchObject({ trackingNumber: 'TYPED-BY-HAND-1', carrierId: null });
  const theirs = ((await t.http.get(`/api/projects/${strangers.id}`, stranger)).body as { items: Item[] }).items;
  expect(theirs.map((i) => [i.id, i.trackingNumber])).toEqual([[elsewhere.id, null]]);
  const seen = (await events.settle()).filter((e) => e.type === 'catalog.item.updated.v1' && (e.data as { projectId: string }).projectId === project.id);
  events.close();
  expect(seen.map((e) => [(e.data as { itemId: string }).itemId, (e.data as { changedFields: string[] }).changedFields])).toEqual([[table.id, ['trackingNumber', 'carrierId']]]);
  expect((await history()).map((a) => [a.itemId, a.description])).toEqual([[table.id, 'Tracking number 986578788855 from the vendor: "Walnut dining table"']]);
});

it('two facts for the same item at once: the item takes one tracking number and one history line', async () => {
  const { project, item, view, history } = await setUp();
  const sofa = await item({ name: 'Sofa' });
  const first = linked(project.id, [sofa.id], '1Z5R89390357567127', 'ups');
  const second = linked(project.id, [sofa.id], '986578788855', 'fedex');
  await Promise.all([publish(first), publish(second)]);
  const filled = await eventually(() => view(sofa.id), (i) => i.trackingNumber !== null, 5000);
  await eventually(history, (h) => h.length > 0, 5000);
  await new Promise((r) => setTimeout(r, 700));
  expect([['1Z5R89390357567127', 'ups'], ['986578788855', 'fedex']]).toContainEqual([filled.trackingNumber, filled.carrierId]);
  expect((await view(sofa.id)).trackingNumber).toBe(filled.trackingNumber);
  expect((await history()).map((a) => a.description)).toEqual([`Tracking number ${filled.trackingNumber} from the vendor: "Sofa"`]);
});
