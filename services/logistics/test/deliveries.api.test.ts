import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@midway/contracts';
import { announceUser, readMail, testEnv, type SunkMail } from '@midway/testing';
import { actor, ANONYMOUS, eventually, usePlatform, watchEvents, type Actor } from './logistics-harness';

/**
 * Deliveries against a real catalog, NATS, Postgres, object store and mail sink, with logistics' clock in the
 * test's hands: Wednesday 3 June 2026, so Thursday the 4th is the first bookable day.
 */
let now = new Date('2026-06-03T08:00:00.000Z');
const t = usePlatform({ objectStore: true, clock: () => new Date(now) });

const admin = actor('midway_admin');
const ada = actor();
const ben = actor();
const member = actor();
const viewer = actor();
const THURSDAY = '2026-06-04';
const FRIDAY = '2026-06-05';
const clientEmail = `client.${randomUUID().slice(0, 8)}@example.com`;
/** The warehouse shelf the items that go out are put away on. */
const SHELF = `DLV-${randomUUID().slice(0, 6).toUpperCase()}`;

let loft: { id: string; name: string };
let cedar: { id: string; name: string };
beforeAll(async () => {
  await Promise.all([announceUser(ada, 'Ada', 'Lovelace'), announceUser(ben, 'Ben', 'Okafor'), announceUser(member, 'Mia', 'Member'), announceUser(viewer, 'Vic', 'Viewer')]);
  loft = await t.project(ada, { name: `Harbour Loft ${randomUUID().slice(0, 4)}`, location: '12 Harbour St', clientEmail });
  cedar = await t.project(ben, { name: 'Cedar House', location: '40 Dock Rd' });
  await t.inviteAndAccept(ada, loft.id, member, 'member');
  await t.inviteAndAccept(ada, loft.id, viewer, 'viewer');
  await eventually(() => t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM users WHERE id IN (${ada.userId}::uuid, ${member.userId}::uuid)`, (r) => r[0]!.n === 2, 30_000);
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
const get = (id: string, who: Actor = ada) => t.logistics.get(`/api/deliveries/${id}`, who);
const fixRun = (date: string, deliveryIds: string[], who: Actor = admin) => t.logistics.post('/api/delivery-runs', who, { date, deliveryIds });
const out = (id: string, who: Actor = admin) => t.logistics.post(`/api/deliveries/${id}/out`, who, {});
const complete = (id: string, body: Record<string, unknown>, who: Actor = admin) => t.logistics.post(`/api/deliveries/${id}/complete`, who, body);
const cancel = (id: string, who: Actor = ada) => t.logistics.post(`/api/deliveries/${id}/cancel`, who, {});
/** The first event of `type` about the delivery the watcher saw (waiting for it). */
async function eventOf(w: { seen: EventEnvelope[] }, type: string, deliveryId: string) {
  const found = await eventually(async () => w.seen.filter((e) => e.type === type && (e.data as { deliveryId?: string }).deliveryId === deliveryId), (l) => l.length > 0, 10_000);
  return found[0]! as EventEnvelope & { data: Record<string, unknown> };
}
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120, 7)]);
const SIGNATURE = `data:image/png;base64,${PNG.toString('base64')}`;

async function photoOf(who: Actor): Promise<string> {
  const url = (await t.logistics.post('/api/objects/upload', who)).body.uploadURL as string;
  const put = await fetch(`${t.logisticsService.url}${url}`, { method: 'PUT', headers: { ...who.headers, 'content-type': 'image/png' }, body: new Uint8Array(PNG) });
  expect(put.status).toBe(200);
  return url;
}

describe('POST /api/projects/{id}/deliveries', () => {
  it('books received and stored items for a business day ahead, at the project’s location, installAssembly as selected', async () => {
    const table = await itemIn(ada, loft.id, 'stored', 'Walnut table');
    const lamp = await itemIn(ada, loft.id, 'received', 'Arc lamp');
    const install = (await t.services(ada, `projectId=${loft.id}`)).find((s) => s.itemId === table.id && s.type === 'install_assembly')!;
    expect((await t.logistics.put(`/api/services/${install.id}`, ada, { selected: true })).status).toBe(200);
    const events = await watchEvents('logistics.delivery.>');
    const res = await book(loft.id, { date: THURSDAY, itemIds: [table.id, lamp.id], notes: 'Use the service lift' }, member);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ projectId: loft.id, date: THURSDAY, window: 'any', address: '12 Harbour St', notes: 'Use the service lift', status: 'requested' });
    expect(res.body.items).toEqual([
      { itemId: lamp.id, name: 'Arc lamp', installAssembly: false, lastMileDelivery: false, exception: null },
      { itemId: table.id, name: 'Walnut table', installAssembly: true, lastMileDelivery: false, exception: null },
    ]);
    const requested = await eventOf(events, 'logistics.delivery.requested.v1', res.body.id);
    expect(requested.data).toMatchObject({ projectId: loft.id, date: THURSDAY, status: 'requested', items: expect.arrayContaining([{ itemId: table.id, name: 'Walnut table', installAssembly: true, lastMileDelivery: false }]) });
    await events.close();
    // The owner sees it; a viewer reads it; another designer does not know it exists.
    expect((await get(res.body.id)).body).toEqual(res.body);
    expect((await get(res.body.id, viewer)).status).toBe(200);
    expect((await get(res.body.id, ben)).status).toBe(404);
    expect((await t.logistics.get(`/api/deliveries?status=requested&from=${THURSDAY}&to=${THURSDAY}`, ada)).body.map((d: { id: string }) => d.id)).toContain(res.body.id);
    expect((await t.logistics.get('/api/deliveries', ben)).body.map((d: { id: string }) => d.id)).not.toContain(res.body.id);
    expect((await cancel(res.body.id)).status).toBe(200);
  }, 60_000);

  it('refuses with 400 naming the items: on another open delivery, not received, delivered, of another project; empty itemIds; past, today, weekend', async () => {
    const held = await itemIn(ada, loft.id, 'stored', 'Held chair');
    const ordered = await itemIn(ada, loft.id, 'ordered', 'Ordered rug');
    const delivered = await itemIn(ada, loft.id, 'delivered', 'Old mirror');
    const theirs = await itemIn(ben, cedar.id, 'stored', 'Cedar bench');
    const free = await itemIn(ada, loft.id, 'stored', 'Free stool');
    expect((await book(loft.id, { date: THURSDAY, itemIds: [held.id] })).status).toBe(201);
    const count = async () => (await t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM deliveries WHERE project_id = ${loft.id}::uuid`)[0]!.n;
    const before = await count();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ date: FRIDAY, itemIds: [free.id, held.id] }, /“Held chair” is already on another open delivery/],
      [{ date: FRIDAY, itemIds: [ordered.id] }, /“Ordered rug” is not at the warehouse yet/],
      [{ date: FRIDAY, itemIds: [delivered.id] }, /“Old mirror” was delivered already/],
      [{ date: FRIDAY, itemIds: [theirs.id] }, new RegExp(`item ${theirs.id} was not found in this project`)],
      [{ date: FRIDAY, itemIds: [randomUUID()] }, /item [0-9a-f-]{36} was not found/],
      [{ date: FRIDAY, itemIds: [] }, /itemIds is empty/],
      [{ date: '2026-06-02', itemIds: [free.id] }, /in the past/],
      [{ date: '2026-06-03', itemIds: [free.id] }, /is today/],
      [{ date: '2026-06-06', itemIds: [free.id] }, /weekend/],
      [{ date: '2027-06-04', itemIds: [free.id] }, /more than a year ahead: .*\(until 2027-06-03\)/],
      [{ date: '9999-12-31', itemIds: [free.id] }, /more than a year ahead/],
      [{ date: '2026-06-31', itemIds: [free.id] }, /YYYY-MM-DD/],
      [{ date: FRIDAY, window: 'evening', itemIds: [free.id] }, /window must be one of morning, afternoon, any/],
    ];
    for (const [body, message] of cases) {
      const res = await book(loft.id, body);
      expect([body, res.status, res.body.message]).toEqual([body, 400, expect.stringMatching(message)]);
    }
    expect(await count()).toBe(before);
    // A viewer may not book; another designer does not learn the project exists.
    expect((await book(loft.id, { date: FRIDAY, itemIds: [free.id] }, viewer)).status).toBe(403);
    expect((await book(loft.id, { date: FRIDAY, itemIds: [free.id] }, ben)).status).toBe(404);
    expect(await count()).toBe(before);
  }, 60_000);

  it('refuses an item a designer marked stored or received by hand that never arrived: the warehouse delivers only what it holds', async () => {
    // Labels: statuses set by hand on items the desk never received (catalog allows it before arrival).
    const sofa = await t.item(ada, loft.id, { name: 'Label sofa', status: 'stored' });
    const rug = await t.item(ada, loft.id, { name: 'Label rug', status: 'received' });
    await eventually(() => t.logisticsService.db.$queryRaw<{ status: string; custody: string | null }[]>`SELECT status, custody_state AS custody FROM items WHERE id IN (${sofa.id}::uuid, ${rug.id}::uuid) ORDER BY name`, (r) => r.map((i) => `${i.status}:${i.custody}`).join() === 'received:null,stored:null', 20_000);
    const real = await itemIn(ada, loft.id, 'stored', 'Shelved desk');
    const deliveries = async () => (await t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM delivery_items WHERE item_id IN (${sofa.id}::uuid, ${rug.id}::uuid, ${real.id}::uuid)`)[0]!.n;
    for (const [itemIds, message] of [
      [[sofa.id], /“Label sofa” is not at the warehouse \(marked stored, but it has not arrived\): only items the warehouse has received can be delivered/],
      [[rug.id], /“Label rug” is not at the warehouse \(marked received, but it has not arrived\)/],
      // With an item the warehouse does hold, nothing is booked: the booking is refused whole, naming the label.
      [[real.id, sofa.id], /^These items cannot be booked: “Label sofa” is not at the warehouse \(marked stored/],
    ] as [string[], RegExp][]) {
      const res = await book(loft.id, { date: FRIDAY, itemIds });
      expect([itemIds, res.status, res.body]).toEqual([itemIds, 400, expect.objectContaining({ error: expect.any(String), message: expect.stringMatching(message) })]);
    }
    expect(await deliveries()).toBe(0);
    // Once it has arrived at the desk, the same sofa can be booked.
    expect((await t.logistics.post('/api/receiving/arrivals', admin, { code: `1Z${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`, itemId: sofa.id })).status).toBe(201);
    expect((await book(loft.id, { date: FRIDAY, itemIds: [sofa.id] })).status).toBe(201);
  }, 60_000);

  it('two bookings of the same item at once: exactly one succeeds, the others are refused', async () => {
    const item = await itemIn(ada, loft.id, 'stored', 'Contested armchair');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => book(loft.id, { date: i % 2 ? THURSDAY : FRIDAY, itemIds: [item.id] }, i % 2 ? ada : member)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body.message).toMatch(/“Contested armchair” is already on another open delivery/);
    const open = await t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM delivery_items WHERE item_id = ${item.id}::uuid AND open`;
    expect(open[0]!.n).toBe(1);
  }, 60_000);
});

