import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@midway/contracts';
import { announceUser } from '@midway/testing';
import { actor, eventually, usePlatform, watchEvents, type Actor } from './logistics-harness';

/**
 * Issue 38: the fees a designer chooses when booking, the days staff plan (counts, a chosen run in its stop order),
 * completing before the booked date, and the proof the project's people see. Logistics' clock is the test's:
 * Wednesday 3 June 2026.
 */
let now = new Date('2026-06-03T08:00:00.000Z');
const t = usePlatform({ objectStore: true, clock: () => new Date(now) });

const admin = actor('midway_admin');
/** The warehouse shelf stored items are put away on. */
const SHELF = `DLV-${randomUUID().slice(0, 6).toUpperCase()}`;
const ada = actor();
const ben = actor();
const member = actor();
const viewer = actor();
const MONDAY = '2026-06-08';
const TUESDAY = '2026-06-09';

let loft: { id: string; name: string };
let cedar: { id: string; name: string };
beforeAll(async () => {
  await Promise.all([announceUser(ada, 'Ada', 'Lovelace'), announceUser(ben, 'Ben', 'Okafor'), announceUser(member, 'Mia', 'Member'), announceUser(viewer, 'Vic', 'Viewer')]);
  loft = await t.project(ada, { name: `Harbour Loft ${randomUUID().slice(0, 4)}`, location: '12 Harbour St' });
  cedar = await t.project(ben, { name: `Cedar House ${randomUUID().slice(0, 4)}`, location: '40 Dock Rd' });
  await t.inviteAndAccept(ada, loft.id, member, 'member');
  await t.inviteAndAccept(ada, loft.id, viewer, 'viewer');
}, 90_000);

/**
 * An item of the project in the given status, once logistics knows it so: received or stored the real way (an
 * arrival at the desk, and for stored a put-away on the shelf), as only items the warehouse holds can be booked;
 * other statuses are set by hand.
 */
async function itemIn(who: Actor, projectId: string, status: string, name = `Sofa ${randomUUID().slice(0, 6)}`) {
  const item = status === 'received' || status === 'stored'
    ? await t.heldItem(who, projectId, admin, { name, ...(status === 'stored' ? { locationCode: SHELF } : {}) })
    : await t.item(who, projectId, { name, status });
  await eventually(() => t.logisticsService.db.$queryRaw<{ status: string }[]>`SELECT status FROM items WHERE id = ${item.id}::uuid`, (r) => r[0]?.status === status, 20_000);
  return item;
}
const book = (projectId: string, body: Record<string, unknown>, who: Actor = ada) => t.logistics.post(`/api/projects/${projectId}/deliveries`, who, body);
const fixRun = (date: string, deliveryIds: string[], who: Actor = admin) => t.logistics.post('/api/delivery-runs', who, { date, deliveryIds });
const complete = (id: string, body: Record<string, unknown>, who: Actor = admin) => t.logistics.post(`/api/deliveries/${id}/complete`, who, body);
const selection = async (projectId: string, itemId: string) =>
  Object.fromEntries((await t.services(ada, `projectId=${projectId}`)).filter((s) => s.itemId === itemId).map((s) => [s.type, s.selected]));

