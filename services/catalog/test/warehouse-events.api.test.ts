import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { makeEvent } from '@midway/service-kit';
import type { EventEnvelope, Item } from '@midway/contracts';
import { testEnv } from '@midway/testing';
import { actor, eventually, inviteAndAccept, useCatalog, watchCatalogEvents, announceUser } from './catalog-harness';

/**
 * The warehouse's facts (logistics' receiving desk) as designers and clients see them: an arrival makes the item
 * received as of the arrival (visible within 3 s), with catalog's own status events and a history line; the
 * inspection shows on the item; a damage report on the project; the client page says only 'inspected' or
 * 'damage reported'. Redelivered facts change nothing.
 */
const t = useCatalog();
let nc: NatsConnection;
beforeAll(async () => {
  nc = await connect({ servers: testEnv().natsUrl });
});
afterAll(async () => nc?.close());

const admin = '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33';
const publish = async (e: EventEnvelope, msgID = e.id) => void (await jetstream(nc).publish(e.type, JSON.stringify(e), { msgID }));
const arrived = (item: { id: string; projectId: string }, arrivedAt: string) =>
  makeEvent('logistics.item.arrived.v1', {
    arrivalId: randomUUID(), itemId: item.id, projectId: item.projectId, trackingNumber: '1Z5R89390357567127', notes: null, arrivedAt,
    inspectionDueAt: new Date(Date.parse(arrivedAt) + 48 * 3_600_000).toISOString(), byUserId: admin,
  });
const PHOTO = '/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab';

async function setUp() {
  const owner = actor();
  const project = await t.http.project(owner, { name: 'Harbour Loft' });
  const item = (await t.http.item(owner, project.id, { name: 'Walnut sideboard', trackingNumber: '1Z5R89390357567127' })) as Item;
  const detail = async () => (await t.http.get(`/api/projects/${project.id}`, owner)).body as { items: Item[]; damageReports: unknown[] };
  const view = async () => (await detail()).items.find((i) => i.id === item.id)!;
  const history = async () => ((await t.http.get(`/api/activities?limit=50`, owner)).body as { itemId: string | null; description: string; projectId: string }[]).filter((a) => a.projectId === project.id);
  return { owner, project, item, view, detail, history };
}

it('an arrival makes the item received as of the arrival within 3 s, with catalog’s status events and a history line; a redelivery changes nothing', async () => {
  const { item, view, history } = await setUp();
  const events = await watchCatalogEvents();
  const fact = arrived(item, '2026-06-01T09:30:00.000Z');
  const started = Date.now();
  await publish(fact);
  const received = await eventually(view, (i) => i.status === 'received', 3000);
  expect(Date.now() - started).toBeLessThan(3000);
  expect(received.receivedAt).toBe('2026-06-01T09:30:00.000Z');
  await publish(fact, randomUUID());
  await new Promise((r) => setTimeout(r, 700));
  // The item's creation may still be on its way from the outbox: only what the arrival caused counts here.
  const seen = (await events.settle()).filter((e) => (e.data as { itemId?: string }).itemId === item.id && e.type !== 'catalog.item.created.v1');
  events.close();
  expect(seen.map((e) => e.type).sort()).toEqual(['catalog.item.status-changed.v1', 'catalog.item.updated.v1']);
  expect(seen.find((e) => e.type === 'catalog.item.status-changed.v1')!.data).toMatchObject({ from: 'ordered', to: 'received', receivedAt: '2026-06-01T09:30:00.000Z' });
  expect((await history()).filter((a) => a.itemId === item.id).map((a) => a.description)).toEqual(['Received at the warehouse: "Walnut sideboard"', 'Item "Walnut sideboard" added']);
  expect((await view()).receivedAt).toBe('2026-06-01T09:30:00.000Z');
});

it('a parcel assigned by hand at the desk gives its scanned number to an item that had none; an item keeps its own', async () => {
  const owner = actor();
  const project = await t.http.project(owner, { name: 'Cedar House' });
  const bare = (await t.http.item(owner, project.id, { name: 'Rattan chair' })) as Item;
  const numbered = (await t.http.item(owner, project.id, { name: 'Oak stool', trackingNumber: '1Z999AA10123456784' })) as Item;
  const scanned = (item: Item, code: string) =>
    makeEvent('logistics.item.arrived.v1', {
      arrivalId: randomUUID(), itemId: item.id, projectId: project.id, trackingNumber: code, notes: null, arrivedAt: '2026-06-02T10:00:00.000Z',
      inspectionDueAt: '2026-06-04T10:00:00.000Z', byUserId: admin,
    });
  await publish(scanned(bare, 'TBA301234567890'));
  await publish(scanned(numbered, 'TBA309999999999'));
  const items = async () => ((await t.http.get(`/api/projects/${project.id}`, owner)).body as { items: Item[] }).items;
  const now = await eventually(items, (all) => all.every((i) => i.status === 'received'), 5000);
  expect(now.find((i) => i.id === bare.id)!.trackingNumber).toBe('TBA301234567890');
  expect(now.find((i) => i.id === numbered.id)!.trackingNumber).toBe('1Z999AA10123456784');
});

