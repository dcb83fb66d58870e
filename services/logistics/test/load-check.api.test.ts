import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@midway/contracts';
import { announceUser } from '@midway/testing';
import { actor, eventually, usePlatform, watchEvents, type Actor } from './logistics-harness';

/**
 * A delivery run's pick list and load check against a real catalog, NATS and Postgres: items arrive at the desk,
 * are put away by scan, booked, picked in location order, scanned onto the truck piece by piece (or left behind
 * with why), and only then does the delivery go out. Logistics' clock: Wednesday 3 June 2026.
 */
const now = new Date('2026-06-03T08:00:00.000Z');
const t = usePlatform({ clock: () => new Date(now) });

const admin = actor('midway_admin');
const ada = actor();
const FRIDAY = '2026-06-05';
let loft: { id: string; name: string };
const code = () => `LC-${randomUUID().slice(0, 8).toUpperCase()}`;

beforeAll(async () => {
  await announceUser(ada, 'Ada', 'Lovelace');
  loft = await t.project(ada, { name: `Load Loft ${randomUUID().slice(0, 4)}`, location: '12 Harbour St', clientName: 'Jordan Park' });
}, 60_000);

async function location(locationCode = code()): Promise<string> {
  const res = await t.logistics.post('/api/warehouse/locations', admin, { code: locationCode, name: `Bay ${locationCode}`, kind: 'bin' });
  expect(res.status).toBe(201);
  return locationCode;
}

/**
 * An item of Ada's that arrived at the desk with all its pieces, in logistics' custody, and (given a location) put
 * away there by scan.
 */
async function inCustody(name: string, opts: { pieces?: number; at?: string } = {}): Promise<{ id: string; name: string }> {
  const pieces = opts.pieces ?? 1;
  const item = await t.item(ada, loft.id, { name, pieces });
  await eventually(() => t.logisticsService.db.$queryRaw<{ pieces: number }[]>`SELECT pieces FROM items WHERE id = ${item.id}::uuid`, (r) => r[0]?.pieces === pieces, 20_000);
  const arrived = await t.logistics.post('/api/receiving/arrivals', admin, { code: `1Z${randomUUID().slice(0, 12).toUpperCase()}`, itemId: item.id, pieces });
  expect(arrived.status).toBe(201);
  if (opts.at) expect((await t.logistics.post('/api/warehouse/moves', admin, { itemId: item.id, locationCode: opts.at })).status).toBe(200);
  return item;
}

/** A delivery of the items, booked by Ada for Friday and fixed on a run of its own. */
async function onRun(itemIds: string[]): Promise<{ runId: string; deliveryId: string }> {
  const booked = await t.logistics.post(`/api/projects/${loft.id}/deliveries`, ada, { date: FRIDAY, itemIds });
  expect(booked.status).toBe(201);
  const run = await t.logistics.post('/api/delivery-runs', admin, { date: FRIDAY, deliveryIds: [booked.body.id] });
  expect(run.status).toBe(201);
  return { runId: run.body.id, deliveryId: booked.body.id };
}

const load = (runId: string, body: Record<string, unknown>, who: Actor = admin) => t.logistics.post(`/api/delivery-runs/${runId}/load`, who, body);
const leaveBehind = (runId: string, body: Record<string, unknown>, who: Actor = admin) => t.logistics.post(`/api/delivery-runs/${runId}/left-behind`, who, body);
const out = (deliveryId: string) => t.logistics.post(`/api/deliveries/${deliveryId}/out`, admin, {});
const custodyEvents = (itemId: string) =>
  t.logisticsService.db.$queryRaw<{ kind: string; piece: number | null; reason: string | null; runId: string | null }[]>`
    SELECT kind, piece, reason, run_id AS "runId" FROM custody_events WHERE item_id = ${itemId}::uuid AND kind IN ('loaded', 'left-behind', 'out-for-delivery') ORDER BY at, kind, piece`;
const eventsOf = (w: { seen: EventEnvelope[] }, type: string, itemId: string) => w.seen.filter((e) => e.type === type && (e.data as { itemId?: string }).itemId === itemId);

