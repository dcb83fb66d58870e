import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { makeEvent } from '@midway/service-kit';
import type { EventEnvelope, Item } from '@midway/contracts';
import { testEnv } from '@midway/testing';
import { actor, eventually, useCatalog } from './catalog-harness';

/**
 * An item shows that it is on its way to the job site: logistics' out-for-delivery fact sets its outForDeliveryAt
 * on the Items page and on the project page, the delivery's completion (or cancellation) clears it, and a
 * redelivered or older fact changes nothing.
 */
const t = useCatalog();
let nc: NatsConnection;
beforeAll(async () => {
  nc = await connect({ servers: testEnv().natsUrl });
});
afterAll(async () => nc?.close());

const admin = '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33';
const publish = async (e: EventEnvelope, msgID = e.id) => void (await jetstream(nc).publish(e.type, JSON.stringify(e), { msgID }));

async function setUp(count: number) {
  const owner = actor();
  const project = await t.http.project(owner, { name: `Harbour Loft ${randomUUID().slice(0, 4)}` });
  const items: Item[] = [];
  for (let i = 0; i < count; i++) items.push((await t.http.item(owner, project.id, { name: `Oak piece ${i + 1}`, status: 'stored' })) as Item);
  const facts = (status: string, changedAt: string) => ({
    deliveryId, projectId: project.id, date: '2026-06-05', window: 'any' as const, address: '12 Harbour St', status: status as 'requested',
    items: items.map((i) => ({ itemId: i.id, name: i.name, installAssembly: false })), byUserId: admin, changedAt,
  });
  const deliveryId = randomUUID();
  /** Each item as the project page and as the Items page show it: [status, outForDeliveryAt] per page. */
  const shown = async () => {
    const detail = ((await t.http.get(`/api/projects/${project.id}`, owner)).body as { items: Item[] }).items;
    const page = (await t.http.get(`/api/items?projectId=${project.id}`, owner)).body as Item[];
    return items.map((item) => [detail, page].map((list) => list.find((i) => i.id === item.id)).map((i) => [i!.status, i!.outForDeliveryAt]));
  };
  const outLines = async () =>
    ((await t.http.get('/api/activities?limit=100', owner)).body as { projectId: string; description: string }[]).filter((a) => a.projectId === project.id && a.description.startsWith('Out for delivery')).length;
  return { items, facts, shown, outLines };
}

it('out for delivery shows on the items on both pages, once for a redelivered fact, and clears when the delivery is completed', async () => {
  const { items, facts, shown, outLines } = await setUp(2);
  const [table, chair] = items;
  expect(await shown()).toEqual([[['stored', null], ['stored', null]], [['stored', null], ['stored', null]]]);
  await publish(makeEvent('logistics.delivery.requested.v1', facts('requested', '2026-06-03T09:00:00.000Z')));
  await publish(makeEvent('logistics.delivery.scheduled.v1', { ...facts('scheduled', '2026-06-04T09:00:00.000Z'), runId: randomUUID() }));
  const OUT_AT = '2026-06-05T08:00:00.000Z';
  const out = makeEvent('logistics.delivery.out-for-delivery.v1', facts('out-for-delivery', OUT_AT));
  await publish(out);
  const stamped = [['stored', OUT_AT], ['stored', OUT_AT]];
  expect(await eventually(shown, (s) => s.every((both) => both.every(([, at]) => at !== null)), 5000)).toEqual([stamped, stamped]);

  // The same fact again (redelivered under another message id, and re-sent as a new envelope): one effect.
  await publish(out, randomUUID());
  await publish(makeEvent('logistics.delivery.out-for-delivery.v1', facts('out-for-delivery', OUT_AT)));
  await new Promise((r) => setTimeout(r, 700));
  expect(await shown()).toEqual([stamped, stamped]);
  expect(await outLines()).toBe(2);

  // Completed with the chair excepted: both are no longer out; the table is delivered, the chair stays stored.
  const DONE_AT = '2026-06-05T15:00:00.000Z';
  await publish(
    makeEvent('logistics.delivery.completed.v1', { ...facts('completed', DONE_AT), receivedBy: 'J. Ellis', deliveredItemIds: [table!.id], exceptions: [{ itemId: chair!.id, note: 'Leg cracked' }], photoUrls: [] }),
  );
  const after = [[['delivered', null], ['delivered', null]], [['stored', null], ['stored', null]]];
  expect(await eventually(shown, (s) => s[0]![0]![0] === 'delivered' && s.every((both) => both.every(([, at]) => at === null)), 5000)).toEqual(after);
  // An older fact arriving late (the out-for-delivery fact again, as a new envelope) does not bring it back.
  await publish(makeEvent('logistics.delivery.out-for-delivery.v1', facts('out-for-delivery', OUT_AT)));
  await new Promise((r) => setTimeout(r, 700));
  expect(await shown()).toEqual(after);
});

it('a cancelled delivery leaves its items no longer out for delivery', async () => {
  const { facts, shown } = await setUp(1);
  await publish(makeEvent('logistics.delivery.out-for-delivery.v1', facts('out-for-delivery', '2026-06-05T08:00:00.000Z')));
  await eventually(shown, (s) => s[0]![0]![1] !== null, 5000);
  await publish(makeEvent('logistics.delivery.cancelled.v1', facts('cancelled', '2026-06-05T09:00:00.000Z')));
  expect(await eventually(shown, (s) => s[0]!.every(([, at]) => at === null), 5000)).toEqual([[['stored', null], ['stored', null]]]);
});
