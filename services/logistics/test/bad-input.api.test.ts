import { nextBusinessDay } from '../src/domain/business-days';
import { actor, eventually, usePlatform } from './logistics-harness';

/**
 * Whatever a caller sends — a body of the wrong shape or types, NUL bytes, megabyte strings, ids that are not
 * ids — logistics answers 4xx with { error, message } and changes nothing; never a 5xx.
 */
const t = usePlatform({ objectStore: true });
const ann = actor();
let projectId: string;
let itemId: string;
let serviceId: string;
let uploadURL: string;

beforeAll(async () => {
  projectId = (await t.project(ann)).id;
  itemId = (await t.item(ann, projectId)).id;
  serviceId = (await t.servicesOf(ann, projectId, 5))[0]!.id;
  uploadURL = (await t.logistics.post('/api/objects/upload', ann)).body.uploadURL;
});

const MB = 'x'.repeat(1024 * 1024);
const NUL = 'a\u0000b';
const BODIES: [string, string][] = [
  ['malformed JSON', '{"selected": '],
  ['a JSON array', '[1,2]'],
  ['a JSON string', '"selected"'],
  ['null', 'null'],
  ['wrong types', JSON.stringify({ selected: 'yes', filter: { q: 5, type: ['delivery'], projectId: 7, selected: 'no' }, photoUrl: 42, itemId: {} })],
  ['NUL bytes', JSON.stringify({ selected: true, filter: { q: NUL, projectId: `${NUL}-id` }, photoUrl: `/api/photos/${NUL}`, itemId: NUL })],
  ['1 MB strings', JSON.stringify({ selected: MB, filter: { q: MB, type: MB, projectId: MB }, photoUrl: MB, itemId: MB })],
  ['bad uuids', JSON.stringify({ selected: true, filter: { projectId: 'not-a-uuid' }, photoUrl: '/api/photos/00000000-0000-0000-0000-00000000000g', itemId: '123' })],
  ['unknown fields', JSON.stringify({ selected: true, filter: {}, photoUrl: '/api/photos/x', admin: true, __proto__: { admin: true } })],
];

const WRITES = () => [
  ['PUT', `/api/services/${serviceId}`],
  ['POST', '/api/services/bulk'],
  ['PUT', '/api/item-photos'],
];

const expect4xx = (what: unknown[], res: { status: number; body: unknown }) => {
  expect([...what, res.status]).toEqual([...what, expect.any(Number)]);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), message: expect.any(String) }));
};