describe('the fees of a booking are the ones the designer chose', () => {
  it('selects Last-Mile Delivery on the booked items and Installation & Assembly on the ones named, as the Services page shows, with their events', async () => {
    const table = await itemIn(ada, loft.id, 'stored', 'Fee table');
    const lamp = await itemIn(ada, loft.id, 'received', 'Fee lamp');
    const events = await watchEvents('logistics.>');
    const res = await book(loft.id, { date: MONDAY, itemIds: [table.id, lamp.id], lastMileDelivery: true, installAssemblyItemIds: [table.id] });
    expect(res.status).toBe(201);
    expect(res.body.items).toEqual([
      { itemId: lamp.id, name: 'Fee lamp', installAssembly: false, lastMileDelivery: true, exception: null },
      { itemId: table.id, name: 'Fee table', installAssembly: true, lastMileDelivery: true, exception: null },
    ]);
    expect(await selection(loft.id, table.id)).toMatchObject({ delivery: true, install_assembly: true });
    expect(await selection(loft.id, lamp.id)).toMatchObject({ delivery: true, install_assembly: false });
    // Billing hears the choices before the request (commit order), as a choice on the Services page.
    const seen = await eventually(async () => events.seen, (all) => all.some((e) => e.type === 'logistics.delivery.requested.v1' && (e.data as { deliveryId: string }).deliveryId === res.body.id), 10_000);
    await events.close();
    const mine = seen.filter((e) => [table.id, lamp.id].includes((e.data as { itemId?: string }).itemId ?? '') || (e.data as { deliveryId?: string }).deliveryId === res.body.id);
    expect(mine.map((e: EventEnvelope) => [e.type, (e.data as { type?: string }).type ?? null])).toEqual([
      ['logistics.service.selected.v1', 'delivery'],
      ['logistics.service.selected.v1', 'delivery'],
      ['logistics.service.selected.v1', 'install_assembly'],
      ['logistics.delivery.requested.v1', null],
    ]);
    expect((mine[3]!.data as { items: unknown[] }).items).toEqual(expect.arrayContaining([{ itemId: table.id, name: 'Fee table', installAssembly: true, lastMileDelivery: true }]));
    expect((await t.logistics.post(`/api/deliveries/${res.body.id}/cancel`, ada, {})).status).toBe(200);
  }, 60_000);

  it('a booking without the delivery fee chosen leaves it unselected; an installation named for an item not booked is a 400 and books nothing', async () => {
    const chair = await itemIn(ada, loft.id, 'stored', 'No-fee chair');
    const other = await itemIn(ada, loft.id, 'stored', 'Other chair');
    const refused = await book(loft.id, { date: MONDAY, itemIds: [chair.id], lastMileDelivery: true, installAssemblyItemIds: [other.id] });
    expect([refused.status, refused.body.message]).toEqual([400, expect.stringMatching(/installAssemblyItemIds name items that are not booked/)]);
    expect(await selection(loft.id, chair.id)).toMatchObject({ delivery: false, install_assembly: false });
    const res = await book(loft.id, { date: MONDAY, itemIds: [chair.id], lastMileDelivery: false, installAssemblyItemIds: [] });
    expect(res.status).toBe(201);
    expect(res.body.items).toEqual([expect.objectContaining({ itemId: chair.id, lastMileDelivery: false, installAssembly: false })]);
    expect(await selection(loft.id, chair.id)).toMatchObject({ delivery: false, install_assembly: false });
    expect((await t.logistics.post(`/api/deliveries/${res.body.id}/cancel`, ada, {})).status).toBe(200);
  }, 60_000);
});

