import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@midway/contracts';
import { announceUser } from '@midway/testing';
import { reconcile } from '../src/domain/count-reconciliation';
import { actor, eventually, usePlatform, watchEvents, type Actor } from './logistics-harness';

/**
 * Cycle counts against a real catalog, NATS and Postgres: items arrive and are put away by scan, staff count a
 * location, and closing reports what was missing, what was found but recorded elsewhere (moved here on
 * confirmation), and the location's accuracy.
 */
const t = usePlatform();
const admin = actor('midway_admin');
const ada = actor();
let loft: { id: string; name: string };
const code = () => `CC-${randomUUID().slice(0, 8).toUpperCase()}`;

beforeAll(async () => {
  await announceUser(ada, 'Ada', 'Lovelace');
  loft = await t.project(ada, { name: `Count Loft ${randomUUID().slice(0, 4)}` });
}, 60_000);

async function location(): Promise<{ id: string; code: string }> {
  const c = code();
  const res = await t.logistics.post('/api/warehouse/locations', admin, { code: c, name: `Bay ${c}`, kind: 'bin' });
  expect(res.status).toBe(201);
  return { id: res.body.id, code: c };
}
async function storedAt(locationCode: string | null, name = `Crate ${randomUUID().slice(0, 6)}`): Promise<{ id: string; name: string }> {
  const item = await t.item(ada, loft.id, { name });
  await eventually(() => t.logisticsService.db.$queryRaw<{ id: string }[]>`SELECT id FROM items WHERE id = ${item.id}::uuid`, (r) => r.length === 1, 20_000);
  expect((await t.logistics.post('/api/receiving/arrivals', admin, { code: `1Z${randomUUID().slice(0, 12).toUpperCase()}`, itemId: item.id })).status).toBe(201);
  if (locationCode) expect((await t.logistics.post('/api/warehouse/moves', admin, { itemId: item.id, locationCode })).status).toBe(200);
  return item;
}
const start = (locationCode: string, who: Actor = admin) => t.logistics.post('/api/warehouse/counts', who, { locationCode });
const scan = (countId: string, body: Record<string, unknown>, who: Actor = admin) => t.logistics.post(`/api/warehouse/counts/${countId}/scans`, who, body);
const close = (countId: string, confirmMoves: boolean, who: Actor = admin) => t.logistics.post(`/api/warehouse/counts/${countId}/close`, who, { confirmMoves });
const locationOf = async (itemId: string) =>
  (await t.logisticsService.db.$queryRaw<{ code: string | null }[]>`SELECT l.code FROM items i LEFT JOIN locations l ON l.id = i.location_id WHERE i.id = ${itemId}::uuid`)[0]!.code;

