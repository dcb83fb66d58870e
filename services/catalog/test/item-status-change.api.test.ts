import { eventEnvelopeSchema, eventSchemas, ITEM_STATUSES, type EventEnvelope, type Item, type ItemStatus } from '@midway/contracts';
import { Prisma } from '../src/data/prisma-client';
import { activityText } from '../src/domain/activity-text';
import { itemEvents } from '../src/domain/item-events';
import { stampsFor, stampsSql } from '../src/domain/item-timestamps';
import { actor, announceUser, inviteAndAccept, useCatalog } from './catalog-harness';

/**
 * A status change is one statement (ItemRepository.changeStatus) whose SQL builds the item's stamps, its history
 * line and its two events: here Postgres is checked to write exactly what the TypeScript rules and builders do.
 */
const t = useCatalog();
const http = t.http;

async function eventsAbout(id: string): Promise<EventEnvelope[]> {
  const rows = await t.catalog.db.$queryRaw<{ payload: string }[]>`SELECT payload::text AS payload FROM outbox_events WHERE payload::text LIKE ${`%${id}%`} ORDER BY seq`;
  return rows.map((r) => JSON.parse(r.payload));
}

async function historyOf(itemId: string) {
  return t.catalog.db.$queryRaw<{ type: string; description: string; metadata: unknown }[]>`SELECT type, description, metadata FROM activities WHERE item_id = ${itemId}::uuid AND type = 'item_status' ORDER BY created_at`;
}

const withoutEnvelope = (e: EventEnvelope | ReturnType<typeof itemEvents.updated>) => ({ type: e.type, data: e.data });

describe('a status change written by one statement', () => {
  it('writes the events the builders make, the history line activityText makes, and answers the item as it is now', async () => {
    const ann = actor();
    await announceUser(ann);
    const project = await http.project(ann);
    // A UPS number with no carrier chosen: the events carry the carrier the number belongs to.
    const before = (await http.item(ann, project.id, { trackingNumber: '1Z5R89390357567127', price: '1249.50', quantity: 2, supplier: 'Gus Modern' })) as Item;
    const res = await http.put(`/api/items/${before.id}/status`, ann, { status: 'received' });
    expect(res.status).toBe(200);
    const after = res.body as Item;
    expect(after).toEqual((await http.get(`/api/projects/${project.id}`, ann)).body.items.find((i: Item) => i.id === before.id));
    expect(after).toMatchObject({ status: 'received', carrierId: 'ups', price: '1249.50' });
    expect(after.receivedAt).toBe(after.updatedAt);

    const events = (await eventsAbout(before.id)).slice(1); // after the created event
    expect(events.map(withoutEnvelope)).toEqual([itemEvents.updated(after, ann.userId, ['status']), itemEvents.statusChanged(before, after, ann.userId)].map(withoutEnvelope));
    for (const e of events) {
      expect(eventEnvelopeSchema.parse(e)).toEqual(e);
      expect(eventSchemas[e.type].parse(e.data)).toEqual(e.data);
      expect(e.occurredAt).toBe(after.updatedAt);
    }
    expect(await historyOf(before.id)).toEqual([{ type: 'item_status', description: activityText.itemStatus(before.name, 'received'), metadata: { from: 'ordered', to: 'received' } }]);
  });

  it('gives the events the carrier of the number the item has when its number changed since the last status change', async () => {
    const ann = actor();
    await announceUser(ann);
    const project = await http.project(ann);
    const item = (await http.item(ann, project.id, { trackingNumber: '1Z5R89390357567127' })) as Item;
    expect((await http.put(`/api/items/${item.id}/status`, ann, { status: 'in-transit' })).status).toBe(200);
    // Another replica (here: the database itself) gives it a FedEx number; this process last saw the UPS one.
    await t.catalog.db.$executeRaw`UPDATE items SET tracking_number = '449044304137821' WHERE id = ${item.id}::uuid`;
    const res = await http.put(`/api/items/${item.id}/status`, ann, { status: 'received' });
    expect(res.status).toBe(200);
    expect(res.body.carrierId).toBe('fedex');
    const last = (await eventsAbout(item.id)).filter((e) => e.type === 'catalog.item.updated.v1').at(-1)!;
    expect(last.data).toMatchObject({ trackingNumber: '449044304137821', carrierId: 'fedex', status: 'received' });
  });

  it('answers a viewer 403 and someone outside the project 404, and writes nothing for either', async () => {
    const [owner, viewer, outsider] = [actor(), actor(), actor()];
    for (const who of [owner, viewer, outsider]) await announceUser(who);
    const project = await http.project(owner);
    await inviteAndAccept(http, owner, project.id, viewer, 'viewer');
    const item = (await http.item(owner, project.id)) as Item;
    const refused = await http.put(`/api/items/${item.id}/status`, viewer, { status: 'received' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/not change its items/);
    expect((await http.put(`/api/items/${item.id}/status`, outsider, { status: 'received' })).status).toBe(404);
    expect((await http.get(`/api/projects/${project.id}`, owner)).body.items[0].status).toBe('ordered');
    expect(await historyOf(item.id)).toEqual([]);
    expect((await eventsAbout(item.id)).map((e) => e.type)).toEqual(['catalog.item.created.v1']);
  });

  it('stamps received and delivered as stampsFor does, from every status to every other, with and without an earlier receipt', async () => {
    const now = new Date('2026-03-04T05:06:07.123Z');
    const earlier = '2026-01-02T03:04:05.678Z';
    const cases = ITEM_STATUSES.flatMap((from) => ITEM_STATUSES.filter((to) => to !== from).flatMap((to) => [null, earlier].map((receivedAt) => ({ from, to, receivedAt, deliveredAt: null as string | null }))));
    for (const c of cases) {
      const sql = stampsSql(c.to as ItemStatus, now);
      const [row] = await t.catalog.db.$queryRaw<{ received_at: Date | null; delivered_at: Date | null }[]>(
        Prisma.sql`SELECT ${sql.receivedAt} AS received_at, ${sql.deliveredAt} AS delivered_at FROM (SELECT ${c.from}::text AS status, ${c.receivedAt}::timestamptz AS received_at, ${c.deliveredAt}::timestamptz AS delivered_at) i`,
      );
      const rule = stampsFor(c.to as ItemStatus, { status: c.from as ItemStatus, receivedAt: c.receivedAt, deliveredAt: c.deliveredAt }, now);
      const expected = { received_at: rule.receivedAt ?? (c.receivedAt ? new Date(c.receivedAt) : null), delivered_at: rule.deliveredAt ?? null };
      expect({ case: c, ...row }).toEqual({ case: c, ...expected });
    }
  });
});