describe('bad input never yields a 5xx and never changes data', () => {
  it.each(BODIES)('%s → 4xx JSON on every write', async (_name, body) => {
    const before = await t.services(ann, `projectId=${projectId}`);
    for (const [method, path] of WRITES()) expect4xx([method, path], await t.logistics.call(method, path, ann, body));
    expect(await t.services(ann, `projectId=${projectId}`)).toEqual(before);
  });

  it.each([
    ['/api/services?limit=abc'],
    ['/api/services?limit=-1'],
    ['/api/services?limit=1e9'],
    ['/api/services?projectId=nope'],
    ['/api/services?type=teleport'],
    ['/api/services?selected=maybe'],
    ['/api/services?cursor={400 characters}'],
    ['/api/services?q={300 characters}'],
    ['/api/services?q=a%00b'],
    ['/api/services/summary?projectId=nope'],
    ['/api/services/summary?editable=yes'],
    ['/api/search?q='],
    ['/api/search?q={300 characters}'],
    ['/api/search?q=a%00b'],
  ])('GET %s → 4xx JSON', async (template) => {
    const path = template.replace(/\{(\d+) characters\}/, (_m, n: string) => 'x'.repeat(Number(n)));
    expect4xx([path], await t.logistics.get(path, ann));
  });

  it.each([
    ['a cursor that is not one of ours', '/api/services?cursor=garbage'],
    ['a cursor of the right shape with a bad id', `/api/services?cursor=${Buffer.from(JSON.stringify({ at: 'x', id: 'y' })).toString('base64url')}`],
  ])('%s → 4xx JSON or the first page, never 5xx', async (_name, path) => {
    const res = await t.logistics.get(path, ann);
    if (res.status !== 200) expect4xx([path], res);
  });

  // {long} is 5,000 characters; {item} a real item id, filled in once the fixture exists.
  it.each([
    ['PUT', '/api/services/not-a-uuid', { selected: true }],
    ['PUT', '/api/services/{long}', { selected: true }],
    ['PUT', '/api/services/%00', { selected: true }],
    ['PUT', '/api/services/{item}%00', { selected: true }],
    ['GET', '/api/photos/not-a-uuid', undefined],
    ['GET', '/api/photos/%00', undefined],
    ['GET', '/api/photos/{long}', undefined],
    ['GET', '/api/shared/photos/nope/not-a-uuid', undefined],
    ['GET', '/api/shared/photos/{long}/{item}', undefined],
    ['GET', '/api/shared/photos/%00/{item}', undefined],
    ['GET', '/api/shared/photos/abcdefghijklmnop%00qrstuvwxyz/{item}', undefined],
  ] as [string, string, unknown][])('%s %s (bad ids) → 4xx JSON', async (method, template, body) => {
    const path = template.replace('{long}', 'x'.repeat(5000)).replace('{item}', itemId);
    expect4xx([method, path], await t.logistics.call(method, path, ann, body));
  });

  it.each([
    ['an upload id that is not a uuid', () => '/api/objects/uploads/not-a-uuid?sig=x'],
    ['NUL in the upload id', () => '/api/objects/uploads/%00?sig=x'],
    ['no signature', () => uploadURL.replace(/\?.*$/, '')],
    ['a wrong signature', () => uploadURL.replace(/sig=.*$/, 'sig=wrong')],
    ['a signature of 8 KB', () => uploadURL.replace(/sig=.*$/, `sig=${'x'.repeat(8000)}`)],
    ['a repeated signature', () => `${uploadURL}&sig=again`],
    ['NUL in the signature', () => uploadURL.replace(/sig=.*$/, 'sig=a%00b')],
  ])('PUT of a file to %s → 4xx JSON', async (_name, url) => {
    const res = await fetch(`${t.logisticsService.url}${url()}`, { method: 'PUT', headers: { ...ann.headers, 'content-type': 'image/png' }, body: new Uint8Array(16) });
    expect4xx([url()], { status: res.status, body: await res.json() });
  });

  it('PUT of something that is not an image to a good upload URL → 4xx JSON, and the URL still works', async () => {
    const fresh = (await t.logistics.post('/api/objects/upload', ann)).body.uploadURL;
    const res = await fetch(`${t.logisticsService.url}${fresh}`, { method: 'PUT', headers: { ...ann.headers, 'content-type': 'application/json' }, body: JSON.stringify({ selected: true }) });
    expect4xx([fresh], { status: res.status, body: await res.json() });
  });
});

