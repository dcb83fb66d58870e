import { randomUUID } from 'node:crypto';
import { actor, eventually, usePlatform, watchEvents, type Actor } from './logistics-harness';

/**
 * Logistics' read model of catalog's projects and items is fed by events, so a call made right after catalog
 * created something can reach logistics before the event does. It then asks catalog before answering 404:
 * 404 means "does not exist" (or "not yours"), never "not arrived yet".
 */
const t = usePlatform({ objectStore: true });

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

/** A completed upload of `who`, ready to attach: its path without the signature. */
async function uploaded(who: Actor): Promise<string> {
  const url = (await t.logistics.post('/api/objects/upload', who)).body.uploadURL as string;
  const res = await fetch(`${t.logisticsService.url}${url}`, { method: 'PUT', headers: { ...who.headers, 'content-type': 'image/png' }, body: new Uint8Array(PNG) });
  expect(res.status).toBe(200);
  return url.split('?')[0]!;
}

const attach = (who: Actor, photoUrl: string, itemId: string) => t.logistics.put('/api/item-photos', who, { photoUrl, itemId });
const bulk = (who: Actor, projectId: string) => t.logistics.post('/api/services/bulk', who, { filter: { projectId, type: 'delivery' }, selected: true });
const statuses = (answers: { status: number }[]) => answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {});

/** A project and item in catalog's tables with no event published: logistics can only learn them by asking. */
async function silentItem(owner: Actor) {
  const db = t.catalogService.db;
  const projectId = randomUUID();
  const itemId = randomUUID();
  await db.$executeRaw`INSERT INTO projects (id, name, client_name, location, created_by_id, updated_at) VALUES (${projectId}::uuid, 'Quiet Cottage', 'Pat Lee', 'Victoria, BC', ${owner.userId}::uuid, now())`;
  await db.$executeRaw`INSERT INTO items (id, project_id, name, updated_at) VALUES (${itemId}::uuid, ${projectId}::uuid, 'Oak sideboard', now())`;
  return { projectId, itemId };
}

/** Whether logistics has applied these events from catalog's stream (its inbox holds their ids). */
async function applied(eventIds: string[]) {
  const [{ n }] = await t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM inbox_events WHERE id::text IN (SELECT json_array_elements_text(${JSON.stringify(eventIds)}::json))`;
  return n === eventIds.length;
}

describe('an item or project catalog has and logistics has not seen yet', () => {
  it('50 items created and their photos attached at once: every photo is attached, and stays when the items’ events arrive', async () => {
    const owner = actor();
    const p = await t.project(owner);
    const photos = await Promise.all(Array.from({ length: 50 }, () => uploaded(owner)));
    const created = await watchEvents('catalog.item.created.v1');

    const pairs = await Promise.all(
      photos.map(async (photoUrl, i) => {
        const item = await t.item(owner, p.id, { name: `Side chair ${i}` });
        return { item, photoUrl, answer: await attach(owner, photoUrl, item.id) };
      }),
    );
    expect(statuses(pairs.map((x) => x.answer))).toEqual({ 200: 50 });

    // The items' own creation facts (which carry no photo) arrive later and take no photo away.
    const ids = await eventually(
      async () => pairs.map((x) => created.seen.find((e) => (e.data as { itemId: string }).itemId === x.item.id)?.id),
      (found) => found.every(Boolean),
    );
    created.close();
    expect(await eventually(() => applied(ids as string[]), (done) => done, 20_000)).toBe(true);
    const carried = await t.logisticsService.db.$queryRaw<{ id: string; photo: string }[]>`
      SELECT id::text, photo_key::text AS photo FROM items WHERE project_id = ${p.id}::uuid`;
    expect(new Map(carried.map((r) => [r.id, `/api/photos/${r.photo}`]))).toEqual(new Map(pairs.map((x) => [x.item.id, x.photoUrl.replace('/api/objects/uploads/', '/api/photos/')])));
  }, 60_000);

  it('50 projects created and bulk-selected at once: none is "Project not found"', async () => {
    const owner = actor();
    const answers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const p = await t.project(owner);
        return bulk(owner, p.id);
      }),
    );
    expect(statuses(answers)).toEqual({ 200: 50 });
  }, 60_000);

  it('an item whose events never came is learnt from catalog: the photo attaches and the item gets its services', async () => {
    const owner = actor();
    const { projectId, itemId } = await silentItem(owner);
    expect(await attach(owner, await uploaded(owner), itemId)).toMatchObject({ status: 200 });
    expect(await bulk(owner, projectId)).toMatchObject({ status: 200, body: { updated: 1 } });
    expect((await t.services(owner, `projectId=${projectId}`)).map((s) => s.itemId)).toEqual(Array(5).fill(itemId));
  });

  it('an id catalog does not hold is 404 at once', async () => {
    const owner = actor();
    const photoUrl = await uploaded(owner);
    const started = Date.now();
    expect(await attach(owner, photoUrl, randomUUID())).toMatchObject({ status: 404, body: { message: 'Item not found' } });
    expect(await bulk(owner, randomUUID())).toMatchObject({ status: 404, body: { message: 'Project not found' } });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('someone else’s item or project is still 404 after asking, and nothing of it is shown', async () => {
    const [owner, outsider] = [actor(), actor()];
    const { projectId, itemId } = await silentItem(owner);
    expect(await attach(outsider, await uploaded(outsider), itemId)).toMatchObject({ status: 404, body: { message: 'Item not found' } });
    expect(await bulk(outsider, projectId)).toMatchObject({ status: 404, body: { message: 'Project not found' } });
    expect(await t.services(outsider, `projectId=${projectId}`)).toEqual([]);
    // The owner reaches what logistics learnt while answering the outsider.
    expect(await t.services(owner, `projectId=${projectId}`)).toHaveLength(5);
  });
});