it('an item already marked received keeps its date; the history still says the warehouse has it', async () => {
  const { owner, item, view, history } = await setUp();
  expect((await t.http.put(`/api/items/${item.id}/status`, owner, { status: 'received' })).status).toBe(200);
  const before = (await view()).receivedAt;
  await publish(arrived(item, '2020-01-01T00:00:00.000Z'));
  await eventually(history, (h) => h.some((a) => a.description === 'Received at the warehouse: "Walnut sideboard"'));
  expect(await view()).toMatchObject({ status: 'received', receivedAt: before });
});

it('the inspection shows on the item and its project’s items; a damage report on the project; the client page says only whether damage was reported', async () => {
  const { owner, project, item, view, detail, history } = await setUp();
  const second = (await t.http.item(owner, project.id, { name: 'Oak bench' })) as Item;
  const inspectionId = randomUUID();
  const inspected = makeEvent('logistics.item.inspected.v1', {
    inspectionId, itemId: item.id, projectId: project.id, notes: 'Cracked top', byUserId: admin, inspectedAt: '2026-06-02T10:00:00.000Z', condition: 'damaged', photoUrls: [PHOTO],
  });
  const report = makeEvent('logistics.damage.reported.v1', {
    damageReportId: randomUUID(), inspectionId, itemId: item.id, projectId: project.id, itemName: 'Walnut sideboard', condition: 'damaged', notes: 'Cracked top', photoUrls: [PHOTO], byUserId: admin,
    reportedAt: '2026-06-02T10:00:00.000Z',
  });
  // An older producer's inspected fact, without condition or photos: a good inspection.
  const legacy = { ...makeEvent('logistics.item.inspected.v1', { inspectionId: randomUUID(), itemId: second.id, projectId: project.id, notes: null, byUserId: admin, inspectedAt: '2026-06-02T11:00:00.000Z' } as never) };
  delete (legacy.data as Record<string, unknown>).condition;
  delete (legacy.data as Record<string, unknown>).photoUrls;
  await publish(inspected);
  await publish(report);
  await publish(legacy as EventEnvelope);
  await publish(report, randomUUID());

  const expected = { condition: 'damaged', inspectedAt: '2026-06-02T10:00:00.000Z', notes: 'Cracked top', photoUrls: [PHOTO] };
  expect((await eventually(view, (i) => i.inspection !== null)).inspection).toEqual(expected);
  const d = await eventually(detail, (x) => x.damageReports.length > 0 && x.items.every((i) => i.inspection !== null));
  expect(d.items.find((i) => i.id === item.id)!.inspection).toEqual(expected);
  expect(d.items.find((i) => i.id === second.id)!.inspection).toEqual({ condition: 'good', inspectedAt: '2026-06-02T11:00:00.000Z', notes: null, photoUrls: [] });
  const listed = (await t.http.get(`/api/items?projectId=${project.id}`, owner)).body as Item[];
  expect(listed.find((i) => i.id === item.id)!.inspection).toEqual(expected);
  await new Promise((r) => setTimeout(r, 500));
  expect((await detail()).damageReports).toEqual([
    { id: report.data.damageReportId, itemId: item.id, itemName: 'Walnut sideboard', condition: 'damaged', notes: 'Cracked top', photoUrls: [PHOTO], reportedAt: '2026-06-02T10:00:00.000Z' },
  ]);
  const lines = (await history()).map((a) => a.description);
  expect(lines).toEqual(expect.arrayContaining(['Inspected: damaged — "Walnut sideboard"', 'Inspected: good — "Oak bench"', 'Damage reported: "Walnut sideboard" (damaged)']));
  expect(lines.filter((l) => l.startsWith('Damage reported'))).toHaveLength(1);

  const token = (await t.http.post(`/api/projects/${project.id}/share`, owner)).body.shareToken;
  const shared = await t.http.get(`/api/shared/projects/${token}`, actor());
  expect(shared.body.items.map((i: { name: string; inspection: string | null }) => [i.name, i.inspection]).sort()).toEqual([
    ['Oak bench', 'inspected'],
    ['Walnut sideboard', 'damage-reported'],
  ]);
  expect(JSON.stringify(shared.body)).not.toContain('Cracked top');
});

it('a member sees the project’s damage reports too', async () => {
  const { owner, project, item } = await setUp();
  const member = actor();
  await announceUser(member);
  await eventually(async () => (await t.catalog.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM users WHERE id = ${member.userId}::uuid`)[0]!.n, (n) => n === 1);
  await inviteAndAccept(t.http, owner, project.id, member, 'viewer');
  await publish(makeEvent('logistics.damage.reported.v1', {
    damageReportId: randomUUID(), inspectionId: randomUUID(), itemId: item.id, projectId: project.id, itemName: 'Walnut sideboard', condition: 'missing-parts', notes: null, photoUrls: [], byUserId: admin,
    reportedAt: '2026-06-03T10:00:00.000Z',
  }));
  const seen = await eventually(async () => (await t.http.get(`/api/projects/${project.id}`, member)).body.damageReports as { condition: string }[], (r) => r.length === 1);
  expect(seen[0]!.condition).toBe('missing-parts');
});