describe('the receiving desk: bad input is a 4xx with a message, never a 5xx, and records nothing', () => {
  const staff = actor('midway_admin');
  /** What the desk holds about the fixture's item: a bad call must leave both as they were. */
  const desk = async () => [
    await t.logisticsService.db.$queryRaw`SELECT id FROM arrivals WHERE item_id = ${itemId}::uuid`,
    await t.logisticsService.db.$queryRaw`SELECT id, discarded_at FROM arrivals WHERE discarded_at IS NOT NULL ORDER BY id`,
    await t.logisticsService.db.$queryRaw`SELECT id FROM inspections WHERE item_id = ${itemId}::uuid`,
  ];
  let arrivalId: string;
  beforeAll(async () => {
    arrivalId = (await t.logistics.post('/api/receiving/arrivals', staff, { code: 'UNLABELLED-1' })).body.id;
  });
  const DESK_WRITES = () => [
    ['POST', '/api/receiving/scan'],
    ['POST', '/api/receiving/arrivals'],
    ['PUT', `/api/receiving/arrivals/${arrivalId}`],
    ['POST', `/api/receiving/arrivals/${arrivalId}/discard`],
    ['POST', `/api/receiving/inspections/${itemId}`],
  ];

  it.each(BODIES)('%s → 4xx JSON on every desk write', async (_name, body) => {
    const before = await desk();
    for (const [method, path] of DESK_WRITES()) expect4xx([method, path], await t.logistics.call(method, path, staff, body));
    expect(await desk()).toEqual(before);
  });

  it.each([
    ['POST', '/api/receiving/scan', { code: NUL }],
    ['POST', '/api/receiving/scan', { code: MB }],
    ['POST', '/api/receiving/arrivals', { code: 'x', itemId: NUL }],
    ['POST', '/api/receiving/arrivals', { code: 'x', notes: MB }],
    ['PUT', '/api/receiving/arrivals/not-a-uuid', { itemId: '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d' }],
    ['PUT', '/api/receiving/arrivals/%00', { itemId: '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d' }],
    ['POST', '/api/receiving/arrivals/{arrival}/discard', {}],
    ['POST', '/api/receiving/arrivals/{arrival}/discard', { reason: '  ' }],
    ['POST', '/api/receiving/arrivals/{arrival}/discard', { reason: NUL }],
    ['POST', '/api/receiving/arrivals/{arrival}/discard', { reason: MB }],
    ['POST', '/api/receiving/arrivals/{arrival}/discard', { reason: 7 }],
    ['POST', '/api/receiving/arrivals/not-a-uuid/discard', { reason: 'Mis-scan' }],
    ['POST', '/api/receiving/inspections/not-a-uuid', { condition: 'good' }],
    ['POST', '/api/receiving/inspections/{item}', { condition: 'good', notes: NUL }],
    ['POST', '/api/receiving/inspections/{item}', { condition: 'good', photoUrls: [MB] }],
    ['POST', '/api/receiving/inspections/{item}', { condition: 'good', photoUrls: Array.from({ length: 21 }, (_, i) => `/api/photos/${i}`) }],
  ])('%s %s with a bad field → 4xx JSON', async (method, template, body) => {
    const before = await desk();
    const path = template.replace('{item}', itemId).replace('{arrival}', arrivalId);
    expect4xx([method, path], await t.logistics.call(method, path, staff, JSON.stringify(body)));
    expect(await desk()).toEqual(before);
  });

  it.each([['/api/receiving/arrivals?status=lost'], ['/api/receiving/arrivals?status=a%00b'], ['/api/receiving/assignable-items?q=a%00b'], [`/api/receiving/assignable-items?q=${'x'.repeat(201)}`], ['/api/receiving/inspections?status=late'], ['/api/receiving/inspections?status=']])(
    'GET %s → 4xx JSON',
    async (path) => expect4xx([path], await t.logistics.get(path, staff)),
  );
});