describe('staff plan the coming days', () => {
  it('counts each coming day’s deliveries by status (cancelled ones left out), for staff only', async () => {
    const [a, b] = await Promise.all([itemIn(ada, loft.id, 'stored'), itemIn(ben, cedar.id, 'stored')]);
    const before = (await t.logistics.get(`/api/delivery-runs/days?from=${MONDAY}&days=3`, admin)).body.days as { date: string; requested: number }[];
    expect(before.map((d) => d.date)).toEqual([MONDAY, TUESDAY, '2026-06-10']);
    await book(loft.id, { date: TUESDAY, itemIds: [a.id] });
    const cancelled = (await book(cedar.id, { date: TUESDAY, itemIds: [b.id] }, ben)).body;
    await t.logistics.post(`/api/deliveries/${cancelled.id}/cancel`, ben, {});
    const after = (await t.logistics.get(`/api/delivery-runs/days?from=${MONDAY}&days=3`, admin)).body.days as { date: string; requested: number; scheduled: number }[];
    expect(after[1]).toEqual({ ...before[1], requested: before[1]!.requested + 1 });
    expect(after[0]).toEqual(before[0]);
    expect((await t.logistics.get(`/api/delivery-runs/days?from=${MONDAY}`, ada)).status).toBe(403);
  }, 60_000);

  it('a run of the deliveries staff chose keeps the stop order they confirmed; the rest stay requested', async () => {
    const DAY = '2026-06-11';
    const [a, b, c, d] = await Promise.all([itemIn(ada, loft.id, 'stored'), itemIn(ada, loft.id, 'stored'), itemIn(ben, cedar.id, 'stored'), itemIn(ben, cedar.id, 'stored')]);
    // Booked in this order; the proposal puts the morning one (booked last) first.
    const afternoon = (await book(loft.id, { date: DAY, window: 'afternoon', itemIds: [a.id] })).body;
    const any = (await book(loft.id, { date: DAY, itemIds: [b.id] })).body;
    const left = (await book(cedar.id, { date: DAY, window: 'afternoon', itemIds: [d.id], address: '1 Elsewhere Ln' }, ben)).body;
    const morning = (await book(cedar.id, { date: DAY, window: 'morning', itemIds: [c.id] }, ben)).body;
    const run = await fixRun(DAY, [morning.id, afternoon.id, any.id]);
    expect(run.status).toBe(201);
    expect(run.body.deliveries.map((x: { id: string; runStop: number }) => [x.id, x.runStop])).toEqual([
      [morning.id, 1],
      [afternoon.id, 2],
      [any.id, 2],
    ]);
    const day = (await t.logistics.get(`/api/deliveries?from=${DAY}&to=${DAY}`, admin)).body as { id: string; status: string; runStop: number | null }[];
    expect(day.map((x) => [x.id, x.status, x.runStop])).toEqual([
      [morning.id, 'scheduled', 1],
      [afternoon.id, 'scheduled', 2],
      [any.id, 'scheduled', 2],
      [left.id, 'requested', null],
    ]);
  }, 60_000);

  it('two runs fixing one delivery at once: one takes it, the other is refused and schedules nothing', async () => {
    const DAY = '2026-06-12';
    const [a, b] = await Promise.all([itemIn(ada, loft.id, 'stored'), itemIn(ada, loft.id, 'stored')]);
    const one = (await book(loft.id, { date: DAY, itemIds: [a.id] })).body;
    const two = (await book(loft.id, { date: DAY, window: 'morning', itemIds: [b.id] })).body;
    // Every run asks for the second delivery, so they all contend for it (a run of the first alone and one of the
    // second alone are both right to succeed: they share nothing).
    const answers = await Promise.all([fixRun(DAY, [one.id, two.id]), fixRun(DAY, [two.id]), fixRun(DAY, [two.id, one.id]), fixRun(DAY, [one.id, two.id])]);
    expect(answers.map((x) => x.status).sort()).toEqual([201, 400, 400, 400]);
    // Whichever won, what is scheduled is on its run only.
    const runs = await t.logisticsService.db.$queryRaw<{ runId: string }[]>`SELECT DISTINCT run_id AS "runId" FROM deliveries WHERE id IN (${one.id}::uuid, ${two.id}::uuid) AND run_id IS NOT NULL`;
    expect(runs).toEqual([{ runId: answers.find((x) => x.status === 201)!.body.id }]);
  }, 60_000);
});