describe('the state machine', () => {
  it('requested → scheduled → out-for-delivery → completed; every other move is 409 and changes nothing', async () => {
    // At the warehouse and on a shelf: the load check puts it on the truck before it goes out.
    const a = await t.heldItem(ada, loft.id, admin, { name: 'Machine sofa', locationCode: SHELF });
    const delivery = (await book(loft.id, { date: FRIDAY, itemIds: [a.id] })).body;
    const statusOf = async () => (await get(delivery.id)).body.status;
    const refusedAt = async (status: string, moves: (() => Promise<{ status: number }>)[]) => {
      for (const move of moves) expect((await move()).status).toBe(409);
      expect(await statusOf()).toBe(status);
    };
    await refusedAt('requested', [() => out(delivery.id), () => complete(delivery.id, { receivedBy: 'J. Ellis' })]);
    const run = await fixRun(FRIDAY, [delivery.id]);
    expect(run.status).toBe(201);
    await refusedAt('scheduled', [
      () => complete(delivery.id, { receivedBy: 'J. Ellis' }),
      () => t.logistics.put(`/api/deliveries/${delivery.id}`, ada, { notes: 'Too late' }),
    ]);
    // Fixing it on another run is refused (400: not requested), and leaves it scheduled.
    const again = await fixRun(FRIDAY, [delivery.id]);
    expect([again.status, again.body.message]).toEqual([400, expect.stringMatching(/is scheduled, not requested/)]);
    await t.loadRun(admin, run.body.id);
    expect((await out(delivery.id)).body.status).toBe('out-for-delivery');
    await refusedAt('out-for-delivery', [() => out(delivery.id), () => cancel(delivery.id), () => cancel(delivery.id, admin)]);
    // Booked for Friday, completed on Wednesday: staff say why (delivery-planning.api.test.ts covers the rule).
    expect((await complete(delivery.id, { receivedBy: 'J. Ellis', earlyReason: 'Delivered early' })).body.status).toBe('completed');
    await refusedAt('completed', [() => complete(delivery.id, { receivedBy: 'J. Ellis' }), () => cancel(delivery.id), () => out(delivery.id)]);

    const c = await itemIn(ada, loft.id, 'stored', 'Cancelled lamp');
    const cancelled = (await book(loft.id, { date: FRIDAY, itemIds: [c.id] })).body;
    expect((await cancel(cancelled.id, viewer)).status).toBe(403);
    expect((await cancel(cancelled.id, ben)).status).toBe(404);
    expect((await cancel(cancelled.id)).body.status).toBe('cancelled');
    for (const move of [() => cancel(cancelled.id), () => out(cancelled.id), () => fixRun(FRIDAY, [cancelled.id])]) expect([409, 400]).toContain((await move()).status);
    expect((await get(cancelled.id)).body.status).toBe('cancelled');
    // A cancelled delivery lets its items go: they can be booked again.
    expect((await book(loft.id, { date: FRIDAY, itemIds: [c.id] })).status).toBe(201);
  }, 60_000);

  it('a requested delivery can change its date, window, address, notes and items', async () => {
    const a = await itemIn(ada, loft.id, 'stored', 'Edit one');
    const b = await itemIn(ada, loft.id, 'received', 'Edit two');
    const d = (await book(loft.id, { date: THURSDAY, itemIds: [a.id] })).body;
    const res = await t.logistics.put(`/api/deliveries/${d.id}`, member, { date: FRIDAY, window: 'morning', address: '9 Quay Rd', notes: 'Gate code 4411', itemIds: [b.id] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: FRIDAY, window: 'morning', address: '9 Quay Rd', notes: 'Gate code 4411', items: [expect.objectContaining({ itemId: b.id })] });
    // The item it no longer carries is free again.
    expect((await book(loft.id, { date: FRIDAY, itemIds: [a.id] })).status).toBe(201);
    expect((await t.logistics.put(`/api/deliveries/${d.id}`, ada, { date: '2026-06-07' })).status).toBe(400);
    expect((await t.logistics.put(`/api/deliveries/${d.id}`, viewer, { notes: 'x' })).status).toBe(403);
  }, 60_000);
});

