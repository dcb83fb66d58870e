import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@midway/contracts';
import { announceUser, serviceClient } from '@midway/testing';
import { actor, eventually, usePlatform, watchEvents } from './logistics-harness';

/**
 * Custody against a real catalog, NATS and Postgres: locations and their labels, pieces arriving over several
 * scans, put-away and move scans (a repeated or parallel scan has one effect), find, the custody view and timeline
 * (designers of the project see it without staff notes, others get 404), release, and a delivery's completion ending
 * custody. Logistics' clock starts Wednesday 3 June 2026 and moves a second per reading, so timeline lines keep
 * their order.
 */
let tick = Date.parse('2026-06-03T08:00:00.000Z');
const t = usePlatform({ objectStore: true, clock: () => new Date((tick += 1000)) });

const admin = actor('midway_admin');
const ada = actor();
const grace = actor();
let loft: { id: string; name: string };
const suffix = () => randomUUID().slice(0, 6).toUpperCase();

beforeAll(async () => {
  await announceUser(ada, 'Ada', 'Lovelace');
  await announceUser(grace, 'Grace', 'Hopper');
  loft = await t.project(ada, { name: `Custody Loft ${suffix()}`, location: '12 Harbour St', clientName: `Jordan Park ${suffix()}` });
}, 60_000);

async function location(code = `CU-${suffix()}`, kind = 'bin'): Promise<{ id: string; code: string }> {
  const res = await t.logistics.post('/api/warehouse/locations', admin, { code, name: `Bay ${code}`, kind });
  expect(res.status).toBe(201);
  return res.body;
}

/** An item of Ada's that logistics has heard of (with its expected pieces). */
async function item(name: string, extra: Record<string, unknown> = {}): Promise<{ id: string; name: string }> {
  const made = await t.item(ada, loft.id, { name, ...extra });
  const pieces = (extra.pieces as number | undefined) ?? 1;
  await eventually(() => t.logisticsService.db.$queryRaw<{ pieces: number }[]>`SELECT pieces FROM items WHERE id = ${made.id}::uuid`, (r) => r[0]?.pieces === pieces, 20_000);
  return made;
}

const tracking = () => `1Z${randomUUID().replace(/-/g, '').slice(0, 14).toUpperCase()}`;
async function arrived(name: string, extra: Record<string, unknown> = {}, arrival: Record<string, unknown> = {}) {
  const made = await item(name, extra);
  const res = await t.logistics.post('/api/receiving/arrivals', admin, { code: tracking(), itemId: made.id, ...arrival });
  expect(res.status).toBe(201);
  return made;
}

const move = (body: Record<string, unknown>, who = admin) => t.logistics.post('/api/warehouse/moves', who, body);
const view = (itemId: string, who = admin) => t.logistics.get(`/api/warehouse/items/${itemId}`, who);
const timeline = (itemId: string, who = admin) => t.logistics.get(`/api/warehouse/items/${itemId}/timeline`, who);
const lines = (itemId: string, kind: string) =>
  t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM custody_events WHERE item_id = ${itemId}::uuid AND kind = ${kind}`.then((r) => r[0]!.n);
const eventsOf = (w: { seen: EventEnvelope[] }, type: string, itemId: string) => w.seen.filter((e) => e.type === type && (e.data as { itemId?: string }).itemId === itemId);
/** Waits until the relay has published what was committed (the outbox is empty of the item's events). */
const published = () => eventually(() => t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL`, (r) => r[0]!.n === 0, 20_000);

/** Logistics answering with bytes as they came (a PDF), for the labels. */
const raw = serviceClient(() => t.logisticsService.url, { body: 'by-type' });
const pdf = (path: string, who = admin) => raw.get(path, who);

/** A PDF's pages and their size (MediaBox), read from its bytes (pdfkit writes them uncompressed). */
function pdfPages(body: Buffer): { pages: number; boxes: string[] } {
  const text = body.toString('latin1');
  return { pages: (text.match(/\/Type \/Page\b/g) ?? []).length, boxes: [...new Set(text.match(/\/MediaBox \[[^\]]+\]/g) ?? [])] };
}

