import { randomUUID } from 'node:crypto';
import { actor, daysAgo, dayOf, eventually, useBilling } from './billing-harness';

/**
 * Logistics' proof of delivery as billing charges it: the delivery fee once per project per day when a delivered
 * item has Last-Mile Delivery chosen, even for two deliveries of one project on one date (one run) and however often
 * a fact is redelivered; installation once per item delivered with it selected; nothing for the items excepted at
 * the door, and no delivery fee nobody chose.
 */
const t = useBilling();
const { read } = t;
const settle = () => new Promise((r) => setTimeout(r, 700));
const admin = actor('midway_admin');

type Line = { itemId: string; name: string; installAssembly: boolean; lastMileDelivery?: boolean };
const completed = (projectId: string, items: Line[], at: string, o: { excepted?: string[] } = {}) =>
  t.up.publish('logistics.delivery.completed.v1', {
    deliveryId: randomUUID(), projectId, date: at.slice(0, 10), window: 'any', address: '12 Harbour St', status: 'completed', items, byUserId: admin.userId, changedAt: at,
    receivedBy: 'J. Ellis', deliveredItemIds: items.map((i) => i.itemId).filter((id) => !o.excepted?.includes(id)),
    exceptions: (o.excepted ?? []).map((itemId) => ({ itemId, note: 'Leg cracked' })), photoUrls: [],
  });

it('charges one delivery fee per project per day for two deliveries of one date, and installation per delivered item that has it', async () => {
  const owner = actor();
  const p = await t.up.project(owner);
  const [a, b, c] = await Promise.all([t.up.item(p, owner, { at: daysAgo(9) }), t.up.item(p, owner, { at: daysAgo(9) }), t.up.item(p, owner, { at: daysAgo(9) })]);
  const at = daysAgo(2);
  const first = await completed(p, [{ itemId: a, name: 'Oak table', installAssembly: true, lastMileDelivery: true }, { itemId: c, name: 'Oak chair', installAssembly: true, lastMileDelivery: true }], at, { excepted: [c] });
  await completed(p, [{ itemId: b, name: 'Arc lamp', installAssembly: false, lastMileDelivery: true }], new Date(Date.parse(at) + 60_000).toISOString());
  await t.up.redeliver(first);
  const fees = await eventually(() => read.events({ projectId: p }), (e) => e.some((x) => x.eventType === 'delivery') && e.some((x) => x.eventType === 'install_assembly'));
  await settle();
  const now = await read.events({ projectId: p });
  expect(now.filter((e) => e.eventType === 'delivery')).toEqual([expect.objectContaining({ key: `delivery:${p}:${dayOf(at)}`, eventDate: dayOf(at), quantity: 1, amount: '50.00' })]);
  expect(now.filter((e) => e.eventType === 'install_assembly')).toEqual([expect.objectContaining({ key: `install_assembly:${a}`, eventDate: dayOf(at), amount: '75.00' })]);
  expect(fees.length).toBeLessThanOrEqual(now.length);
});

it('charges a delivery of another day again, and nothing for a delivery whose every item was excepted', async () => {
  const owner = actor();
  const p = await t.up.project(owner);
  const [a, b] = await Promise.all([t.up.item(p, owner, { at: daysAgo(9) }), t.up.item(p, owner, { at: daysAgo(9) })]);
  await completed(p, [{ itemId: a, name: 'Oak table', installAssembly: false, lastMileDelivery: true }], daysAgo(5), { excepted: [a] });
  await completed(p, [{ itemId: b, name: 'Arc lamp', installAssembly: false, lastMileDelivery: true }], daysAgo(3));
  await eventually(() => read.events({ projectId: p }), (e) => e.some((x) => x.eventType === 'delivery'));
  await settle();
  expect((await read.events({ projectId: p })).filter((e) => e.eventType === 'delivery').map((e) => e.eventDate)).toEqual([dayOf(daysAgo(3))]);
});

it('charges no delivery fee for a delivery whose items do not have Last-Mile Delivery chosen (the fee nobody chose)', async () => {
  const owner = actor();
  const p = await t.up.project(owner);
  const [a, b] = await Promise.all([t.up.item(p, owner, { at: daysAgo(9) }), t.up.item(p, owner, { at: daysAgo(9) })]);
  await completed(p, [{ itemId: a, name: 'Oak table', installAssembly: true, lastMileDelivery: false }], daysAgo(2));
  // Installation was chosen, so its fee arrives; the delivery's would have come with it.
  await eventually(() => read.events({ projectId: p }), (e) => e.some((x) => x.eventType === 'install_assembly'));
  // A producer older than lastMileDelivery: billing asks its own record of the selection (delivery on b, chosen).
  await t.up.select(p, owner, b, 'delivery', daysAgo(4));
  await completed(p, [{ itemId: b, name: 'Arc lamp', installAssembly: false }], daysAgo(1));
  await eventually(() => read.events({ projectId: p }), (e) => e.some((x) => x.eventType === 'delivery'));
  await settle();
  const now = await read.events({ projectId: p });
  expect(now.filter((e) => e.eventType === 'delivery').map((e) => e.eventDate)).toEqual([dayOf(daysAgo(1))]);
  expect(now.filter((e) => e.eventType === 'install_assembly').map((e) => e.key)).toEqual([`install_assembly:${a}`]);
});