describe('runs, proof of delivery and e-mails', () => {
  const MONDAY = '2026-06-08';

  it('proposes the day’s requested deliveries by project and address, ordered by window, and fixes a run', async () => {
    const [a, b, c] = await Promise.all([itemIn(ada, loft.id, 'stored'), itemIn(ada, loft.id, 'stored'), itemIn(ben, cedar.id, 'stored')]);
    const afternoon = (await book(loft.id, { date: MONDAY, window: 'afternoon', itemIds: [a.id] })).body;
    const any = (await book(loft.id, { date: MONDAY, itemIds: [b.id] })).body;
    const morning = (await book(cedar.id, { date: MONDAY, window: 'morning', itemIds: [c.id] }, ben)).body;
    expect((await t.logistics.get(`/api/delivery-runs?date=${MONDAY}`, ada)).status).toBe(403);
    const proposal = (await t.logistics.get(`/api/delivery-runs?date=${MONDAY}`, admin)).body;
    const mine = proposal.stops.filter((s: { projectId: string }) => [loft.id, cedar.id].includes(s.projectId));
    expect(mine).toEqual([
      { projectId: cedar.id, projectName: 'Cedar House', address: '40 Dock Rd', window: 'morning', deliveryIds: [morning.id], itemCount: 1 },
      { projectId: loft.id, projectName: loft.name, address: '12 Harbour St', window: 'afternoon', deliveryIds: expect.arrayContaining([afternoon.id, any.id]), itemCount: 2 },
    ]);
    const other = await fixRun(FRIDAY, [morning.id]);
    expect([other.status, other.body.message]).toEqual([400, expect.stringMatching(`is for ${MONDAY}, not ${FRIDAY}`)]);
    expect((await fixRun(MONDAY, [morning.id], ada)).status).toBe(403);
    const run = await fixRun(MONDAY, [afternoon.id, any.id, morning.id]);
    expect(run.status).toBe(201);
    expect(run.body.deliveries.map((d: { status: string; runId: string }) => [d.status, d.runId])).toEqual(Array(3).fill(['scheduled', run.body.id]));
  }, 60_000);

  it('out and completed e-mail the owner, members and client; completion keeps the proof, delivers the items not excepted', async () => {
    const table = await t.heldItem(ada, loft.id, admin, { name: `Oak table ${randomUUID().slice(0, 4)}`, locationCode: SHELF });
    const chair = await t.heldItem(ada, loft.id, admin, { name: `Oak chair ${randomUUID().slice(0, 4)}`, locationCode: SHELF });
    const d = (await book(loft.id, { date: FRIDAY, itemIds: [table.id, chair.id] })).body;
    await t.loadRun(admin, (await fixRun(FRIDAY, [d.id])).body.id);
    expect((await out(d.id)).status).toBe(200);
    // This delivery's e-mails (the project had others): the ones naming its table.
    const to = (address: string, subject: string) => (m: SunkMail) => m.subject.startsWith(subject) && m.subject.includes(loft.name) && m.text.includes(table.name) && m.to.some((x) => x.address.toLowerCase() === address.toLowerCase());
    const outMail = await eventually(() => readMail(testEnv().mailUrl), (all) => [ada.email, member.email, clientEmail].every((e) => all.some(to(e, 'Out for delivery'))), 10_000);
    expect(outMail.some(to(ben.email, 'Out for delivery'))).toBe(false);
    // It links to the project's page on the platform's public address (PUBLIC_URL).
    const outToClient = outMail.find(to(clientEmail, 'Out for delivery'))!;
    expect(outToClient.text).toContain(`http://localhost:8080/projects/${loft.id}`);
    expect(outToClient.html).toContain(`href="http://localhost:8080/projects/${loft.id}"`);

    const events = await watchEvents('logistics.delivery.>');
    const photo = await photoOf(admin);
    const bad = await complete(d.id, { receivedBy: ' ', photoUrls: [photo] });
    expect([bad.status, bad.body.message]).toEqual([400, expect.stringMatching(/receivedBy is required/)]);
    expect((await complete(d.id, { receivedBy: 'J. Ellis', exceptions: [{ itemId: randomUUID(), note: 'x' }] })).status).toBe(400);
    expect((await complete(d.id, { receivedBy: 'J. Ellis', signature: 'data:image/png;base64,AAAA' })).status).toBe(400);
    expect((await get(d.id)).body.status).toBe('out-for-delivery');

    now = new Date('2026-06-05T15:00:00.000Z');
    const done = await complete(d.id, { receivedBy: 'J. Ellis', photoUrls: [photo], signature: SIGNATURE, exceptions: [{ itemId: chair.id, note: 'Leg cracked in the van' }] });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', receivedBy: 'J. Ellis', completedAt: '2026-06-05T15:00:00.000Z', photoUrls: [expect.stringMatching(/^\/api\/photos\//)], signatureUrl: expect.stringMatching(/^\/api\/photos\//) });
    expect(done.body.items.find((i: { itemId: string }) => i.itemId === chair.id).exception).toBe('Leg cracked in the van');
    const completed = await eventOf(events, 'logistics.delivery.completed.v1', d.id);
    expect(completed.data).toMatchObject({ deliveredItemIds: [table.id], exceptions: [{ itemId: chair.id, note: 'Leg cracked in the van' }], receivedBy: 'J. Ellis', changedAt: '2026-06-05T15:00:00.000Z' });
    await events.close();
    // The signature is an image in the object store, shown to the project's people.
    const sig = await fetch(`${t.logisticsService.url}${done.body.signatureUrl}`, { headers: ada.headers });
    expect([sig.status, sig.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await sig.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(`${t.logisticsService.url}${done.body.signatureUrl}`, { headers: ben.headers })).status).toBe(404);
    expect((await complete(d.id, { receivedBy: 'J. Ellis' })).status).toBe(409);

    // Catalog: the table is delivered as of the completion, the chair stays stored.
    const items = await eventually(
      async () => (await t.catalog.get(`/api/projects/${loft.id}`, ada)).body.items as { id: string; status: string; deliveredAt: string | null }[],
      (all) => all.find((i) => i.id === table.id)?.status === 'delivered',
      20_000,
    );
    expect(items.find((i) => i.id === table.id)!.deliveredAt).toBe('2026-06-05T15:00:00.000Z');
    expect(items.find((i) => i.id === chair.id)!.status).toBe('stored');
    // The client page lists the delivery (day, window, status, item names: no address notes, proof or prices) and its history.
    const token = (await t.catalog.post(`/api/projects/${loft.id}/share`, ada, {})).body.shareToken as string;
    const shared = await eventually(
      async () => (await t.catalog.get(`/api/shared/projects/${token}`, ANONYMOUS)).body as { deliveries: { date: string; status: string; items: { name: string }[] }[]; activities: { description: string }[] },
      (p) => p.deliveries.some((x) => x.status === 'completed' && x.items.some((i) => i.name === table.name)),
      10_000,
    );
    const listed = shared.deliveries.find((x) => x.status === 'completed' && x.items.some((i) => i.name === table.name))!;
    expect(listed).toEqual({ date: FRIDAY, window: 'any', status: 'completed', items: expect.arrayContaining([{ name: table.name }, { name: chair.name }]) });
    expect(JSON.stringify(shared.deliveries)).not.toMatch(/J\. Ellis|Leg cracked|signature|price/);
    // Its history says where it went, never who received it (the proof of delivery is the team's).
    expect(shared.activities.map((a) => a.description)).toEqual(expect.arrayContaining(['Delivered to 12 Harbour St', 'Delivery booked for Jun 5']));
    expect(JSON.stringify(shared)).not.toMatch(/J\. Ellis/);
    // The designer's history names who received it, and the item timeline says why the chair stayed.
    const history = (await t.catalog.get('/api/activities?limit=100', ada)).body as { description: string }[];
    expect(history.map((a) => a.description)).toEqual(expect.arrayContaining(['Delivered to 12 Harbour St, received by J. Ellis', `Not delivered: "${chair.name}" — Leg cracked in the van`, `Out for delivery: "${table.name}"`]));

    const inbox = await eventually(() => readMail(testEnv().mailUrl), (all) => [ada.email, member.email, clientEmail].every((e) => all.some(to(e, 'Delivered'))), 10_000);
    const mail = inbox.find(to(clientEmail, 'Delivered'))!;
    for (const body of [mail.text, mail.html!]) {
      expect(body).toContain('12 Harbour St');
      expect(body).toContain('J. Ellis');
      expect(body).toContain('Leg cracked in the van');
      expect(body).toContain(`http://localhost:8080/projects/${loft.id}`);
    }
    const link = /Photo 1: (\S+)/.exec(mail.text)![1]!;
    const path = link.slice(link.indexOf('/api/'));
    const opened = await fetch(`${t.logisticsService.url}${path}`);
    expect([opened.status, opened.headers.get('content-type')]).toEqual([200, 'image/png']);
    now = new Date('2026-06-12T15:00:01.000Z');
    expect((await fetch(`${t.logisticsService.url}${path}`)).status).toBe(410);
    now = new Date('2026-06-03T08:00:00.000Z');
  }, 90_000);
});