describe('pick list', () => {
  it('lists each item of the run with its place, in location order (code, then name), as JSON and as a PDF', async () => {
    const [a, b] = [await location(`A-${randomUUID().slice(0, 4).toUpperCase()}`), await location(`B-${randomUUID().slice(0, 4).toUpperCase()}`)];
    const zebra = await inCustody('Zebra rug', { at: a });
    const apple = await inCustody('Apple crate', { at: b });
    const mirror = await inCustody('Mirror', { at: a, pieces: 2 });
    const loose = await inCustody('Loose lamp');
    const { runId } = await onRun([zebra.id, apple.id, mirror.id, loose.id]);

    const res = await t.logistics.get(`/api/delivery-runs/${runId}/pick-list`, admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ runId, date: FRIDAY });
    // A's items by name, then B's, then the item with no place yet.
    expect(res.body.items.map((i: { itemName: string; location: { code: string } | null }) => [i.location?.code ?? null, i.itemName])).toEqual([
      [a, 'Mirror'],
      [a, 'Zebra rug'],
      [b, 'Apple crate'],
      [null, 'Loose lamp'],
    ]);
    expect(res.body.items[0]).toMatchObject({ piecesExpected: 2, piecesReceived: 2, loadedPieces: [], leftBehindReason: null, projectName: loft.name, clientName: 'Jordan Park', designerName: 'Ada Lovelace' });

    const pdf = await fetch(`${t.logisticsService.url}/api/delivery-runs/${runId}/pick-list.pdf`, { headers: admin.headers });
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    expect((await t.logistics.get(`/api/delivery-runs/${runId}/pick-list`, ada)).status).toBe(403);
    const unknown = await t.logistics.get(`/api/delivery-runs/${randomUUID()}/pick-list`, admin);
    expect([unknown.status, unknown.body.message]).toEqual([404, expect.stringMatching(/Delivery run not found/)]);
  }, 120_000);
});