describe('deliveries: bad input is a 4xx with a message, never a 5xx, and books or changes nothing', () => {
  const staff = actor('midway_admin');
  let deliveryId: string;
  const deliveries = () => t.logisticsService.db.$queryRaw`
    SELECT d.id, d.status, d.date, d."window", d.address, d.notes, d.received_by, array_agg(di.item_id ORDER BY di.item_id) AS items
    FROM deliveries d LEFT JOIN delivery_items di ON di.delivery_id = d.id WHERE d.project_id = ${projectId}::uuid GROUP BY d.id ORDER BY d.id`;
  beforeAll(async () => {
    // Stored the real way (an arrival and a put-away): only items the warehouse holds can be booked.
    const stored = await t.heldItem(ann, projectId, staff, { name: 'Stored sideboard', locationCode: 'BAD-SHELF' });
    await eventually(() => t.logisticsService.db.$queryRaw<{ status: string }[]>`SELECT status FROM items WHERE id = ${stored.id}::uuid`, (r) => r[0]?.status === 'stored');
    const booked = await t.logistics.post(`/api/projects/${projectId}/deliveries`, ann, { date: nextBusinessDay(new Date(), 'UTC'), itemIds: [stored.id] });
    expect(booked.status).toBe(201);
    deliveryId = booked.body.id;
  });
  const DELIVERY_WRITES = () => [
    ['POST', `/api/projects/${projectId}/deliveries`, ann],
    ['PUT', `/api/deliveries/${deliveryId}`, ann],
    ['POST', '/api/delivery-runs', staff],
    ['POST', `/api/deliveries/${deliveryId}/complete`, staff],
  ] as const;

  // The shapes every write refuses, and delivery fields of the wrong types or with NUL bytes.
  const DELIVERY_BODIES: [string, string][] = [
    ...BODIES.filter(([name]) => ['malformed JSON', 'a JSON array', 'a JSON string', 'null', '1 MB strings'].includes(name)),
    ['wrong types', JSON.stringify({ date: 20260303, window: ['any'], address: {}, itemIds: 'all', notes: 7, receivedBy: 3, photoUrls: 'x', exceptions: {}, deliveryIds: {} })],
    ['NUL bytes', JSON.stringify({ date: `2030-01-07${NUL}`, address: NUL, itemIds: [NUL], notes: NUL, receivedBy: NUL, deliveryIds: [NUL] })],
  ];

  it.each(DELIVERY_BODIES)('%s → 4xx JSON on every delivery write', async (_name, body) => {
    const before = await deliveries();
    for (const [method, path, who] of DELIVERY_WRITES()) expect4xx([method, path], await t.logistics.call(method, path, who, body));
    expect(await deliveries()).toEqual(before);
  });

  it.each([
    ['POST', '/api/projects/{project}/deliveries', ann, { date: '2026-13-01', itemIds: [itemId] }],
    ['POST', '/api/projects/{project}/deliveries', ann, { date: '03/03/2026', itemIds: [itemId] }],
    ['POST', '/api/projects/{project}/deliveries', ann, { date: 'tomorrow', itemIds: [itemId] }],
    ['POST', '/api/projects/{project}/deliveries', ann, { itemIds: [itemId] }],
    ['POST', '/api/projects/{project}/deliveries', ann, { date: '2030-01-07', itemIds: 'all' }],
    ['POST', '/api/projects/{project}/deliveries', ann, { date: '2030-01-07', itemIds: [NUL] }],
    ['POST', '/api/projects/{project}/deliveries', ann, { date: '2030-01-07', itemIds: Array.from({ length: 201 }, () => itemId) }],
    ['POST', '/api/projects/{project}/deliveries', ann, { date: '2030-01-07', itemIds: [itemId], address: NUL }],
    ['POST', '/api/projects/{project}/deliveries', ann, { date: '2030-01-07', itemIds: [itemId], window: 'night' }],
    ['POST', '/api/projects/not-a-uuid/deliveries', ann, { date: '2030-01-07', itemIds: [itemId] }],
    ['PUT', '/api/deliveries/{delivery}', ann, { address: '' }],
    ['PUT', '/api/deliveries/{delivery}', ann, { itemIds: [] }],
    ['PUT', '/api/deliveries/%00', ann, { notes: 'x' }],
    ['POST', '/api/deliveries/not-a-uuid/cancel', ann, {}],
    ['POST', '/api/deliveries/{delivery}/complete', staff, { receivedBy: '' }],
    ['POST', '/api/deliveries/{delivery}/complete', staff, { receivedBy: 'J. Ellis', earlyReason: NUL }],
    ['POST', '/api/deliveries/{delivery}/complete', staff, { receivedBy: 'J. Ellis', earlyReason: 'x'.repeat(501) }],
    ['POST', '/api/projects/{project}/deliveries', ann, { date: '2030-01-07', itemIds: [itemId], lastMileDelivery: 'yes' }],
    ['POST', '/api/projects/{project}/deliveries', ann, { date: '2030-01-07', itemIds: [itemId], installAssemblyItemIds: [NUL] }],
    ['POST', '/api/projects/{project}/deliveries', ann, { date: '2030-01-07', itemIds: [itemId], installAssemblyItemIds: 'all' }],
    ['POST', '/api/deliveries/{delivery}/complete', staff, { receivedBy: 'J. Ellis', signature: 'data:image/jpeg;base64,AAAA' }],
    ['POST', '/api/deliveries/{delivery}/complete', staff, { receivedBy: 'J. Ellis', exceptions: [{ itemId, note: '' }] }],
    ['POST', '/api/deliveries/{delivery}/complete', staff, { receivedBy: 'J. Ellis', photoUrls: ['https://elsewhere.example/x.png'] }],
    ['POST', '/api/delivery-runs', staff, { date: '2030-01-07', deliveryIds: [] }],
    ['POST', '/api/delivery-runs', staff, { date: '2030-01-07', deliveryIds: ['nope'] }],
  ] as [string, string, typeof ann, unknown][])('%s %s with a bad field → 4xx JSON', async (method, template, who, body) => {
    const before = await deliveries();
    const path = template.replace('{project}', projectId).replace('{delivery}', deliveryId);
    expect4xx([method, path], await t.logistics.call(method, path, who, JSON.stringify(body)));
    expect(await deliveries()).toEqual(before);
  });

  it.each([['/api/deliveries?status=lost'], ['/api/deliveries?from=yesterday'], ['/api/deliveries?to=2026-02-30'], ['/api/delivery-runs'], ['/api/delivery-runs?date=a%00b'], ['/api/deliveries?projectId=nope'], ['/api/delivery-runs/days'], ['/api/delivery-runs/days?from=2026-06-08&days=0'], ['/api/delivery-runs/days?from=2026-06-08&days=32'], ['/api/delivery-runs/days?from=2026-06-08&days=x']])(
    'GET %s → 4xx JSON',
    async (path) => expect4xx([path], await t.logistics.get(path, path.startsWith('/api/delivery-runs') ? staff : ann)),
  );
});

