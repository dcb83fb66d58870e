import { randomInt, randomUUID } from 'node:crypto';
import { announceUser } from '@midway/testing';
import { actor, eventually, usePlatform, type Actor } from './logistics-harness';

/**
 * Issue 38, the receiving desk as data grows: a mis-scan discarded with why (kept as history), the items an unmatched
 * parcel may be offered (not yet received, found by name, project, designer or tracking number), and the queue's
 * designer, by which staff search it.
 */
const t = usePlatform({ objectStore: true });
const admin = actor('midway_admin');
const ada = actor();
const ben = actor();
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const arrive = (body: Record<string, unknown>, who: Actor = admin) => t.logistics.post('/api/receiving/arrivals', who, body);
const discard = (id: string, body: Record<string, unknown>, who: Actor = admin) => t.logistics.post(`/api/receiving/arrivals/${id}/discard`, who, body);
const assignable = async (q: string) => (await t.logistics.get(`/api/receiving/assignable-items?q=${encodeURIComponent(q)}`, admin)).body as { itemId: string; designerName: string; projectName: string; trackingNumber: string | null }[];

let loft: { id: string; name: string };
let cedar: { id: string; name: string };
const tag = randomUUID().slice(0, 6);
beforeAll(async () => {
  await Promise.all([announceUser(ada, 'Ada', `Lovelace${tag}`), announceUser(ben, 'Ben', `Okafor${tag}`)]);
  loft = await t.project(ada, { name: `Harbour Loft ${tag}` });
  cedar = await t.project(ben, { name: `Cedar House ${tag}` });
  await eventually(() => t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM users WHERE id IN (${ada.userId}::uuid, ${ben.userId}::uuid)`, (r) => r[0]!.n === 2, 30_000);
}, 60_000);

async function itemOf(who: Actor, projectId: string, fields: Record<string, unknown>) {
  const item = await t.item(who, projectId, fields);
  await eventually(() => t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM items WHERE id = ${item.id}::uuid`, (r) => r[0]!.n === 1, 20_000);
  return item;
}

describe('discarding an unmatched arrival', () => {
  it('takes a mis-scan off the unmatched list with why, keeps it in history; repeated or raced discards have one effect', async () => {
    const code = `MIS-${digits(10)}`;
    const arrival = (await arrive({ code })).body;
    const answers = await Promise.all([
      discard(arrival.id, { reason: 'Mis-scan of the pallet label' }),
      discard(arrival.id, { reason: 'Scanned twice' }),
      discard(arrival.id, { reason: 'Mis-scan again' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const reasons = new Set(answers.map((a) => a.body.discardReason));
    expect(reasons.size).toBe(1);
    const rows = await t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM arrivals WHERE id = ${arrival.id}::uuid AND discarded_at IS NOT NULL`;
    expect(rows[0]!.n).toBe(1);
    const unmatched = (await t.logistics.get('/api/receiving/arrivals?status=unmatched', admin)).body as { id: string }[];
    expect(unmatched.map((a) => a.id)).not.toContain(arrival.id);
    const history = (await t.logistics.get('/api/receiving/arrivals?status=discarded', admin)).body as { id: string; code: string; discardReason: string; discardedAt: string }[];
    expect(history.find((a) => a.id === arrival.id)).toMatchObject({ code, discardReason: [...reasons][0], discardedAt: expect.any(String) });
  }, 60_000);

  it('refuses a designer (403), an assigned arrival and assigning a discarded one (409), an unknown one (404)', async () => {
    const item = await itemOf(ada, loft.id, { name: `Desk lamp ${tag}`, trackingNumber: `1Z${digits(16)}` });
    const assigned = (await arrive({ code: `ZZ-${digits(8)}` })).body;
    expect((await t.logistics.put(`/api/receiving/arrivals/${assigned.id}`, admin, { itemId: item.id })).status).toBe(200);
    const refused = await discard(assigned.id, { reason: 'x' });
    expect([refused.status, refused.body.message]).toEqual([409, expect.stringMatching(/only an unmatched arrival can be discarded/)]);
    const stray = (await arrive({ code: `ZZ-${digits(8)}` })).body;
    expect((await discard(stray.id, { reason: 'x' }, ada)).status).toBe(403);
    expect((await discard(stray.id, { reason: 'Mis-scan' })).status).toBe(200);
    const other = await itemOf(ada, loft.id, { name: `Side table ${tag}` });
    const late = await t.logistics.put(`/api/receiving/arrivals/${stray.id}`, admin, { itemId: other.id });
    expect([late.status, late.body.message]).toEqual([409, expect.stringMatching(/discarded/)]);
    expect((await discard(randomUUID(), { reason: 'x' })).status).toBe(404);
  }, 60_000);
});

describe('the items an unmatched parcel may be assigned to', () => {
  it('offers items not received yet, found by name, project, designer or tracking number; the scanned code stays on the arrival', async () => {
    const tracking = `1Z${digits(16)}`;
    const sofa = await itemOf(ada, loft.id, { name: `Velvet sofa ${tag}`, trackingNumber: tracking, status: 'in-transit' });
    const rug = await itemOf(ben, cedar.id, { name: `Wool rug ${tag}`, status: 'ordered' });
    const received = await itemOf(ada, loft.id, { name: `Received mirror ${tag}`, status: 'received' });
    const arrivedAlready = await itemOf(ada, loft.id, { name: `Arrived vase ${tag}` });
    expect((await arrive({ code: `AV-${digits(8)}`, itemId: arrivedAlready.id })).status).toBe(201);
    const ids = async (q: string) => (await assignable(q)).map((i) => i.itemId);
    expect(await ids(tag)).toEqual(expect.arrayContaining([sofa.id, rug.id]));
    expect(await ids(tag)).not.toContain(received.id);
    expect(await ids(tag)).not.toContain(arrivedAlready.id);
    expect(await ids('velvet SOFA')).toContain(sofa.id);
    expect(await ids(`Cedar House ${tag}`)).toEqual([rug.id]);
    expect(await ids(`Okafor${tag}`)).toEqual([rug.id]);
    expect(await ids(tracking.slice(-10).toLowerCase())).toEqual([sofa.id]);
    expect((await assignable(`Lovelace${tag}`)).find((i) => i.itemId === sofa.id)).toMatchObject({ projectName: loft.name, designerName: `Ada Lovelace${tag}`, trackingNumber: tracking });
    expect((await t.logistics.get('/api/receiving/assignable-items?q=x', ada)).status).toBe(403);

    const code = `PARCEL-${digits(10)}`;
    const parcel = (await arrive({ code })).body;
    const assigned = await t.logistics.put(`/api/receiving/arrivals/${parcel.id}`, admin, { itemId: rug.id });
    expect(assigned.body).toMatchObject({ itemId: rug.id, code });
    expect(await ids(tag)).not.toContain(rug.id);
  }, 60_000);

  it('the inspection queue names each item’s designer', async () => {
    const chair = await itemOf(ben, cedar.id, { name: `Queue chair ${tag}` });
    expect((await arrive({ code: `QC-${digits(8)}`, itemId: chair.id })).status).toBe(201);
    const queue = (await t.logistics.get('/api/receiving/inspections?status=pending', admin)).body as { itemId: string; designerName: string; projectName: string }[];
    expect(queue.find((e) => e.itemId === chair.id)).toMatchObject({ designerName: `Ben Okafor${tag}`, projectName: cedar.name });
  }, 60_000);
});
