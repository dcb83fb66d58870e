import { randomUUID } from 'node:crypto';
import { announceUser } from '@midway/testing';
import { actor, eventually, usePlatform, type Actor } from './logistics-harness';

/**
 * What a booking and the client link must not give away (issue 36): another designer's item by its name, a
 * delivery's proof photos and signature through the client link's photo route. And a booking's date stays within
 * a year. Against a real catalog, NATS, Postgres and object store, with logistics' clock in the test's hands:
 * Wednesday 3 June 2026.
 */
let now = new Date('2026-06-03T08:00:00.000Z');
const t = usePlatform({ objectStore: true, clock: () => new Date(now) });

const admin = actor('midway_admin');
/** The warehouse shelf stored items are put away on. */
const SHELF = `DLV-${randomUUID().slice(0, 6).toUpperCase()}`;
const ada = actor();
const ben = actor();
const THURSDAY = '2026-06-04';
const FRIDAY = '2026-06-05';

let loft: { id: string; name: string };
let cedar: { id: string; name: string };
beforeAll(async () => {
  await Promise.all([announceUser(ada, 'Ada', 'Lovelace'), announceUser(ben, 'Ben', 'Okafor')]);
  loft = await t.project(ada, { name: `Harbour Loft ${randomUUID().slice(0, 4)}`, location: '12 Harbour St' });
  cedar = await t.project(ben, { name: 'Cedar House', location: '40 Dock Rd' });
}, 90_000);

/**
 * An item of the project in the given status, once logistics knows it so: received or stored the real way (an
 * arrival at the desk, and for stored a put-away on the shelf), as only items the warehouse holds can be booked;
 * other statuses are set by hand.
 */
async function itemIn(who: Actor, projectId: string, status: string, name: string) {
  const item = status === 'received' || status === 'stored'
    ? await t.heldItem(who, projectId, admin, { name, ...(status === 'stored' ? { locationCode: SHELF } : {}) })
    : await t.item(who, projectId, { name, status });
  await eventually(() => t.logisticsService.db.$queryRaw<{ status: string }[]>`SELECT status FROM items WHERE id = ${item.id}::uuid`, (r) => r[0]?.status === status, 20_000);
  return item;
}
const book = (projectId: string, body: Record<string, unknown>, who: Actor = ada) => t.logistics.post(`/api/projects/${projectId}/deliveries`, who, body);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120, 7)]);
const SIGNATURE = `data:image/png;base64,${PNG.toString('base64')}`;

async function photoOf(who: Actor): Promise<string> {
  const url = (await t.logistics.post('/api/objects/upload', who)).body.uploadURL as string;
  const put = await fetch(`${t.logisticsService.url}${url}`, { method: 'PUT', headers: { ...who.headers, 'content-type': 'image/png' }, body: new Uint8Array(PNG) });
  expect(put.status).toBe(200);
  return url;
}

it('booking another designer’s item answers exactly as for an unknown item: its name is never said', async () => {
  const name = `Cedar bench ${randomUUID().slice(0, 4)}`;
  const theirs = await itemIn(ben, cedar.id, 'stored', name);
  const unknown = randomUUID();
  const [other, missing] = await Promise.all([book(loft.id, { date: FRIDAY, itemIds: [theirs.id] }), book(loft.id, { date: FRIDAY, itemIds: [unknown] })]);
  expect(JSON.stringify(other.body)).not.toContain(name);
  expect([other.status, other.body.error, other.body.message.replace(theirs.id, '{id}')]).toEqual([missing.status, missing.body.error, missing.body.message.replace(unknown, '{id}')]);
  expect([other.status, other.body.message]).toEqual([400, `These items cannot be booked: item ${theirs.id} was not found in this project.`]);
}, 60_000);

it('a delivery date more than a year ahead (9999-12-31) is a 400 saying until when, for a booking and for a change', async () => {
  const item = await itemIn(ada, loft.id, 'stored', `Far stool ${randomUUID().slice(0, 4)}`);
  const far = await book(loft.id, { date: '9999-12-31', itemIds: [item.id] });
  expect([far.status, far.body]).toEqual([400, expect.objectContaining({ error: 'bad_request', message: 'date 9999-12-31 is more than a year ahead: deliveries are booked at most a year ahead (until 2027-06-03)' })]);
  // The last day of the year ahead (a Thursday) is bookable; moving the delivery a day further is not.
  const last = await book(loft.id, { date: '2027-06-03', itemIds: [item.id] });
  expect(last.status).toBe(201);
  const moved = await t.logistics.put(`/api/deliveries/${last.body.id}`, ada, { date: '2027-06-04' });
  expect([moved.status, moved.body.message]).toEqual([400, expect.stringMatching(/more than a year ahead/)]);
  expect((await t.logistics.get(`/api/deliveries/${last.body.id}`, ada)).body.date).toBe('2027-06-03');
  expect((await t.logistics.post(`/api/deliveries/${last.body.id}/cancel`, ada, {})).status).toBe(200);
}, 60_000);

it('the client link serves the photos its page shows (the items’), never a delivery’s proof photos or signature', async () => {
  // At the warehouse: scanned onto the truck before it goes out.
  const lamp = await t.heldItem(ada, loft.id, admin, { name: `Brass lamp ${randomUUID().slice(0, 4)}` });
  const lampPhoto = await photoOf(ada);
  expect((await t.logistics.put('/api/item-photos', ada, { photoUrl: lampPhoto, itemId: lamp.id })).status).toBe(200);
  const d = (await book(loft.id, { date: THURSDAY, itemIds: [lamp.id] })).body;
  const run = await t.logistics.post('/api/delivery-runs', admin, { date: THURSDAY, deliveryIds: [d.id] });
  expect(run.status).toBe(201);
  await t.loadRun(admin, run.body.id);
  // Out and completed on its day.
  now = new Date('2026-06-04T15:00:00.000Z');
  try {
    expect((await t.logistics.post(`/api/deliveries/${d.id}/out`, admin, {})).status).toBe(200);
    const done = await t.logistics.post(`/api/deliveries/${d.id}/complete`, admin, { receivedBy: 'J. Ellis', photoUrls: [await photoOf(admin)], signature: SIGNATURE });
    expect([done.status, done.body.message]).toEqual([200, undefined]);
    const token = (await t.catalog.post(`/api/projects/${loft.id}/share`, ada, {})).body.shareToken as string;
    const keyOf = (url: string) => new URL(url, 'http://x').pathname.split('/').pop()!;
    const viaLink = (key: string) => fetch(`${t.logisticsService.url}/api/shared/photos/${token}/${key}`);

    // Once logistics has the link's token from catalog's event, the item's photo is served through it.
    const shown = await eventually(() => viaLink(keyOf(lampPhoto)), (r) => r.status === 200, 20_000);
    expect([shown.status, shown.headers.get('content-type')]).toEqual([200, 'image/png']);
    const proof = [...done.body.photoUrls, done.body.signatureUrl] as string[];
    expect(proof).toHaveLength(2);
    for (const url of proof) {
      const res = await viaLink(keyOf(url));
      // As for a photo that does not exist: nothing says the key is real.
      expect([url, res.status, await res.json()]).toEqual([url, 404, expect.objectContaining({ error: 'not_found', message: 'Photo not found' })]);
      // The project's people still see them.
      expect((await fetch(`${t.logisticsService.url}${url}`, { headers: ada.headers })).status).toBe(200);
    }
  } finally {
    now = new Date('2026-06-03T08:00:00.000Z');
  }
}, 60_000);
