import { eventEnvelopeSchema, eventSchemas, type EventEnvelope, type Item } from '@midway/contracts';
import { currentRequestId } from '@midway/service-kit';
import { EDITABLE_FIELDS } from '../src/data/item.fields';
import { activityText } from '../src/domain/activity-text';
import { itemEvents } from '../src/domain/item-events';
import { actor, announceUser, useCatalog } from './catalog-harness';

/**
 * An edit (PUT /api/items/{id}) is one statement (ItemRepository.edit) whose SQL writes the row, its history line
 * and its events: here Postgres is checked to write exactly what the TypeScript builders and texts do, in one
 * round trip with no interactive transaction, and edits sent at once to apply once each, the last one winning.
 */
const t = useCatalog();
const http = t.http;

async function eventsAbout(id: string): Promise<EventEnvelope[]> {
  const rows = await t.catalog.db.$queryRaw<{ payload: string }[]>`SELECT payload::text AS payload FROM outbox_events WHERE payload::text LIKE ${`%${id}%`} ORDER BY seq`;
  return rows.map((r) => JSON.parse(r.payload));
}

async function historyOf(itemId: string) {
  return t.catalog.db.$queryRaw<{ type: string; description: string; metadata: unknown }[]>`
    SELECT type, description, metadata FROM activities WHERE item_id = ${itemId}::uuid AND type IN ('item_updated', 'item_status') ORDER BY created_at`;
}

const withoutEnvelope = (e: EventEnvelope | ReturnType<typeof itemEvents.updated>) => ({ type: e.type, data: e.data });
const changedBetween = (before: Item, after: Item) => EDITABLE_FIELDS.filter((f) => before[f] !== after[f]);

function valid(events: EventEnvelope[], occurredAt: string) {
  for (const e of events) {
    expect(eventEnvelopeSchema.parse(e)).toEqual(e);
    expect(eventSchemas[e.type].parse(e.data)).toEqual(e.data);
    expect(e.occurredAt).toBe(occurredAt);
  }
}