describe('bad input to a run’s load check and to cycle counts', () => {
  const staff = actor('midway_admin');
  let runId: string;
  let loadItemId: string;
  let countId: string;
  const LOCATION = `BAD-${Date.now().toString(36).toUpperCase()}`;
  // What a refused write must leave as it was: the run's loads and left-behind items, and the count's scans.
  const state = async () => ({
    loads: await t.logisticsService.db.$queryRaw`SELECT item_id, piece FROM run_loads WHERE run_id = ${runId}::uuid ORDER BY 1, 2`,
    left: await t.logisticsService.db.$queryRaw`SELECT item_id, reason FROM run_left_behind WHERE run_id = ${runId}::uuid ORDER BY 1`,
    counts: await t.logisticsService.db.$queryRaw`SELECT c.status, (SELECT count(*)::int FROM count_scans s WHERE s.count_id = c.id) AS scans FROM counts c WHERE c.id = ${countId}::uuid`,
  });
  beforeAll(async () => {
    const item = await t.item(ann, projectId, { name: 'Loadable console' });
    await eventually(() => t.logisticsService.db.$queryRaw<{ id: string }[]>`SELECT id FROM items WHERE id = ${item.id}::uuid`, (r) => r.length === 1);
    expect((await t.logistics.post('/api/receiving/arrivals', staff, { code: 'BAD-INPUT-1', itemId: item.id })).status).toBe(201);
    const booked = await t.logistics.post(`/api/projects/${projectId}/deliveries`, ann, { date: nextBusinessDay(new Date(), 'UTC'), itemIds: [item.id] });
    expect(booked.status).toBe(201);
    runId = (await t.logistics.post('/api/delivery-runs', staff, { date: booked.body.date, deliveryIds: [booked.body.id] })).body.id;
    loadItemId = item.id;
    expect((await t.logistics.post('/api/warehouse/locations', staff, { code: LOCATION, name: 'Bad input bay', kind: 'bin' })).status).toBe(201);
    countId = (await t.logistics.post('/api/warehouse/counts', staff, { locationCode: LOCATION })).body.id;
  }, 60_000);

  const WRITES = () => [
    ['POST', `/api/delivery-runs/${runId}/load`],
    ['POST', `/api/delivery-runs/${runId}/left-behind`],
    ['POST', '/api/warehouse/counts'],
    ['POST', `/api/warehouse/counts/${countId}/scans`],
    ['POST', `/api/warehouse/counts/${countId}/close`],
  ];
  const SHAPES: [string, string][] = [
    ...BODIES.filter(([name]) => ['malformed JSON', 'a JSON array', 'a JSON string', 'null', '1 MB strings'].includes(name)),
    ['wrong types', JSON.stringify({ itemId: 7, code: ['x'], piece: 'one', reason: {}, locationCode: 12, confirmMoves: 'yes' })],
    ['NUL bytes', JSON.stringify({ itemId: NUL, code: NUL, reason: NUL, locationCode: NUL })],
    ['bad uuids', JSON.stringify({ itemId: 'not-a-uuid', code: '123/1', reason: 'x', locationCode: 'B-1', confirmMoves: 1 })],
  ];
  it.each(SHAPES)('%s → 4xx JSON on every load and count write', async (_name, body) => {
    const before = await state();
    for (const [method, path] of WRITES()) expect4xx([method, path], await t.logistics.call(method, path!, staff, body));
    expect(await state()).toEqual(before);
  });

  it.each([
    ['POST', '/api/delivery-runs/{run}/load', {}],
    ['POST', '/api/delivery-runs/{run}/load', { itemId: '{item}', code: '{item}/1' }],
    ['POST', '/api/delivery-runs/{run}/load', { itemId: '{item}', piece: 0 }],
    ['POST', '/api/delivery-runs/{run}/load', { itemId: '{item}', piece: 1.5 }],
    ['POST', '/api/delivery-runs/{run}/load', { itemId: '{item}', piece: 100 }],
    ['POST', '/api/delivery-runs/{run}/load', { code: '{item}/0' }],
    ['POST', '/api/delivery-runs/{run}/load', { code: 'x'.repeat(101) }],
    ['POST', '/api/delivery-runs/not-a-uuid/load', { itemId: '{item}' }],
    ['POST', '/api/delivery-runs/%00/load', { itemId: '{item}' }],
    ['POST', '/api/delivery-runs/{run}/left-behind', { itemId: '{item}' }],
    ['POST', '/api/delivery-runs/{run}/left-behind', { itemId: '{item}', reason: '   ' }],
    ['POST', '/api/delivery-runs/{run}/left-behind', { itemId: '{item}', reason: 'x'.repeat(501) }],
    ['POST', '/api/delivery-runs/{run}/left-behind', { reason: 'damaged' }],
    ['POST', '/api/warehouse/counts', {}],
    ['POST', '/api/warehouse/counts', { locationCode: 'B 12' }],
    ['POST', '/api/warehouse/counts', { locationCode: 'x'.repeat(33) }],
    ['POST', '/api/warehouse/counts', { locationCode: 'NO-SUCH-PLACE' }],
    ['POST', '/api/warehouse/counts/{count}/scans', {}],
    ['POST', '/api/warehouse/counts/{count}/scans', { code: 'not a label' }],
    ['POST', '/api/warehouse/counts/not-a-uuid/scans', { itemId: '{item}' }],
    ['POST', '/api/warehouse/counts/{count}/close', {}],
    ['POST', '/api/warehouse/counts/{count}/close', { confirmMoves: 'true' }],
  ] as [string, string, Record<string, unknown>][])('%s %s with a bad field → 4xx JSON', async (method, template, body) => {
    const before = await state();
    const path = template.replace('{run}', runId).replace('{count}', countId);
    const filled = JSON.parse(JSON.stringify(body).replaceAll('{item}', loadItemId));
    expect4xx([method, path], await t.logistics.call(method, path, staff, JSON.stringify(filled)));
    expect(await state()).toEqual(before);
  });

  it.each([
    ['/api/delivery-runs/not-a-uuid/pick-list'],
    ['/api/delivery-runs/%00/pick-list.pdf'],
    ['/api/warehouse/counts?locationCode=a%00b'],
    ['/api/warehouse/counts?locationCode=B%2012'],
    ['/api/warehouse/counts/not-a-uuid'],
  ])('GET %s → 4xx JSON', async (path) => expect4xx([path], await t.logistics.get(path, staff)));
});