describe('cycle counts', () => {
  it('closing reports missing, found elsewhere (moved here on confirmation) and accuracy; the count is kept with its results', async () => {
    const [shelf, other] = [await location(), await location()];
    const [a, b, c] = [await storedAt(shelf.code, 'Count A'), await storedAt(shelf.code, 'Count B'), await storedAt(shelf.code, 'Count C')];
    const stray = await storedAt(other.code, 'Count stray');
    const unplaced = await storedAt(null, 'Count unplaced');

    const started = await start(shelf.code.toLowerCase());
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ locationCode: shelf.code, status: 'open', startedByName: expect.any(String), scannedItemIds: [], expected: null, accuracy: null, results: [] });
    const countId = started.body.id as string;

    const here = await scan(countId, { code: `${a.id}/1` });
    expect([here.status, here.body]).toEqual([200, { countId, itemId: a.id, itemName: 'Count A', expectedHere: true, expectedLocationCode: null }]);
    expect((await scan(countId, { itemId: b.id })).status).toBe(200);
    const elsewhere = await scan(countId, { itemId: stray.id });
    expect(elsewhere.body).toMatchObject({ expectedHere: false, expectedLocationCode: other.code });
    expect((await scan(countId, { itemId: unplaced.id })).body).toMatchObject({ expectedHere: false, expectedLocationCode: null });
    // A repeated scan has one effect.
    expect((await scan(countId, { itemId: b.id })).status).toBe(200);
    expect((await t.logistics.get(`/api/warehouse/counts/${countId}`, admin)).body.scannedItemIds).toHaveLength(4);

    const events = await watchEvents('logistics.>');
    const closed = await close(countId, true);
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual({
      countId,
      locationCode: shelf.code,
      expected: 3,
      found: 2,
      missing: [{ itemId: c.id, itemName: 'Count C', outcome: 'missing', expectedLocationCode: shelf.code }],
      foundElsewhere: expect.arrayContaining([
        { itemId: stray.id, itemName: 'Count stray', outcome: 'found-elsewhere', expectedLocationCode: other.code },
        { itemId: unplaced.id, itemName: 'Count unplaced', outcome: 'found-elsewhere', expectedLocationCode: null },
      ]),
      movedHere: true,
      accuracy: 66.67,
    });
    // The statement that closed it and the rule stated plainly (count-reconciliation.ts) agree.
    const rule = reconcile(shelf.id, [a, b, c].map((i) => ({ itemId: i.id })), [
      { itemId: a.id, locationId: shelf.id },
      { itemId: b.id, locationId: shelf.id },
      { itemId: stray.id, locationId: other.id },
      { itemId: unplaced.id, locationId: null },
    ]);
    const stored = await t.logisticsService.db.$queryRaw<{ itemId: string; outcome: string; expectedLocationId: string | null }[]>`
      SELECT item_id AS "itemId", outcome, expected_location_id AS "expectedLocationId" FROM count_results WHERE count_id = ${countId}::uuid`;
    const byItem = (xs: { itemId: string }[]) => [...xs].sort((x, y) => x.itemId.localeCompare(y.itemId));
    expect(byItem(stored)).toEqual(byItem(rule.results));
    expect([closed.body.expected, closed.body.found, closed.body.accuracy]).toEqual([rule.expected, rule.found, rule.accuracy]);

    // Confirmed: both are here now, each with its move on the timeline and its event.
    expect([await locationOf(stray.id), await locationOf(unplaced.id)]).toEqual([shelf.code, shelf.code]);
    const seen = await eventually(async () => events.seen as EventEnvelope[], (all) => all.some((e) => e.type === 'logistics.location.counted.v1' && (e.data as { countId: string }).countId === countId), 10_000);
    const counted = seen.find((e) => e.type === 'logistics.location.counted.v1' && (e.data as { countId: string }).countId === countId)!;
    expect(counted.data).toMatchObject({ locationCode: shelf.code, expected: 3, found: 2, accuracy: 66.67, missingItemIds: [c.id], movedHereItemIds: expect.arrayContaining([stray.id, unplaced.id]) });
    await eventually(async () => events.seen as EventEnvelope[], (all) => all.some((e) => e.type === 'logistics.item.moved.v1' && (e.data as { itemId: string }).itemId === stray.id), 10_000);
    expect(events.seen.find((e) => e.type === 'logistics.item.moved.v1' && (e.data as { itemId: string }).itemId === stray.id)!.data).toMatchObject({ fromLocationCode: other.code, locationCode: shelf.code });
    expect(events.seen.find((e) => e.type === 'logistics.item.put-away.v1' && (e.data as { itemId: string }).itemId === unplaced.id)!.data).toMatchObject({ fromLocationCode: null, locationCode: shelf.code });
    await events.close();
    const lines = await t.logisticsService.db.$queryRaw<{ kind: string; reason: string | null }[]>`SELECT kind, reason FROM custody_events WHERE item_id = ${stray.id}::uuid AND count_id = ${countId}::uuid ORDER BY kind`;
    expect(lines).toEqual([{ kind: 'counted', reason: 'found here, recorded elsewhere' }, { kind: 'moved', reason: null }]);

    // Closed again: 409 saying when; a scan into it too. Kept: listed and read with its results.
    const again = await close(countId, true);
    expect([again.status, again.body.message]).toEqual([409, expect.stringMatching(/was closed on \d{4}-\d{2}-\d{2}: start a new count/)]);
    expect((await scan(countId, { itemId: c.id })).status).toBe(409);
    const listed = await t.logistics.get(`/api/warehouse/counts?locationCode=${shelf.code}`, admin);
    expect(listed.body.map((x: { id: string; status: string; accuracy: number }) => [x.id, x.status, x.accuracy])).toEqual([[countId, 'closed', 66.67]]);
    expect((await t.logistics.get(`/api/warehouse/counts/${countId}`, admin)).body.results).toHaveLength(5);
  }, 180_000);

  it('without confirmation nothing moves', async () => {
    const [shelf, other] = [await location(), await location()];
    const stray = await storedAt(other.code);
    const countId = (await start(shelf.code)).body.id as string;
    await scan(countId, { itemId: stray.id });
    const closed = await close(countId, false);
    expect(closed.body).toMatchObject({ expected: 0, found: 0, accuracy: 100, movedHere: false, missing: [], foundElsewhere: [expect.objectContaining({ itemId: stray.id })] });
    expect(await locationOf(stray.id)).toBe(other.code);
  }, 120_000);

  it('one open count per location, even started in parallel; refusals name what is wrong', async () => {
    const shelf = await location();
    const starts = await Promise.all(Array.from({ length: 12 }, () => start(shelf.code)));
    expect(starts.map((s) => s.status).sort()).toEqual([201, ...Array(11).fill(409)]);
    const first = starts.find((s) => s.status === 201)!.body.id as string;
    for (const s of starts.filter((x) => x.status === 409)) expect(s.body.message).toMatch(new RegExp(`${shelf.code} is being counted already \\(count ${first}`));
    const open = await t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM counts c JOIN locations l ON l.id = c.location_id WHERE l.code = ${shelf.code} AND c.status = 'open'`;
    expect(open[0]!.n).toBe(1);

    const unknown = await start('NOPE-404');
    expect([unknown.status, unknown.body.message]).toEqual([400, expect.stringMatching(/There is no location NOPE-404/)]);
    const stranger = await scan(first, { itemId: randomUUID() });
    expect([stranger.status, stranger.body.message]).toEqual([400, expect.stringMatching(/is known to the warehouse/)]);
    const never = await t.item(ada, loft.id, { name: 'Never arrived' });
    await eventually(() => t.logisticsService.db.$queryRaw<{ id: string }[]>`SELECT id FROM items WHERE id = ${never.id}::uuid`, (r) => r.length === 1, 20_000);
    const notHeld = await scan(first, { itemId: never.id });
    expect([notHeld.status, notHeld.body.message]).toEqual([400, expect.stringMatching(/“Never arrived” is not in the warehouse's custody/)]);
    expect((await t.logistics.get(`/api/warehouse/counts/${randomUUID()}`, admin)).status).toBe(404);
    // Staff only.
    expect((await start(shelf.code, ada)).status).toBe(403);
    expect((await scan(first, { itemId: never.id }, ada)).status).toBe(403);
    expect((await close(first, false, ada)).status).toBe(403);
    expect((await t.logistics.get('/api/warehouse/counts', ada)).status).toBe(403);
    // Once closed, a new count of the location may start.
    expect((await close(first, false)).status).toBe(200);
    expect((await start(shelf.code)).status).toBe(201);
  }, 120_000);
});
