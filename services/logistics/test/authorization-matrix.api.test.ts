import { carrierRoutes } from '../src/routes/carrier.routes';
import { photoRoutes, sharedPhotoRoutes } from '../src/routes/photo.routes';
import { searchRoutes } from '../src/routes/search.routes';
import { serviceRoutes } from '../src/routes/service.routes';
import { damagePhotoRoutes, receivingRoutes } from '../src/routes/receiving.routes';
import { deliveryRoutes } from '../src/routes/delivery.routes';
import { purchaseOrderRoutes } from '../src/routes/purchase-order.routes';
import { loadRoutes } from '../src/routes/load.routes';
import { countRoutes } from '../src/routes/count.routes';
import { custodyRoutes } from '../src/routes/custody.routes';
import { locationRoutes } from '../src/routes/location.routes';
import { CORPUS } from './po-corpus';
import { nextBusinessDay } from '../src/domain/business-days';
import { SigningKeyRepository } from '../src/data/signing-key.repository';
import { PHOTO_LINK_KEY_NAME, photoLinkExpiry, signedPhotoPath } from '../src/domain/photo-link';
import { ADMIN, ANY_SIGNED_IN, by, describeAuthorizationMatrix, EDIT, expectEveryRouteHasARow, PUBLIC, READ, SEEN_BY_THOSE_WHO_REACH, whoSees, type Expect, type MatrixRow, type Who } from '@midway/testing';
import { ANONYMOUS, actor, eventually, type Actor, usePlatform } from './logistics-harness';

/**
 * Every logistics route against every kind of caller, from one table, with the roles catalog uses
 * (contract: canOnProject): owner and admin everything; a member reads and selects; a viewer only reads. A
 * removed member and another designer cannot reach the project at all: 404 like a missing service, never a
 * 403 that confirms it exists. Anonymous callers get 401. A refused call changes nothing, and the lists
 * never show the project's services to those who cannot reach it.
 */
const t = usePlatform({ objectStore: true });

interface Fixture {
  callers: Record<Who, Actor>;
  projectId: string;
  itemId: string;
  serviceId: string;
  shareToken: string;
  /** The owner's photo, attached to the item: `/api/photos/{key}`. */
  photoUrl: string;
  /** An unused upload URL of the owner's. */
  uploadUrl: string;
  /** The fixture's deliveries as a row's preparation left them (id → row): what a refused call must not change. */
  deliveries: Map<string, string>;
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 3)]);
const putFile = async (url: string, who: Actor) => {
  const res = await fetch(`${t.logisticsService.url}${url}`, { method: 'PUT', headers: { ...who.headers, 'content-type': 'image/png' }, body: new Uint8Array(PNG) });
  return { status: res.status, body: await res.json() };
};
/** Asks for an upload URL as `who` and PUTs a photo to it; the answer of whichever step fails first. */
async function uploadAs(who: Actor): Promise<{ status: number; body: { uploadURL?: string; photoUrl?: string } }> {
  const url = await t.logistics.post('/api/objects/upload', who);
  if (url.status !== 200) return url;
  const stored = await putFile(url.body.uploadURL, who);
  return stored.status === 200 ? { status: 200, body: { uploadURL: url.body.uploadURL, photoUrl: stored.body.photoUrl } } : stored;
}