describe('bad input to custody: locations, moves, find, release and labels', () => {
  const staff = actor('midway_admin');
  let heldId: string;
  let placeCode: string;
  let placeId: string;
  // What a refused write must leave as it was: the held item's custody and timeline, and the locations.
  const state = async () => ({
    item: await t.logisticsService.db.$queryRaw`
      SELECT custody_state, location_id, custody_end, (SELECT count(*)::int FROM custody_events e WHERE e.item_id = i.id) AS lines FROM items i WHERE i.id = ${heldId}::uuid`,
    locations: await t.logisticsService.db.$queryRaw`SELECT count(*)::int AS n FROM locations`,
  });
  beforeAll(async () => {
    const item = await t.item(ann, projectId, { name: 'Held sideboard' });
    await eventually(() => t.logisticsService.db.$queryRaw<{ id: string }[]>`SELECT id FROM items WHERE id = ${item.id}::uuid`, (r) => r.length === 1);
    expect((await t.logistics.post('/api/receiving/arrivals', staff, { code: 'BAD-CUSTODY-1', itemId: item.id })).status).toBe(201);
    heldId = item.id;
    placeCode = `BADC-${Date.now().toString(36).toUpperCase()}`;
    const place = await t.logistics.post('/api/warehouse/locations', staff, { code: placeCode, name: 'Bad input shelf', kind: 'bin' });
    expect(place.status).toBe(201);
    placeId = place.body.id;
  }, 60_000);

  const WRITES = () => [
    ['POST', '/api/warehouse/locations'],
    ['POST', '/api/warehouse/moves'],
    ['POST', `/api/warehouse/items/${heldId}/release`],
    ['POST', '/api/receiving/arrivals'],
  ];
  const SHAPES: [string, string][] = [
    ...BODIES.filter(([name]) => ['malformed JSON', 'a JSON array', 'a JSON string', 'null', '1 MB strings'].includes(name)),
    ['wrong types', JSON.stringify({ code: 12, name: [], kind: true, itemId: 7, locationCode: {}, reason: 1, receivedBy: false, pieces: 'two' })],
    ['NUL bytes', JSON.stringify({ code: NUL, name: NUL, kind: NUL, itemId: NUL, locationCode: NUL, reason: NUL, receivedBy: NUL })],
    ['bad uuids', JSON.stringify({ code: 'B-1', name: 'x', kind: 'shelf', itemId: 'not-a-uuid', locationCode: 'B-1', reason: 'lost', receivedBy: 'x', pieces: 0 })],
  ];
  it.each(SHAPES)('%s → 4xx JSON on every custody write', async (_name, body) => {
    const before = await state();
    for (const [method, path] of WRITES()) expect4xx([method, path], await t.logistics.call(method!, path!, staff, body));
    expect(await state()).toEqual(before);
  });

  it.each([
    ['POST', '/api/warehouse/locations', { code: 'B 12', name: 'Bay', kind: 'bin' }],
    ['POST', '/api/warehouse/locations', { code: 'x'.repeat(33), name: 'Bay', kind: 'bin' }],
    ['POST', '/api/warehouse/locations', { code: 'B-12', name: '  ', kind: 'bin' }],
    ['POST', '/api/warehouse/locations', { code: 'B-12', name: 'x'.repeat(101), kind: 'bin' }],
    ['POST', '/api/warehouse/locations', { code: 'B-12', name: 'Bay', kind: 'shelf' }],
    ['POST', '/api/warehouse/locations', { code: '{place}', name: 'Taken', kind: 'bin' }],
    ['POST', '/api/warehouse/moves', { locationCode: '{place}' }],
    ['POST', '/api/warehouse/moves', { itemId: '{item}', code: '{item}/1', locationCode: '{place}' }],
    ['POST', '/api/warehouse/moves', { code: 'not a label', locationCode: '{place}' }],
    ['POST', '/api/warehouse/moves', { code: '{item}/0', locationCode: '{place}' }],
    ['POST', '/api/warehouse/moves', { itemId: '{item}', piece: 1.5, locationCode: '{place}' }],
    ['POST', '/api/warehouse/moves', { itemId: '{item}', locationCode: 'B 12' }],
    ['POST', '/api/warehouse/moves', { itemId: '{item}', locationCode: 'NO-SUCH-PLACE' }],
    ['POST', '/api/warehouse/moves', { itemId: '00000000-0000-4000-8000-000000000000', locationCode: '{place}' }],
    ['POST', '/api/warehouse/items/{item}/release', {}],
    ['POST', '/api/warehouse/items/{item}/release', { reason: 'lost', receivedBy: 'Vendor' }],
    ['POST', '/api/warehouse/items/{item}/release', { reason: 'picked-up', receivedBy: '   ' }],
    ['POST', '/api/warehouse/items/{item}/release', { reason: 'picked-up', receivedBy: 'x'.repeat(201) }],
    ['POST', '/api/warehouse/items/{item}/release', { reason: 'picked-up', receivedBy: 'Jo', signature: 'data:image/jpeg;base64,AAAA' }],
    ['POST', '/api/warehouse/items/not-a-uuid/release', { reason: 'picked-up', receivedBy: 'Jo' }],
    ['POST', '/api/receiving/arrivals', { code: 'BAD-CUSTODY-1', itemId: '{item}', pieces: 0 }],
    ['POST', '/api/receiving/arrivals', { code: 'BAD-CUSTODY-1', itemId: '{item}', pieces: 100 }],
    ['POST', '/api/receiving/arrivals', { code: 'BAD-CUSTODY-1', itemId: '{item}', pieces: 1.5 }],
  ] as [string, string, Record<string, unknown>][])('%s %s with a bad field → 4xx JSON', async (method, template, body) => {
    const before = await state();
    const path = template.replace('{item}', heldId);
    const filled = JSON.parse(JSON.stringify(body).replaceAll('{item}', heldId).replaceAll('{place}', placeCode));
    expect4xx([method, path], await t.logistics.call(method, path, staff, JSON.stringify(filled)));
    expect(await state()).toEqual(before);
  });

  it.each([
    ['/api/warehouse/items?limit=0'],
    ['/api/warehouse/items?limit=201'],
    ['/api/warehouse/items?limit=abc'],
    ['/api/warehouse/items?q=a%00b'],
    ['/api/warehouse/items?cursor=bm90IGEgY3Vyc29y'],
    ['/api/warehouse/items?cursor=' + 'x'.repeat(201)],
    ['/api/warehouse/items/not-a-uuid'],
    ['/api/warehouse/items/not-a-uuid/timeline'],
    ['/api/warehouse/items/%00/label.pdf'],
    ['/api/warehouse/items/00000000-0000-4000-8000-000000000000/label.pdf'],
    ['/api/warehouse/locations/not-a-uuid/label.pdf'],
    ['/api/warehouse/locations/00000000-0000-4000-8000-000000000000/label.pdf'],
  ])('GET %s → 4xx JSON', async (path) => expect4xx([path], await t.logistics.get(path, staff)));

  it('a location label of a real place is a PDF (the 4xx rows above are not a broken route)', async () => {
    const res = await fetch(`${t.logisticsService.url}/api/warehouse/locations/${placeId}/label.pdf`, { headers: staff.headers });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  });
});