describe('load check', () => {
  it('a delivery goes out only when each item is fully loaded or left behind; the 409 names the rest', async () => {
    const shelf = await location();
    const sofa = await inCustody(`Sofa ${randomUUID().slice(0, 4)}`, { pieces: 3, at: shelf });
    const table = await inCustody(`Table ${randomUUID().slice(0, 4)}`, { at: shelf });
    const lamp = await inCustody(`Lamp ${randomUUID().slice(0, 4)}`, { at: shelf });
    const { runId, deliveryId } = await onRun([sofa.id, table.id, lamp.id]);
    const events = await watchEvents('logistics.item.>');

    // Nothing loaded: all three named.
    let refused = await out(deliveryId);
    expect([refused.status, refused.body.message]).toEqual([409, expect.stringContaining('These items are not on the truck')]);
    for (const i of [sofa, table, lamp]) expect(refused.body.message).toContain(`“${i.name}” (not loaded)`);

    // Scans: by label code (item/piece), by id and piece, by a bare id for a one-piece item.
    expect((await load(runId, { code: `${sofa.id}/1` })).status).toBe(200);
    expect((await load(runId, { itemId: sofa.id, piece: 2 })).status).toBe(200);
    const bare = await load(runId, { itemId: table.id });
    expect(bare.status).toBe(200);
    expect(bare.body.items.find((i: { itemId: string }) => i.itemId === table.id)).toMatchObject({ loadedPieces: [1], ready: true });
    // A bare id of an item of several pieces does not say which piece.
    const which = await load(runId, { itemId: sofa.id });
    expect([which.status, which.body.message]).toEqual([400, expect.stringMatching(/comes in 3 pieces: scan the label of the piece/)]);

    refused = await out(deliveryId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`“${sofa.name}” (2 of 3 pieces loaded)`);
    expect(refused.body.message).toContain(`“${lamp.name}” (not loaded)`);
    expect(refused.body.message).not.toContain(table.name);
    expect((await t.logistics.get(`/api/deliveries/${deliveryId}`, admin)).body.status).toBe('scheduled');

    // The lamp stays behind with why; the last piece of the sofa goes on: the delivery goes out.
    const left = await leaveBehind(runId, { itemId: lamp.id, reason: 'shade cracked' });
    expect(left.status).toBe(200);
    expect(left.body.items.find((i: { itemId: string }) => i.itemId === lamp.id)).toMatchObject({ leftBehindReason: 'shade cracked', ready: true });
    expect((await load(runId, { code: `${sofa.id}/3` })).status).toBe(200);
    const gone = await out(deliveryId);
    expect([gone.status, gone.body.status]).toEqual([200, 'out-for-delivery']);

    // Custody: each loaded piece is a timeline line and an event; the left-behind item too; out, once per item that went.
    expect(await custodyEvents(sofa.id)).toEqual([
      { kind: 'loaded', piece: 1, reason: null, runId },
      { kind: 'loaded', piece: 2, reason: null, runId },
      { kind: 'loaded', piece: 3, reason: null, runId },
      { kind: 'out-for-delivery', piece: null, reason: null, runId },
    ]);
    expect(await custodyEvents(lamp.id)).toEqual([{ kind: 'left-behind', piece: null, reason: 'shade cracked', runId }]);
    const state = await t.logisticsService.db.$queryRaw<{ id: string; state: string }[]>`SELECT id, custody_state AS state FROM items WHERE id IN (${sofa.id}::uuid, ${lamp.id}::uuid)`;
    expect(Object.fromEntries(state.map((s) => [s.id, s.state]))).toEqual({ [sofa.id]: 'out', [lamp.id]: 'stored' });
    await eventually(async () => eventsOf(events, 'logistics.item.loaded.v1', sofa.id), (l) => l.length === 3, 10_000);
    const [leftEvent] = await eventually(async () => eventsOf(events, 'logistics.item.left-behind.v1', lamp.id), (l) => l.length === 1, 10_000);
    expect(leftEvent!.data).toMatchObject({ runId, deliveryId, reason: 'shade cracked', projectId: loft.id, byUserId: admin.userId, at: now.toISOString() });
    await events.close();

    // Out: the load check is over.
    const late = await load(runId, { itemId: lamp.id });
    expect([late.status, late.body.message]).toEqual([409, expect.stringMatching(/delivery is out-for-delivery: its load check is over/)]);

    // The completion records the left-behind item as an exception with its reason; it stays in custody, not delivered.
    const done = await t.logistics.post(`/api/deliveries/${deliveryId}/complete`, admin, { receivedBy: 'J. Ellis', earlyReason: 'Client asked for it early' });
    expect(done.status).toBe(200);
    expect(done.body.items.find((i: { itemId: string }) => i.itemId === lamp.id).exception).toBe('left behind: shade cracked');
    expect(done.body.items.find((i: { itemId: string }) => i.itemId === sofa.id).exception).toBeNull();
  }, 180_000);

  it('refuses a scan of an item not on the run, a piece that is not there, and an item not in custody, naming them', async () => {
    const shelf = await location();
    const chair = await inCustody(`Chair ${randomUUID().slice(0, 4)}`, { pieces: 2, at: shelf });
    const stranger = await inCustody(`Stranger ${randomUUID().slice(0, 4)}`, { at: shelf });
    const { runId, deliveryId } = await onRun([chair.id]);

    const notOn = await load(runId, { itemId: stranger.id });
    expect([notOn.status, notOn.body.message]).toEqual([400, `“${stranger.name}” is not on this run: take it back to its place (or book it on a delivery first).`]);
    const noPiece = await load(runId, { code: `${chair.id}/3` });
    expect([noPiece.status, noPiece.body.message]).toEqual([400, `“${chair.name}” has 2 pieces: there is no piece 3`]);
    expect((await load(randomUUID(), { itemId: chair.id })).status).toBe(404);
    expect((await leaveBehind(runId, { itemId: stranger.id, reason: 'x' })).status).toBe(400);
    expect((await load(runId, { itemId: chair.id, piece: 1 }, ada)).status).toBe(403);
    expect((await leaveBehind(runId, { itemId: chair.id, reason: 'x' }, ada)).status).toBe(403);
    // Nothing happened to the chair.
    expect(await custodyEvents(chair.id)).toEqual([]);
    // Left behind, the chair was the delivery's only item: nothing of it would be on the truck.
    expect((await leaveBehind(runId, { itemId: chair.id, reason: 'arm loose' })).status).toBe(200);
    const empty = await out(deliveryId);
    expect([empty.status, empty.body.message]).toEqual([409, expect.stringMatching(/^Every item of this delivery is left behind/)]);

    // An item whose status is a designer's label only (never arrived): the booking refuses it (#40)…
    const label = await t.item(ada, loft.id, { name: `Label only ${randomUUID().slice(0, 4)}`, status: 'stored' });
    await eventually(() => t.logisticsService.db.$queryRaw<{ status: string }[]>`SELECT status FROM items WHERE id = ${label.id}::uuid`, (r) => r[0]?.status === 'stored', 20_000);
    const refused = await t.logistics.post(`/api/projects/${loft.id}/deliveries`, ada, { date: FRIDAY, itemIds: [label.id] });
    expect([refused.status, refused.body.message]).toEqual([400, expect.stringMatching(/is not at the warehouse \(marked stored, but it has not arrived\)/)]);
    // …and on a delivery booked before bookings asked for custody (an older row), nothing can put it on the truck.
    const { runId: olderRun, deliveryId: older } = await onRun([(await inCustody(`Older ${randomUUID().slice(0, 4)}`, { at: shelf })).id]);
    await t.logisticsService.db.$executeRaw`INSERT INTO delivery_items (delivery_id, item_id, open) VALUES (${older}::uuid, ${label.id}::uuid, true)`;
    const res = await load(olderRun, { itemId: label.id });
    expect([res.status, res.body.message]).toEqual([400, expect.stringMatching(/not in the warehouse's custody: record its arrival/)]);
  }, 120_000);

  it('a cancelled delivery’s items come off the truck: back on their shelf, free for another run', async () => {
    const shelf = await location();
    const bench = await inCustody(`Bench ${randomUUID().slice(0, 4)}`, { at: shelf });
    const { runId, deliveryId } = await onRun([bench.id]);
    expect((await load(runId, { itemId: bench.id })).status).toBe(200);
    const state = async () =>
      (await t.logisticsService.db.$queryRaw<{ state: string; loads: number }[]>`
        SELECT custody_state AS state, (SELECT count(*)::int FROM run_loads WHERE item_id = ${bench.id}::uuid) AS loads FROM items WHERE id = ${bench.id}::uuid`)[0];
    expect(await state()).toEqual({ state: 'loaded', loads: 1 });
    expect((await t.logistics.post(`/api/deliveries/${deliveryId}/cancel`, ada, {})).status).toBe(200);
    expect(await state()).toEqual({ state: 'stored', loads: 0 });
    // Booked again and on another run, it loads as any item on its shelf does.
    const again = await onRun([bench.id]);
    expect((await load(again.runId, { itemId: bench.id })).status).toBe(200);
    expect((await out(again.deliveryId)).status).toBe(200);
  }, 120_000);

  it('an item scanned off the truck onto a shelf is not loaded any more', async () => {
    const [shelf, other] = [await location(), await location()];
    const cabinet = await inCustody(`Cabinet ${randomUUID().slice(0, 4)}`, { pieces: 2, at: shelf });
    const { runId, deliveryId } = await onRun([cabinet.id]);
    for (const piece of [1, 2]) expect((await load(runId, { code: `${cabinet.id}/${piece}` })).status).toBe(200);
    // Staff take it off the truck and put it on another shelf.
    expect((await t.logistics.post('/api/warehouse/moves', admin, { itemId: cabinet.id, locationCode: other })).status).toBe(200);
    const list = await t.logistics.get(`/api/delivery-runs/${runId}/pick-list`, admin);
    expect(list.body.items[0]).toMatchObject({ itemId: cabinet.id, loadedPieces: [], location: expect.objectContaining({ code: other }) });
    const refused = await out(deliveryId);
    expect([refused.status, refused.body.message]).toEqual([409, expect.stringContaining(`“${cabinet.name}” (not loaded)`)]);
    // Loaded again, piece by piece: one piece is not the whole item.
    const one = await load(runId, { code: `${cabinet.id}/2` });
    expect(one.body.items[0]).toMatchObject({ loadedPieces: [2], ready: false });
    expect((await out(deliveryId)).status).toBe(409);
    expect((await load(runId, { code: `${cabinet.id}/1` })).body.items[0]).toMatchObject({ loadedPieces: [1, 2], ready: true });
    expect((await out(deliveryId)).status).toBe(200);
  }, 120_000);

  it('parallel scans of one piece have one effect: one row, one timeline line, one event', async () => {
    const shelf = await location();
    const desk = await inCustody(`Desk ${randomUUID().slice(0, 4)}`, { at: shelf });
    const { runId } = await onRun([desk.id]);
    const events = await watchEvents('logistics.item.loaded.v1');
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => load(runId, i % 2 ? { code: `${desk.id}/1` } : { itemId: desk.id })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    for (const a of answers) expect(a.body.items[0]).toMatchObject({ itemId: desk.id, loadedPieces: [1], ready: true });
    const rows = await t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM run_loads WHERE run_id = ${runId}::uuid AND item_id = ${desk.id}::uuid`;
    expect(rows[0]!.n).toBe(1);
    expect(await custodyEvents(desk.id)).toEqual([{ kind: 'loaded', piece: 1, reason: null, runId }]);
    await eventually(async () => eventsOf(events, 'logistics.item.loaded.v1', desk.id), (l) => l.length >= 1, 10_000);
    // Time for a second event to arrive, if one had been written.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(eventsOf(events, 'logistics.item.loaded.v1', desk.id)).toHaveLength(1);
    await events.close();

    // Left behind twice in parallel with one reason: one line too; the loaded piece came off the truck.
    const twice = await Promise.all([leaveBehind(runId, { itemId: desk.id, reason: 'wrong finish' }), leaveBehind(runId, { itemId: desk.id, reason: 'wrong finish' })]);
    expect(twice.map((a) => a.status)).toEqual([200, 200]);
    expect(twice[0]!.body.items[0]).toMatchObject({ loadedPieces: [], leftBehindReason: 'wrong finish' });
    expect((await custodyEvents(desk.id)).filter((e) => e.kind === 'left-behind')).toHaveLength(1);
  }, 120_000);
});