describe('completing before the booked date', () => {
  it('needs staff to say why (400 by the field, nothing changes), then moves the date to the real one', async () => {
    // At the warehouse: scanned onto the truck before it goes out.
    const sofa = await t.heldItem(ada, loft.id, admin, { name: 'Early sofa' });
    const d = (await book(loft.id, { date: TUESDAY, itemIds: [sofa.id] })).body;
    await t.loadRun(admin, (await fixRun(TUESDAY, [d.id])).body.id);
    expect((await t.logistics.post(`/api/deliveries/${d.id}/out`, admin, {})).status).toBe(200);
    now = new Date('2026-06-05T15:00:00.000Z');
    try {
      const refused = await complete(d.id, { receivedBy: 'J. Ellis' });
      expect([refused.status, refused.body.message, refused.body.details]).toEqual([
        400,
        'This delivery is booked for 2026-06-09, not today (2026-06-05): say why it was delivered early (earlyReason), and its date moves to today.',
        [{ path: 'earlyReason', message: expect.any(String) }],
      ]);
      expect((await t.logistics.get(`/api/deliveries/${d.id}`, ada)).body).toMatchObject({ status: 'out-for-delivery', date: TUESDAY, earlyReason: null });
      const events = await watchEvents('logistics.delivery.>');
      const done = await complete(d.id, { receivedBy: 'J. Ellis', earlyReason: 'The client asked for it on Friday' });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ status: 'completed', date: '2026-06-05', earlyReason: 'The client asked for it on Friday', completedAt: '2026-06-05T15:00:00.000Z' });
      const completed = await eventually(async () => events.seen.filter((e) => e.type === 'logistics.delivery.completed.v1' && (e.data as { deliveryId: string }).deliveryId === d.id), (l) => l.length > 0, 10_000);
      expect(completed[0]!.data).toMatchObject({ date: '2026-06-05', changedAt: '2026-06-05T15:00:00.000Z' });
      await events.close();
    } finally {
      now = new Date('2026-06-03T08:00:00.000Z');
    }
  }, 60_000);
});

describe('the proof of delivery, seen by the project’s people', () => {
  it('the project’s deliveries carry the receiver, photos and signature; its people open them, another designer does not', async () => {
    const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(90, 3)]);
    const table = await t.heldItem(ada, loft.id, admin, { name: 'Proof table' });
    const d = (await book(loft.id, { date: MONDAY, itemIds: [table.id] })).body;
    await t.loadRun(admin, (await fixRun(MONDAY, [d.id])).body.id);
    expect((await t.logistics.post(`/api/deliveries/${d.id}/out`, admin, {})).status).toBe(200);
    const upload = (await t.logistics.post('/api/objects/upload', admin)).body.uploadURL as string;
    expect((await fetch(`${t.logisticsService.url}${upload}`, { method: 'PUT', headers: { ...admin.headers, 'content-type': 'image/png' }, body: new Uint8Array(PNG) })).status).toBe(200);
    now = new Date('2026-06-08T15:00:00.000Z');
    try {
      expect((await complete(d.id, { receivedBy: 'R. Proof', photoUrls: [upload], signature: `data:image/png;base64,${PNG.toString('base64')}` })).status).toBe(200);
    } finally {
      now = new Date('2026-06-03T08:00:00.000Z');
    }
    for (const who of [ada, member, viewer]) {
      const list = (await t.logistics.get(`/api/deliveries?projectId=${loft.id}`, who)).body as { id: string; receivedBy: string; photoUrls: string[]; signatureUrl: string }[];
      const mine = list.find((x) => x.id === d.id)!;
      expect(mine).toMatchObject({ receivedBy: 'R. Proof', photoUrls: [expect.stringMatching(/^\/api\/photos\//)], signatureUrl: expect.stringMatching(/^\/api\/photos\//) });
      for (const url of [...mine.photoUrls, mine.signatureUrl]) {
        const res = await fetch(`${t.logisticsService.url}${url}`, { headers: who.headers });
        expect([url, res.status, res.headers.get('content-type')]).toEqual([url, 200, 'image/png']);
      }
    }
    expect((await t.logistics.get(`/api/deliveries?projectId=${loft.id}`, ben)).body).toEqual([]);
    const proof = (await t.logistics.get(`/api/deliveries/${d.id}`, ada)).body as { photoUrls: string[]; signatureUrl: string };
    for (const url of [...proof.photoUrls, proof.signatureUrl]) expect((await fetch(`${t.logisticsService.url}${url}`, { headers: ben.headers })).status).toBe(404);
  }, 60_000);
});