async function fixture(): Promise<Fixture> {
  const callers: Record<Who, Actor> = { anonymous: ANONYMOUS, owner: actor(), member: actor(), viewer: actor(), removed: actor(), outsider: actor(), admin: actor('midway_admin') };
  const p = await t.project(callers.owner, { name: 'Matrix Manor' });
  const item = await t.item(callers.owner, p.id, { name: 'Zebrawood credenza' });
  const shareToken = (await t.catalog.post(`/api/projects/${p.id}/share`, callers.owner)).body.shareToken;
  // Joined as verified addresses accept, in parallel (the e-mailed link's way is catalog's invitation tests').
  await Promise.all(([['member', 'member'], ['viewer', 'viewer'], ['removed', 'member']] as const).map(([who, role]) => t.inviteAndAcceptVerified(callers.owner, p.id, callers[who], role)));
  await t.removeMember(callers.owner, p.id, callers.removed);
  const services = await t.servicesOf(callers.owner, p.id, 5);
  expect(services).toHaveLength(5);
  const [svc] = services;
  // Logistics has applied every fact of the fixture (in catalog's order) once it has applied the removal.
  const removal = () => t.logisticsService.db.$queryRaw<{ active: boolean }[]>`SELECT active FROM project_members WHERE project_id = ${p.id}::uuid AND user_id = ${callers.removed.userId}::uuid`;
  expect(await eventually(removal, (rows) => rows[0]?.active === false)).toEqual([{ active: false }]);
  const photo = await uploadAs(callers.owner);
  expect((await t.logistics.put('/api/item-photos', callers.owner, { photoUrl: photo.body.uploadURL, itemId: item.id })).status).toBe(200);
  const uploadUrl = (await t.logistics.post('/api/objects/upload', callers.owner)).body.uploadURL;
  return { callers, projectId: p.id, itemId: item.id, serviceId: svc!.id, shareToken, photoUrl: photo.body.photoUrl!, uploadUrl, deliveries: new Map() };
}

/** What a refused call must leave as it was, as the owner sees it. */
const snapshot = async (f: Fixture) => ({
  // The fixture's item's (a delivery row adds items of its own to book).
  services: (await t.services(f.callers.owner, `projectId=${f.projectId}`)).filter((s) => s.itemId === f.itemId).map((s) => [s.id, s.selected]),
  // The receiving desk's effects on the fixture's item: its inspection and its arrival's item.
  inspections: await t.logisticsService.db.$queryRaw`SELECT condition FROM inspections WHERE item_id = ${f.itemId}::uuid`,
  // The project's deliveries that are new or changed since a row prepared them.
  deliveries: (await deliveryRows(f)).filter(([id, row]) => f.deliveries.get(id) !== row),
  // The counts of the fixture's location (with their scans) new or changed since a row's setup made them.
  counts: await changedSince(f, 'counts'),
  // Custody of the project's items (place, end, timeline lines) and the fixture's own locations. The arrival is the
  // custody rows' setup (made inside the call, as the desk's rows do), not an effect a refused call could have.
  // Items a row's setup made (booked, loaded: deliveryAt, runOf) are left out as that setup left them.
  custody: await changedSince(f, 'custody'),
  // The locations callers made for the fixture (the fixture's own place, a row's setup, is left out).
  places: await t.logisticsService.db.$queryRaw`SELECT code FROM locations WHERE name LIKE ${`${placeName(f)} %`} ORDER BY code`,
});

/**
 * Custody of the project's items: state (received, the arrival's, as none), place, end, timeline lines but the
 * arrival, and the pieces on a truck or the reason it was left behind.
 */
const custodyRows = async (f: Fixture) =>
  (
    await t.logisticsService.db.$queryRaw<{ id: string; row: string }[]>`
      SELECT i.id, concat_ws('|', NULLIF(i.custody_state, 'received'), i.location_id, i.custody_end,
        (SELECT count(*)::int FROM custody_events e WHERE e.item_id = i.id AND e.kind <> 'arrived'),
        (SELECT string_agg(rl.piece::text, ',' ORDER BY rl.piece) FROM run_loads rl WHERE rl.item_id = i.id),
        (SELECT string_agg(lb.reason, ',') FROM run_left_behind lb WHERE lb.item_id = i.id)) AS row
      FROM items i WHERE i.project_id = ${f.projectId}::uuid`
  ).map((r) => [r.id, r.row] as const);
/** The counts of the fixture's own location, with their scans. */
const countRows = async (f: Fixture) =>
  (
    await t.logisticsService.db.$queryRaw<{ id: string; row: string }[]>`
      SELECT c.id, concat_ws('|', c.status, (SELECT count(*)::int FROM count_scans s WHERE s.count_id = c.id)) AS row
      FROM counts c JOIN locations l ON l.id = c.location_id WHERE l.name = ${countLocationName(f)}`
  ).map((r) => [r.id, r.row] as const);