describe('an item edit written by one statement', () => {
  it('writes the updated event the builder makes (changed fields in order, the new number’s carrier), the history line, and answers the item as it is now', async () => {
    const ann = actor();
    await announceUser(ann);
    const project = await http.project(ann);
    const before = (await http.item(ann, project.id, { trackingNumber: '1Z5R89390357567127', price: '100.00', quantity: 2, notes: 'fragile' })) as Item;
    expect(before.carrierId).toBe('ups');
    // A FedEx number: the carrier changes with it; notes sent as they are do not count as changed.
    const res = await http.put(`/api/items/${before.id}`, ann, { name: 'Oak table', price: '1249.5', trackingNumber: '449044304137821', notes: 'fragile', roomLocation: '' });
    expect(res.status).toBe(200);
    const after = res.body as Item;
    expect(after).toEqual((await http.get(`/api/projects/${project.id}`, ann)).body.items.find((i: Item) => i.id === before.id));
    expect(after).toMatchObject({ name: 'Oak table', price: '1249.50', trackingNumber: '449044304137821', carrierId: 'fedex', notes: 'fragile', status: 'ordered' });
    const changed = changedBetween(before, after);
    expect(changed).toEqual(['name', 'trackingNumber', 'carrierId', 'price']);

    const events = (await eventsAbout(before.id)).slice(1); // after the created event
    expect(events.map(withoutEnvelope)).toEqual([itemEvents.updated(after, ann.userId, changed)].map(withoutEnvelope));
    valid(events, after.updatedAt);
    expect(await historyOf(before.id)).toEqual([{ type: 'item_updated', description: activityText.itemUpdated('Oak table'), metadata: { fields: changed } }]);
  });

  it('with a new status: both events and the status history line (with the new name); the status’s stamp', async () => {
    const ann = actor();
    await announceUser(ann);
    const project = await http.project(ann);
    const before = (await http.item(ann, project.id, { status: 'in-transit' })) as Item;
    const res = await http.put(`/api/items/${before.id}`, ann, { status: 'received', name: 'Sofa' });
    expect(res.status).toBe(200);
    const after = res.body as Item;
    expect(after.receivedAt).toBe(after.updatedAt);
    const events = (await eventsAbout(before.id)).slice(1);
    expect(events.map(withoutEnvelope)).toEqual([itemEvents.updated(after, ann.userId, ['name', 'status']), itemEvents.statusChanged(before, after, ann.userId)].map(withoutEnvelope));
    valid(events, after.updatedAt);
    expect(await historyOf(before.id)).toEqual([{ type: 'item_status', description: activityText.itemStatus('Sofa', 'received'), metadata: { from: 'in-transit', to: 'received' } }]);
  });

  it('an edit that changes nothing writes no event and no history line', async () => {
    const ann = actor();
    const project = await http.project(ann);
    const item = (await http.item(ann, project.id, { notes: 'as is' })) as Item;
    const res = await http.put(`/api/items/${item.id}`, ann, { notes: 'as is', name: item.name, status: item.status });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ notes: 'as is', name: item.name });
    expect(await eventsAbout(item.id)).toHaveLength(1);
    expect(await historyOf(item.id)).toEqual([]);
  });

  it('gives the event the carrier of the number the row has when another replica changed it since', async () => {
    const ann = actor();
    const project = await http.project(ann);
    const item = (await http.item(ann, project.id, { trackingNumber: '1Z5R89390357567127' })) as Item;
    expect((await http.put(`/api/items/${item.id}`, ann, { notes: 'one' })).status).toBe(200);
    await t.catalog.db.$executeRaw`UPDATE items SET tracking_number = '449044304137821' WHERE id = ${item.id}::uuid`;
    const res = await http.put(`/api/items/${item.id}`, ann, { notes: 'two' });
    expect(res.status).toBe(200);
    expect(res.body.carrierId).toBe('fedex');
    const last = (await eventsAbout(item.id)).at(-1)!;
    expect(last.data).toMatchObject({ carrierId: 'fedex', trackingNumber: '449044304137821', changedFields: ['notes'] });
  });

  it('is one round trip to Postgres: no interactive transaction, one statement', async () => {
    const ann = actor();
    const project = await http.project(ann);
    const item = (await http.item(ann, project.id)) as Item;
    // Learn the item's number (none) first: the statement that follows is the edit alone.
    expect((await http.put(`/api/items/${item.id}`, ann, { notes: 'warm-up' })).status).toBe(200);
    const db = t.catalog.db as unknown as Record<string, (...a: unknown[]) => unknown>;
    const calls: string[] = [];
    const spies = ['$transaction', '$queryRaw', '$executeRaw', '$queryRawUnsafe', '$executeRawUnsafe'].map((name) => {
      const original = db[name]!.bind(db);
      return jest.spyOn(db, name).mockImplementation((...a: unknown[]) => {
        // Only this request's (the relay and housekeeping run outside any request).
        if (currentRequestId()) calls.push(name);
        return original(...a);
      });
    });
    try {
      const res = await http.put(`/api/items/${item.id}`, ann, { notes: 'measured', quantity: 3 });
      expect(res.status).toBe(200);
    } finally {
      for (const s of spies) s.mockRestore();
    }
    expect(calls).toEqual(['$queryRaw']);
  });

  it('edits sent at once are each applied once, from the one before; the last applied wins; one event and one history line each', async () => {
    const ann = actor();
    const project = await http.project(ann);
    const item = (await http.item(ann, project.id, { quantity: 1 })) as Item;
    const notes = Array.from({ length: 8 }, (_, i) => `edit ${i}`);
    const answers = await Promise.all(notes.map((n, i) => http.put(`/api/items/${item.id}`, ann, { notes: n, quantity: i + 2 })));
    expect(answers.map((a) => a.status)).toEqual(notes.map(() => 200));
    const events = (await eventsAbout(item.id)).filter((e) => e.type === 'catalog.item.updated.v1');
    expect(events).toHaveLength(8);
    // In the order applied (seq), each changed both fields from the one before, and the last applied is what the item has.
    expect(new Set(events.map((e) => (e.data as { quantity: number }).quantity)).size).toBe(8);
    for (const e of events) expect((e.data as { changedFields: string[] }).changedFields).toEqual(['quantity', 'notes']);
    const final = (await http.get(`/api/projects/${project.id}`, ann)).body.items.find((i: Item) => i.id === item.id) as Item;
    const last = events.at(-1)!.data as { quantity: number; updatedAt: string };
    expect(final.quantity).toBe(last.quantity);
    expect(final.notes).toBe(`edit ${last.quantity - 2}`);
    expect(final.updatedAt).toBe(last.updatedAt);
    const stamps = events.map((e) => (e.data as { updatedAt: string }).updatedAt);
    expect([...stamps].sort()).toEqual(stamps);
    const history = await historyOf(item.id);
    expect(history).toHaveLength(8);
    for (const h of history) expect(h).toMatchObject({ type: 'item_updated', metadata: { fields: ['quantity', 'notes'] } });
  });
});