describe('locations', () => {
  it('are created by code (trimmed, upper-cased), listed by code with the items there, and a taken code is a 409 naming it', async () => {
    const code = `Z${suffix()}`;
    const made = await t.logistics.post('/api/warehouse/locations', admin, { code: ` ${code.toLowerCase()}-1 `, name: 'Floor zone Z', kind: 'floor' });
    expect([made.status, made.body]).toEqual([201, expect.objectContaining({ code: `${code}-1`, name: 'Floor zone Z', kind: 'floor', itemCount: 0 })]);
    const again = await t.logistics.post('/api/warehouse/locations', admin, { code: `${code}-1`, name: 'Another', kind: 'bin' });
    expect([again.status, again.body.message]).toEqual([409, expect.stringContaining(`A location with code ${code}-1 exists already`)]);

    const before = await location(`A${suffix()}`);
    const list = await t.logistics.get('/api/warehouse/locations', admin);
    expect(list.status).toBe(200);
    const codes = list.body.map((l: { code: string }) => l.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toEqual(expect.arrayContaining([before.code, `${code}-1`]));
  });

  it('of one code created at once: exactly one is made, the others are told it exists', async () => {
    const code = `P${suffix()}`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.logistics.post('/api/warehouse/locations', admin, { code, name: 'Race bay', kind: 'bin' })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect((await t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM locations WHERE code = ${code}`)[0]!.n).toBe(1);
  });

  it('print a 4×6 in label', async () => {
    const bay = await location();
    const res = await pdf(`/api/warehouse/locations/${bay.id}/label.pdf`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPages(res.body)).toEqual({ pages: 1, boxes: ['/MediaBox [0 0 288 432]'] });
  });
});

describe('pieces and labels', () => {
  it('an item’s labels are one 4×6 in page per expected piece', async () => {
    const sofa = await item(`Sofa ${suffix()}`, { pieces: 3, roomLocation: 'Living room' });
    const res = await pdf(`/api/warehouse/items/${sofa.id}/label.pdf`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(pdfPages(res.body)).toEqual({ pages: 3, boxes: ['/MediaBox [0 0 288 432]'] });
  });

  it('arrive over several scans: "2 of 3 pieces" on the desk’s lists and the item until the last comes; after that a scan changes nothing', async () => {
    const sofa = await item(`Sectional ${suffix()}`, { pieces: 3 });
    const events = await watchEvents('logistics.item.arrived.v1');
    const code = tracking();
    const first = await t.logistics.post('/api/receiving/arrivals', admin, { code, itemId: sofa.id, pieces: 2 });
    expect([first.status, first.body]).toEqual([201, expect.objectContaining({ pieces: 2, piecesReceived: 2, piecesExpected: 3, piecesFlag: '2 of 3 pieces' })]);
    expect((await view(sofa.id)).body).toMatchObject({ state: 'received', piecesReceived: 2, piecesExpected: 3, piecesFlag: '2 of 3 pieces' });
    const queue = await t.logistics.get('/api/receiving/inspections?status=pending', admin);
    expect(queue.body.find((e: { itemId: string }) => e.itemId === sofa.id)).toMatchObject({ piecesFlag: '2 of 3 pieces' });

    const rest = await t.logistics.post('/api/receiving/arrivals', admin, { code, itemId: sofa.id });
    expect([rest.status, rest.body]).toEqual([200, expect.objectContaining({ id: first.body.id, piecesReceived: 3, piecesFlag: null })]);
    const repeat = await t.logistics.post('/api/receiving/arrivals', admin, { code, itemId: sofa.id });
    expect([repeat.status, repeat.body.piecesReceived]).toEqual([200, 3]);
    expect(await lines(sofa.id, 'arrived')).toBe(2);

    await eventually(async () => eventsOf(events, 'logistics.item.arrived.v1', sofa.id), (e) => e.length === 2, 10_000);
    expect(eventsOf(events, 'logistics.item.arrived.v1', sofa.id).map((e) => e.data)).toEqual([
      expect.objectContaining({ arrivalId: first.body.id, pieces: 2, piecesReceived: 2, piecesExpected: 3 }),
      expect.objectContaining({ arrivalId: first.body.id, pieces: 1, piecesReceived: 3, piecesExpected: 3, arrivedAt: first.body.arrivedAt }),
    ]);
    await published();
    events.close();
  });
});

describe('put-away and moves', () => {
  it('put an arrived item away, then move it, each kept with who, when, from and to, and published', async () => {
    const [a, b] = [await location(), await location()];
    const lamp = await arrived(`Lamp ${suffix()}`);
    await published(); // the arrival's own event is out before watching
    const events = await watchEvents('logistics.item.>');

    const put = await move({ code: `${lamp.id}/1`, locationCode: a.code.toLowerCase() });
    expect([put.status, put.body]).toEqual([200, expect.objectContaining({ itemId: lamp.id, inCustody: true, state: 'stored', status: 'stored', location: expect.objectContaining({ code: a.code }) })]);
    const moved = await move({ itemId: lamp.id, locationCode: b.code });
    expect([moved.status, moved.body.location.code]).toEqual([200, b.code]);

    await eventually(async () => events.seen.filter((e) => (e.data as { itemId?: string }).itemId === lamp.id && /put-away|moved/.test(e.type)), (e) => e.length === 2, 10_000);
    expect(eventsOf(events, 'logistics.item.put-away.v1', lamp.id).map((e) => e.data)).toEqual([
      expect.objectContaining({ locationId: a.id, locationCode: a.code, fromLocationCode: null, projectId: loft.id, byUserId: admin.userId }),
    ]);
    expect(eventsOf(events, 'logistics.item.moved.v1', lamp.id).map((e) => e.data)).toEqual([expect.objectContaining({ locationCode: b.code, fromLocationCode: a.code })]);
    const line = (await timeline(lamp.id)).body.map((l: { kind: string; fromLocationCode: string | null; toLocationCode: string | null }) => [l.kind, l.fromLocationCode, l.toLocationCode]);
    expect(line).toEqual([
      ['arrived', null, null],
      ['put-away', null, a.code],
      ['moved', a.code, b.code],
    ]);
    expect((await t.logistics.get('/api/warehouse/locations', admin)).body.find((l: { id: string }) => l.id === b.id).itemCount).toBe(1);
    events.close();
  });

  it('scanned again where it is, or by several scanners at once, has one effect', async () => {
    const shelf = await location();
    const rug = await arrived(`Rug ${suffix()}`);
    // The arrival's own event is out before watching: only what the scans publish is counted.
    await published();
    const events = await watchEvents('logistics.item.>');
    const answers = await Promise.all(Array.from({ length: 8 }, () => move({ itemId: rug.id, locationCode: shelf.code })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.every((a) => a.body.location?.code === shelf.code)).toBe(true);
    expect(await lines(rug.id, 'put-away')).toBe(1);
    expect(await lines(rug.id, 'moved')).toBe(0);
    expect((await move({ code: rug.id, locationCode: shelf.code })).status).toBe(200);
    expect(await lines(rug.id, 'put-away')).toBe(1);
    await published();
    expect(events.seen.filter((e) => (e.data as { itemId?: string }).itemId === rug.id).map((e) => e.type)).toEqual(['logistics.item.put-away.v1']);
    events.close();
  });

  it('refuses an unknown location and an item not in custody with a 400 naming them', async () => {
    const shelf = await location();
    const waiting = await item(`Chair ${suffix()}`);
    const unknown = await move({ itemId: waiting.id, locationCode: 'NO-SUCH-PLACE' });
    expect([unknown.status, unknown.body.message]).toEqual([400, expect.stringContaining('There is no location NO-SUCH-PLACE')]);
    const notHeld = await move({ itemId: waiting.id, locationCode: shelf.code });
    expect([notHeld.status, notHeld.body.message]).toEqual([400, expect.stringContaining(`“${waiting.name}” is not in the warehouse’s custody`)]);
    expect(await lines(waiting.id, 'put-away')).toBe(0);
  });
});

describe('find, custody view and timeline', () => {
  it('finds items in custody by name, client or tracking number, with their place, a page at a time', async () => {
    const shelf = await location();
    const tag = suffix();
    const found: { id: string; name: string }[] = [];
    for (let i = 0; i < 3; i++) found.push(await arrived(`Findable ${tag} ${i}`));
    await move({ itemId: found[0]!.id, locationCode: shelf.code });
    await item(`Findable ${tag} not arrived`);

    const first = await t.logistics.get(`/api/warehouse/items?q=${encodeURIComponent(`findable ${tag.toLowerCase()}`)}&limit=2`, admin);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    const next = first.headers.get('x-next-cursor');
    expect(next).toEqual(expect.any(String));
    const second = await t.logistics.get(`/api/warehouse/items?q=${encodeURIComponent(`Findable ${tag}`)}&limit=2&cursor=${next}`, admin);
    expect(second.body).toHaveLength(1);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    const all = [...first.body, ...second.body];
    expect(all.map((i: { itemId: string }) => i.itemId).sort()).toEqual(found.map((f) => f.id).sort());
    expect(all.find((i: { itemId: string }) => i.itemId === found[0]!.id).location.code).toBe(shelf.code);

    const byClient = await t.logistics.get(`/api/warehouse/items?q=${encodeURIComponent((await t.catalog.get(`/api/projects/${loft.id}`, ada)).body.clientName)}&limit=200`, admin);
    expect(byClient.body.map((i: { itemId: string }) => i.itemId)).toEqual(expect.arrayContaining(found.map((f) => f.id)));

    const bad = await t.logistics.get('/api/warehouse/items?cursor=bm9wZQ', admin);
    expect([bad.status, bad.body.message]).toEqual([400, 'cursor is not valid: start again without it']);
  });

  it('shows the item’s custody and timeline to its project’s designers without staff notes; to others it is not found', async () => {
    const vase = await arrived(`Vase ${suffix()}`, {}, { notes: 'box dented at the corner' });
    const staff = await timeline(vase.id);
    expect(staff.body[0]).toMatchObject({ kind: 'arrived', staffNote: 'box dented at the corner', byName: expect.any(String) });

    const own = await timeline(vase.id, ada);
    expect(own.status).toBe(200);
    expect(own.body[0].kind).toBe('arrived');
    expect(own.body[0]).not.toHaveProperty('staffNote');
    expect((await view(vase.id, ada)).body).toMatchObject({ itemId: vase.id, inCustody: true, state: 'received' });

    for (const res of [await view(vase.id, grace), await timeline(vase.id, grace)]) expect([res.status, res.body.error]).toEqual([404, 'not_found']);
    const missing = await view(randomUUID(), admin);
    expect(missing.status).toBe(404);
  });
});

describe('release', () => {
  it('ends custody once: a second release, even at once, is a 409 saying when', async () => {
    const shelf = await location();
    const chair = await arrived(`Armchair ${suffix()}`);
    await move({ itemId: chair.id, locationCode: shelf.code });
    const events = await watchEvents('logistics.item.released.v1');
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.logistics.post(`/api/warehouse/items/${chair.id}/release`, admin, { reason: 'picked-up', receivedBy: 'Jordan Park' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const ok = answers.find((a) => a.status === 200)!;
    expect(ok.body).toMatchObject({ inCustody: false, state: null, location: null, end: 'picked-up', endedAt: expect.any(String), status: 'delivered' });
    expect(answers.find((a) => a.status === 409)!.body.message).toMatch(/was already released \(picked up\) on 2026-06-0\d: nothing to release/);
    expect(await lines(chair.id, 'released')).toBe(1);
    await eventually(async () => eventsOf(events, 'logistics.item.released.v1', chair.id), (e) => e.length === 1, 10_000);
    expect(eventsOf(events, 'logistics.item.released.v1', chair.id)[0]!.data).toMatchObject({ reason: 'picked-up', receivedBy: 'Jordan Park', projectId: loft.id });
    expect((await t.logistics.get('/api/warehouse/locations', admin)).body.find((l: { id: string }) => l.id === shelf.id).itemCount).toBe(0);
    // Released items are not found among those in custody, and cannot be put away again.
    expect((await move({ itemId: chair.id, locationCode: shelf.code })).status).toBe(400);
    await published();
    expect(eventsOf(events, 'logistics.item.released.v1', chair.id)).toHaveLength(1);
    events.close();
  });

  it('keeps the signature drawn on release, for staff on the timeline and for the project’s people as a photo', async () => {
    const mirror = await arrived(`Mirror ${suffix()}`);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const notPng = await t.logistics.post(`/api/warehouse/items/${mirror.id}/release`, admin, { reason: 'picked-up', receivedBy: 'Jordan Park', signature: `data:image/png;base64,${Buffer.alloc(64, 7).toString('base64')}` });
    expect([notPng.status, notPng.body.message]).toEqual([400, 'signature must be a PNG image drawn on the signature pad']);
    expect((await view(mirror.id)).body.inCustody).toBe(true);

    const released = await t.logistics.post(`/api/warehouse/items/${mirror.id}/release`, admin, { reason: 'picked-up', receivedBy: 'Jordan Park', signature: `data:image/png;base64,${png.toString('base64')}` });
    expect(released.status).toBe(200);
    const line = (await timeline(mirror.id)).body.at(-1);
    expect(line).toMatchObject({ kind: 'released', reason: 'picked-up: received by Jordan Park', staffNote: expect.stringMatching(/^Signed: \/api\/photos\/[0-9a-f-]{36}$/) });
    const path = line.staffNote.slice('Signed: '.length);
    for (const who of [admin, ada]) {
      const photo = await raw.get(path, who);
      expect([photo.status, photo.headers.get('content-type'), Buffer.compare(photo.body, png)]).toEqual([200, 'image/png', 0]);
    }
    expect((await raw.get(path, grace)).status).toBe(404);
    expect((await timeline(mirror.id, ada)).body.at(-1)).not.toHaveProperty('staffNote');
  });

  it('of an item that never arrived is a 409', async () => {
    const waiting = await item(`Desk ${suffix()}`);
    const res = await t.logistics.post(`/api/warehouse/items/${waiting.id}/release`, admin, { reason: 'returned-to-vendor', receivedBy: 'Vendor driver' });
    expect([res.status, res.body.message]).toEqual([409, expect.stringContaining('has not arrived')]);
  });
});

describe('a delivery’s completion', () => {
  it('ends the delivered items’ custody; an item that came back keeps its place, with the note on its timeline', async () => {
    const shelf = await location();
    const table = await arrived(`Table ${suffix()}`);
    const bench = await arrived(`Bench ${suffix()}`);
    for (const i of [table, bench]) expect((await move({ itemId: i.id, locationCode: shelf.code })).status).toBe(200);
    const booked = await t.logistics.post(`/api/projects/${loft.id}/deliveries`, ada, { date: '2026-06-05', itemIds: [table.id, bench.id] });
    expect(booked.status).toBe(201);
    const run = await t.logistics.post('/api/delivery-runs', admin, { date: '2026-06-05', deliveryIds: [booked.body.id] });
    expect(run.status).toBe(201);
    for (const i of [table, bench]) expect((await t.logistics.post(`/api/delivery-runs/${run.body.id}/load`, admin, { itemId: i.id })).status).toBe(200);
    expect((await t.logistics.post(`/api/deliveries/${booked.body.id}/out`, admin, {})).status).toBe(200);
    const done = await t.logistics.post(`/api/deliveries/${booked.body.id}/complete`, admin, {
      receivedBy: 'Jordan Park',
      earlyReason: 'Client asked for it early',
      exceptions: [{ itemId: bench.id, note: 'client refused: wrong finish' }],
    });
    expect(done.status).toBe(200);

    expect((await view(table.id)).body).toMatchObject({ inCustody: false, state: null, location: null, end: 'delivered', endedAt: expect.any(String), status: 'delivered' });
    expect((await timeline(table.id)).body.at(-1)).toMatchObject({ kind: 'delivered', deliveryId: booked.body.id, runId: run.body.id });
    expect((await view(bench.id)).body).toMatchObject({ inCustody: true, state: 'stored', location: expect.objectContaining({ code: shelf.code }), end: null });
    const benchLines = (await timeline(bench.id, ada)).body;
    expect(benchLines.at(-1)).toMatchObject({ kind: 'left-behind', reason: 'Not delivered: client refused: wrong finish', deliveryId: booked.body.id });
    // The delivered table is no longer found among items in custody; the bench is.
    const found = (await t.logistics.get(`/api/warehouse/items?q=${encodeURIComponent(bench.name)}`, admin)).body;
    expect(found.map((i: { itemId: string }) => i.itemId)).toEqual([bench.id]);
    expect((await t.logistics.get(`/api/warehouse/items?q=${encodeURIComponent(table.name)}`, admin)).body).toEqual([]);
  });
});