const ROWS = { custody: custodyRows, counts: countRows };
/** The rows as the fixture's first snapshot or a row's setup left them (id → row): what a refused call must not change. */
const baselines = new WeakMap<Fixture, Record<keyof typeof ROWS, Map<string, string>>>();
/** The rows new or changed since the first snapshot of the fixture or a row's setup (preparedBy). */
async function changedSince(f: Fixture, kind: keyof typeof ROWS) {
  const rows = await ROWS[kind](f);
  if (!baselines.has(f)) baselines.set(f, { custody: new Map(await custodyRows(f)), counts: new Map(await countRows(f)) });
  const baseline = baselines.get(f)![kind];
  return rows.filter(([id, row]) => baseline.get(id) !== row).sort(([a], [b]) => a.localeCompare(b));
}
/** Records the fixture's deliveries, custody and counts as a row's setup left them. */
async function preparedBy(f: Fixture): Promise<void> {
  for (const [id, row] of await deliveryRows(f)) f.deliveries.set(id, row);
  baselines.set(f, { custody: new Map(await custodyRows(f)), counts: new Map(await countRows(f)) });
}

const deliveryRows = async (f: Fixture) =>
  (
    await t.logisticsService.db.$queryRaw<{ id: string; row: string }[]>`
      SELECT id, concat_ws('|', status, date, "window", address, notes, (SELECT string_agg(item_id::text, ',' ORDER BY item_id) FROM delivery_items di WHERE di.delivery_id = d.id)) AS row
      FROM deliveries d WHERE project_id = ${f.projectId}::uuid`
  ).map((r) => [r.id, r.row] as const);

/**
 * A delivery of the fixture's project at `stage`: an item that arrived at the desk, which the owner books for the next
 * business day; staff fix its run and scan it onto the truck (the load check lets it go out), and take it out as
 * needed. Recorded as the fixture's baseline, so the call under test is what changes it.
 */
async function deliveryAt(f: Fixture, stage: 'requested' | 'scheduled' | 'out-for-delivery'): Promise<string> {
  const item = await t.item(f.callers.owner, f.projectId, { name: 'Zebrawood stool' });
  await eventually(() => t.logisticsService.db.$queryRaw<{ id: string }[]>`SELECT id FROM items WHERE id = ${item.id}::uuid`, (r) => r.length === 1);
  expect((await t.logistics.post('/api/receiving/arrivals', f.callers.admin, { code: `ZBS-${item.id.slice(0, 8)}`, itemId: item.id })).status).toBe(201);
  const booked = await t.logistics.post(`/api/projects/${f.projectId}/deliveries`, f.callers.owner, { date: nextBusinessDay(new Date(), 'UTC'), itemIds: [item.id] });
  expect(booked.status).toBe(201);
  if (stage !== 'requested') {
    const run = await t.logistics.post('/api/delivery-runs', f.callers.admin, { date: booked.body.date, deliveryIds: [booked.body.id] });
    expect(run.status).toBe(201);
    expect((await t.logistics.post(`/api/delivery-runs/${run.body.id}/load`, f.callers.admin, { itemId: item.id })).status).toBe(200);
  }
  if (stage === 'out-for-delivery') expect((await t.logistics.post(`/api/deliveries/${booked.body.id}/out`, f.callers.admin, {})).status).toBe(200);
  await preparedBy(f);
  return booked.body.id;
}
/** A stored item of the fixture's project, for a booking: it arrived at the desk and was put away (only held items book). */
async function storedItem(f: Fixture): Promise<string> {
  const item = await t.heldItem(f.callers.owner, f.projectId, f.callers.admin, { name: 'Zebrawood bench', locationCode: 'ZBR-SHELF' });
  await eventually(() => t.logisticsService.db.$queryRaw<{ status: string }[]>`SELECT status FROM items WHERE id = ${item.id}::uuid`, (r) => r[0]?.status === 'stored');
  await preparedBy(f);
  return item.id;
}

/**
 * As an admin, the fixture's item arrives (the desk's later steps need an arrived item); on a fixture a row's
 * calls share, a later call finds it arrived already.
 */
const arrived = async (f: Fixture) => expect([200, 201]).toContain((await t.logistics.post('/api/receiving/arrivals', f.callers.admin, { code: 'ZBR-1', itemId: f.itemId })).status);
/** A damage report's e-mailed link to its photo, as the desk signs it: made once per fixture. */
const damageLinks = new WeakMap<Fixture, Promise<string>>();
function damagePhotoLink(f: Fixture): Promise<string> {
  if (!damageLinks.has(f)) damageLinks.set(f, signDamagePhotoLink(f));
  return damageLinks.get(f)!;
}
async function signDamagePhotoLink(f: Fixture): Promise<string> {
  await arrived(f);
  const photo = await uploadAs(f.callers.admin);
  const inspected = await t.logistics.post(`/api/receiving/inspections/${f.itemId}`, f.callers.admin, { condition: 'damaged', photoUrls: [photo.body.uploadURL] });
  expect(inspected.status).toBe(201);
  const secret = await new SigningKeyRepository(t.logisticsService.db).getOrCreate(PHOTO_LINK_KEY_NAME);
  return signedPhotoPath(secret, photo.body.photoUrl!.split('/').pop()!, photoLinkExpiry(new Date(inspected.body.inspectedAt)));
}

/** A vendor's PDF (made once) uploaded to the fixture's project as `who`. */
let poPdf: Promise<Uint8Array> | undefined;
async function uploadPo(f: Fixture, who: Actor) {
  poPdf ??= CORPUS.find((d) => d.printedBy === 'pdfkit' && !('refused' in d.expected))!.pdf(undefined as never);
  const res = await fetch(`${t.logisticsService.url}/api/projects/${f.projectId}/purchase-orders`, { method: 'POST', headers: { ...who.headers, 'content-type': 'application/pdf' }, body: new Uint8Array(await poPdf) });
  return { status: res.status, body: await res.json() };
}
/** The owner's purchase order of the fixture's project. */
const ownersPo = async (f: Fixture): Promise<string> => (await uploadPo(f, f.callers.owner)).body.id;

/**
 * A run of the fixture's project with one item in the warehouse's custody on it (arrived at the desk, booked by the
 * owner, fixed by staff): what the pick list and load check work on. Made once per fixture.
 */
const runs = new WeakMap<Fixture, Promise<{ runId: string; itemId: string }>>();
function runOf(f: Fixture): Promise<{ runId: string; itemId: string }> {
  if (!runs.has(f)) runs.set(f, makeRun(f));
  return runs.get(f)!;
}
async function makeRun(f: Fixture): Promise<{ runId: string; itemId: string }> {
  const item = await t.item(f.callers.owner, f.projectId, { name: 'Zebrawood trunk' });
  await eventually(() => t.logisticsService.db.$queryRaw<{ id: string }[]>`SELECT id FROM items WHERE id = ${item.id}::uuid`, (r) => r.length === 1);
  expect((await t.logistics.post('/api/receiving/arrivals', f.callers.admin, { code: `ZBR-${item.id.slice(0, 8)}`, itemId: item.id })).status).toBe(201);
  const booked = await t.logistics.post(`/api/projects/${f.projectId}/deliveries`, f.callers.owner, { date: nextBusinessDay(new Date(), 'UTC'), itemIds: [item.id] });
  expect(booked.status).toBe(201);
  const run = await t.logistics.post('/api/delivery-runs', f.callers.admin, { date: booked.body.date, deliveryIds: [booked.body.id] });
  expect(run.status).toBe(201);
  await preparedBy(f);
  return { runId: run.body.id, itemId: item.id };
}
/** A location of the fixture's own (its name carries the project id) with an open count, and an arrived item to scan into it. */
const counts = new WeakMap<Fixture, Promise<{ locationCode: string; countId: string }>>();
const countLocationName = (f: Fixture) => `Zebrawood bay ${f.projectId}`;
function countOf(f: Fixture): Promise<{ locationCode: string; countId: string }> {
  if (!counts.has(f)) counts.set(f, makeCount(f));
  return counts.get(f)!;
}
async function makeCount(f: Fixture): Promise<{ locationCode: string; countId: string }> {
  const locationCode = `ZB-${f.projectId.slice(0, 8).toUpperCase()}`;
  expect((await t.logistics.post('/api/warehouse/locations', f.callers.admin, { code: locationCode, name: countLocationName(f), kind: 'bin' })).status).toBe(201);
  const started = await t.logistics.post('/api/warehouse/counts', f.callers.admin, { locationCode });
  expect(started.status).toBe(201);
  await arrived(f);
  await preparedBy(f);
  return { locationCode, countId: started.body.id };
}
/** A PDF route's answer as the matrix reads it: its status, and its JSON body when refused. */
async function pdfAnswer(path: string, who: Actor) {
  const res = await fetch(`${t.logisticsService.url}${path}`, { headers: who.headers });
  return { status: res.status, body: res.headers.get('content-type')?.startsWith('application/json') ? await res.json() : undefined };
}

/** The fixture's own place in the warehouse (its name carries the project id), made once per fixture. */
const placeName = (f: Fixture) => `Zebrawood place ${f.projectId}`;
const places = new WeakMap<Fixture, Promise<{ id: string; code: string }>>();
function placeOf(f: Fixture): Promise<{ id: string; code: string }> {
  if (!places.has(f))
    places.set(f, t.logistics.post('/api/warehouse/locations', f.callers.admin, { code: `ZP-${f.projectId.slice(0, 8).toUpperCase()}`, name: placeName(f), kind: 'bin' }).then((res) => {
      expect(res.status).toBe(201);
      return res.body;
    }));
  return places.get(f)!;
}
/** Each new location a caller makes is the fixture's (a code of its own). */
let placesMade = 0;

/** Only the one it belongs to (anyone else: 404, as for a URL that does not exist). */
const OWN = (ok: number): Expect => ({ anonymous: 401, owner: ok, member: 404, viewer: 404, removed: 404, outsider: 404, admin: 404 });

const ROUTES: MatrixRow<Fixture>[] = [
  ['GET /api/services', (w, f) => t.logistics.get(`/api/services?projectId=${f.projectId}`, w), ANY_SIGNED_IN(200)],
  ['GET /api/services/summary', (w, f) => t.logistics.get(`/api/services/summary?projectId=${f.projectId}`, w), ANY_SIGNED_IN(200)],
  ['PUT /api/services/{id}', (w, f) => t.logistics.put(`/api/services/${f.serviceId}`, w, { selected: true }), by(200, EDIT)],
  ['POST /api/services/bulk', (w, f) => t.logistics.post('/api/services/bulk', w, { filter: { projectId: f.projectId }, selected: true }), by(200, EDIT)],
  ['GET /api/search', (w) => t.logistics.get('/api/search?q=Zebrawood', w), ANY_SIGNED_IN(200)],
  ['GET /api/carriers', (w) => t.logistics.get('/api/carriers', w), ANY_SIGNED_IN(200)],
  ['POST /api/objects/upload', (w) => t.logistics.post('/api/objects/upload', w), ANY_SIGNED_IN(200)],
  ['PUT /api/objects/uploads/{id}', (w, f) => putFile(f.uploadUrl, w), OWN(200)],
  // Each caller attaches a photo of their own to the fixture's item: what their role on the project allows.
  ['PUT /api/item-photos', async (w, f) => {
    const own = await uploadAs(w);
    return own.status === 200 ? t.logistics.put('/api/item-photos', w, { photoUrl: own.body.uploadURL, itemId: f.itemId }) : own;
  }, by(200, EDIT)],
  ['GET /api/photos/{key}', async (w, f) => {
    const res = await fetch(`${t.logisticsService.url}${f.photoUrl}`, { headers: w.headers });
    return { status: res.status, body: res.headers.get('content-type')?.startsWith('application/json') ? await res.json() : undefined };
  }, by(200, READ)],
  // The receiving desk: Midway's staff alone (a designer of any role is refused, 403).
  ['POST /api/receiving/scan', (w) => t.logistics.post('/api/receiving/scan', w, { code: 'ZBR 1' }), ADMIN(200)],
  ['POST /api/receiving/arrivals', (w, f) => t.logistics.post('/api/receiving/arrivals', w, { code: 'ZBR-1', itemId: f.itemId }), ADMIN(201)],
  ['GET /api/receiving/arrivals', (w) => t.logistics.get('/api/receiving/arrivals?status=unmatched', w), ADMIN(200)],
  ['PUT /api/receiving/arrivals/{id}', async (w, f) => {
    const unmatched = await t.logistics.post('/api/receiving/arrivals', f.callers.admin, { code: 'NO-LABEL' });
    return t.logistics.put(`/api/receiving/arrivals/${unmatched.body.id}`, w, { itemId: f.itemId });
  }, ADMIN(200)],
  ['POST /api/receiving/arrivals/{id}/discard', async (w, f) => {
    const unmatched = await t.logistics.post('/api/receiving/arrivals', f.callers.admin, { code: 'MIS-SCAN' });
    return t.logistics.post(`/api/receiving/arrivals/${unmatched.body.id}/discard`, w, { reason: 'Mis-scan of a label' });
  }, ADMIN(200)],
  ['GET /api/receiving/assignable-items', (w) => t.logistics.get('/api/receiving/assignable-items?q=zebra', w), ADMIN(200)],
  ['GET /api/receiving/inspections', (w) => t.logistics.get('/api/receiving/inspections?status=pending', w), ADMIN(200)],
  ['POST /api/receiving/inspections/{itemId}', async (w, f) => {
    await arrived(f);
    return t.logistics.post(`/api/receiving/inspections/${f.itemId}`, w, { condition: 'good' });
  }, ADMIN(201)],
  // Deliveries: the project's people book and follow them (a viewer reads only); runs and proofs are staff's.
  ['POST /api/projects/{id}/deliveries', async (w, f) => {
    const itemId = await storedItem(f);
    return t.logistics.post(`/api/projects/${f.projectId}/deliveries`, w, { date: nextBusinessDay(new Date(), 'UTC'), itemIds: [itemId] });
  }, by(201, EDIT)],
  ['GET /api/deliveries', (w) => t.logistics.get('/api/deliveries?status=requested', w), ANY_SIGNED_IN(200)],
  ['GET /api/deliveries/{id}', async (w, f) => t.logistics.get(`/api/deliveries/${await deliveryAt(f, 'requested')}`, w), by(200, READ)],
  ['PUT /api/deliveries/{id}', async (w, f) => t.logistics.put(`/api/deliveries/${await deliveryAt(f, 'requested')}`, w, { window: 'morning', notes: 'Zebrawood gate' }), by(200, EDIT)],
  ['POST /api/deliveries/{id}/cancel', async (w, f) => t.logistics.post(`/api/deliveries/${await deliveryAt(f, 'scheduled')}/cancel`, w, {}), by(200, EDIT)],
  ['GET /api/delivery-runs', (w) => t.logistics.get(`/api/delivery-runs?date=${nextBusinessDay(new Date(), 'UTC')}`, w), ADMIN(200)],
  ['GET /api/delivery-runs/days', (w) => t.logistics.get(`/api/delivery-runs/days?from=${nextBusinessDay(new Date(), 'UTC')}&days=7`, w), ADMIN(200)],
  ['POST /api/delivery-runs', async (w, f) => {
    const id = await deliveryAt(f, 'requested');
    return t.logistics.post('/api/delivery-runs', w, { date: nextBusinessDay(new Date(), 'UTC'), deliveryIds: [id] });
  }, ADMIN(201)],
  ['POST /api/deliveries/{id}/out', async (w, f) => t.logistics.post(`/api/deliveries/${await deliveryAt(f, 'scheduled')}/out`, w, {}), ADMIN(200)],
  ['POST /api/deliveries/{id}/complete', async (w, f) => t.logistics.post(`/api/deliveries/${await deliveryAt(f, 'out-for-delivery')}/complete`, w, { receivedBy: 'J. Ellis', earlyReason: 'Booked for the next business day, delivered today' }), ADMIN(200)],
  // A run's pick list and load check, and cycle counts: staff only.
  ['GET /api/delivery-runs/{id}/pick-list', async (w, f) => t.logistics.get(`/api/delivery-runs/${(await runOf(f)).runId}/pick-list`, w), ADMIN(200)],
  ['GET /api/delivery-runs/{id}/pick-list.pdf', async (w, f) => pdfAnswer(`/api/delivery-runs/${(await runOf(f)).runId}/pick-list.pdf`, w), ADMIN(200)],
  ['POST /api/delivery-runs/{id}/load', async (w, f) => {
    const { runId, itemId } = await runOf(f);
    return t.logistics.post(`/api/delivery-runs/${runId}/load`, w, { itemId });
  }, ADMIN(200)],
  ['POST /api/delivery-runs/{id}/left-behind', async (w, f) => {
    const { runId, itemId } = await runOf(f);
    return t.logistics.post(`/api/delivery-runs/${runId}/left-behind`, w, { itemId, reason: 'Zebrawood lid cracked' });
  }, ADMIN(200)],
  ['POST /api/warehouse/counts', async (w, f) => {
    const { locationCode, countId } = await countOf(f);
    // The fixture's count is open: staff close it first, so a second may start.
    if (w === f.callers.admin) expect((await t.logistics.post(`/api/warehouse/counts/${countId}/close`, w, { confirmMoves: false })).status).toBe(200);
    return t.logistics.post('/api/warehouse/counts', w, { locationCode });
  }, ADMIN(201)],
  ['GET /api/warehouse/counts', async (w, f) => t.logistics.get(`/api/warehouse/counts?locationCode=${(await countOf(f)).locationCode}`, w), ADMIN(200)],
  ['GET /api/warehouse/counts/{id}', async (w, f) => t.logistics.get(`/api/warehouse/counts/${(await countOf(f)).countId}`, w), ADMIN(200)],
  ['POST /api/warehouse/counts/{id}/scans', async (w, f) => t.logistics.post(`/api/warehouse/counts/${(await countOf(f)).countId}/scans`, w, { itemId: f.itemId }), ADMIN(200)],
  ['POST /api/warehouse/counts/{id}/close', async (w, f) => t.logistics.post(`/api/warehouse/counts/${(await countOf(f)).countId}/close`, w, { confirmMoves: true }), ADMIN(200)],
  // Custody: staff manage places, labels, scans, find and release; the project's people read an item's custody.
  ['POST /api/warehouse/locations', (w, f) => t.logistics.post('/api/warehouse/locations', w, { code: `ZN-${f.projectId.slice(0, 6).toUpperCase()}-${++placesMade}`, name: `${placeName(f)} ${placesMade}`, kind: 'floor' }), ADMIN(201)],
  ['GET /api/warehouse/locations', (w) => t.logistics.get('/api/warehouse/locations', w), ADMIN(200)],
  ['GET /api/warehouse/locations/{id}/label.pdf', async (w, f) => pdfAnswer(`/api/warehouse/locations/${(await placeOf(f)).id}/label.pdf`, w), ADMIN(200)],
  ['GET /api/warehouse/items/{id}/label.pdf', (w, f) => pdfAnswer(`/api/warehouse/items/${f.itemId}/label.pdf`, w), ADMIN(200)],
  ['POST /api/warehouse/moves', async (w, f) => {
    await arrived(f);
    return t.logistics.post('/api/warehouse/moves', w, { code: `${f.itemId}/1`, locationCode: (await placeOf(f)).code });
  }, ADMIN(200)],
  ['GET /api/warehouse/items', (w) => t.logistics.get('/api/warehouse/items?q=zebrawood', w), ADMIN(200)],
  ['GET /api/warehouse/items/{id}', async (w, f) => {
    await arrived(f);
    return t.logistics.get(`/api/warehouse/items/${f.itemId}`, w);
  }, by(200, READ)],
  ['GET /api/warehouse/items/{id}/timeline', async (w, f) => {
    await arrived(f);
    return t.logistics.get(`/api/warehouse/items/${f.itemId}/timeline`, w);
  }, by(200, READ)],
  ['POST /api/warehouse/items/{id}/release', async (w, f) => {
    await arrived(f);
    return t.logistics.post(`/api/warehouse/items/${f.itemId}/release`, w, { reason: 'picked-up', receivedBy: 'J. Ellis' });
  }, ADMIN(200)],
  // Purchase orders: those who edit the project's items upload and import (a viewer may not even see the upload
  // target: 404); the project's people read them and their original file.
  ['POST /api/projects/{id}/purchase-orders', (w, f) => uploadPo(f, w), { anonymous: 401, owner: 201, member: 201, viewer: 404, removed: 404, outsider: 404, admin: 201 }],
  ['GET /api/projects/{id}/purchase-orders', (w, f) => t.logistics.get(`/api/projects/${f.projectId}/purchase-orders`, w), by(200, READ)],
  ['GET /api/purchase-orders/{id}', async (w, f) => t.logistics.get(`/api/purchase-orders/${await ownersPo(f)}`, w), by(200, READ)],
  ['GET /api/purchase-orders/{id}/file', async (w, f) => {
    const res = await fetch(`${t.logisticsService.url}/api/purchase-orders/${await ownersPo(f)}/file`, { headers: w.headers });
    return { status: res.status, body: res.headers.get('content-type')?.startsWith('application/json') ? await res.json() : undefined };
  }, by(200, READ)],
  ['POST /api/purchase-orders/{id}/import', async (w, f) => t.logistics.post(`/api/purchase-orders/${await ownersPo(f)}/import`, w, {}), by(200, EDIT)],
  // The damage e-mail's photo link: the signed link is the credential, whoever follows it.
  ['GET /api/damage-photos/{key}', async (w, f) => {
    const res = await fetch(`${t.logisticsService.url}${await damagePhotoLink(f)}`, { headers: w.headers });
    return { status: res.status, body: res.headers.get('content-type')?.startsWith('application/json') ? await res.json() : undefined };
  }, PUBLIC(200)],
  ['GET /api/shared/photos/{token}/{key}', async (w, f) => {
    const res = await fetch(`${t.logisticsService.url}/api/shared/photos/${f.shareToken}/${f.photoUrl.split('/').pop()}`, { headers: w.headers });
    return { status: res.status, body: res.headers.get('content-type')?.startsWith('application/json') ? await res.json() : undefined };
  }, PUBLIC(200)],
];

it('covers every route logistics serves (a new route fails here until it has a row)', () => {
  const none = {} as never;
  const routers = [serviceRoutes(none), carrierRoutes(), photoRoutes(none), sharedPhotoRoutes(none), searchRoutes(none), receivingRoutes(none), damagePhotoRoutes(none), deliveryRoutes(none), purchaseOrderRoutes(none, none, none, none), loadRoutes(none, none), countRoutes(none, none), custodyRoutes(none, none, none), locationRoutes(none)];
  expectEveryRouteHasARow(ROUTES, routers, { variants: true });
});

describeAuthorizationMatrix(ROUTES, { fixture, snapshot, secret: 'Zebrawood' });

/** What each list says about the fixture's project to a caller who reaches it or not. */
const LISTS: [list: string, sees: (w: Actor, f: Fixture) => Promise<boolean>][] = [
  ['GET /api/services', async (w, f) => (await t.services(w)).some((s) => s.projectId === f.projectId)],
  ['GET /api/services?q', async (w, f) => (await t.services(w, 'q=Zebrawood')).some((s) => s.projectId === f.projectId)],
  ['GET /api/search', async (w, f) => ((await t.logistics.get('/api/search?q=Zebrawood', w)).body as { id: string }[]).some((r) => r.id === f.serviceId)],
  ['GET /api/services/summary', async (w, f) => ((await t.logistics.get(`/api/services/summary?projectId=${f.projectId}`, w)).body as { total: number }).total > 0],
];

describe.each(LISTS)('%s shows the project’s services only to those who reach it', (_list, sees) => {
  it('owner, admin, member and viewer see them; a removed member and another designer do not', async () => {
    const f = await fixture();
    expect(await whoSees(f, sees)).toEqual(SEEN_BY_THOSE_WHO_REACH);
  });
});
