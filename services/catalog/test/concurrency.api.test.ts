import type { EventEnvelope } from '@midway/contracts';
import { actor, useCatalog } from './catalog-harness';

/**
 * Writes that race: each is proved with requests sent at once, not by reading the code. Every change is
 * computed from the state it replaces, so there is one activity and one event per real change, and the
 * events of an item, in the order written, replay to its final state.
 */
const t = useCatalog();
const http = t.http;
const at = <T>(n: number, f: () => Promise<T>) => Promise.all(Array.from({ length: n }, f));

/** The catalog events written for an item, in the order the relay publishes them. */
async function eventsAbout(id: string): Promise<EventEnvelope[]> {
  const rows = await t.catalog.db.$queryRaw<{ payload: string }[]>`SELECT payload::text AS payload FROM outbox_events WHERE payload::text LIKE ${`%${id}%`} ORDER BY seq`;
  return rows.map((r) => JSON.parse(r.payload));
}
async function activitiesOf(itemId: string, type: string): Promise<number> {
  const [row] = await t.catalog.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM activities WHERE (item_id = ${itemId}::uuid OR metadata->>'itemId' = ${itemId}) AND type = ${type}`;
  return row!.n;
}

describe('item status changes sent at once', () => {
  it('six identical "received" make one change: one activity, one status-changed event, receivedAt stamped once', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const item = await http.item(ann, p.id);
    const answers = await at(6, () => http.put(`/api/items/${item.id}/status`, ann, { status: 'received' }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const stamped = new Set(answers.map((a) => a.body.receivedAt));
    expect(stamped.size).toBe(1);
    expect((await http.get(`/api/projects/${p.id}`, ann)).body.items[0].receivedAt).toBe([...stamped][0]);
    expect(await activitiesOf(item.id, 'item_status')).toBe(1);
    expect((await eventsAbout(item.id)).filter((e) => e.type === 'catalog.item.status-changed.v1')).toHaveLength(1);
  });

  it('"received" and "delivered" at once from in-transit: two changes, each from the state before it, replaying to the final state', async () => {
    for (let round = 0; round < 3; round++) {
      const ann = actor();
      const p = await http.project(ann);
      const item = await http.item(ann, p.id);
      await http.put(`/api/items/${item.id}/status`, ann, { status: 'in-transit' });
      const answers = await Promise.all(['received', 'delivered'].map((status) => http.put(`/api/items/${item.id}/status`, ann, { status })));
      expect(answers.map((a) => a.status)).toEqual([200, 200]);

      const final = (await http.get(`/api/projects/${p.id}`, ann)).body.items[0];
      const changes = (await eventsAbout(item.id)).filter((e) => e.type === 'catalog.item.status-changed.v1').map((e) => e.data as { from: string; to: string; changedAt: string });
      expect(changes).toHaveLength(3);
      // Each change starts where the one before it ended, and the last one is the item's state.
      expect(changes.map((c) => c.from)).toEqual(['ordered', changes[0]!.to, changes[1]!.to]);
      expect(changes[2]!.to).toBe(final.status);
      expect(new Set(changes.slice(1).map((c) => c.to))).toEqual(new Set(['received', 'delivered']));
      expect([...changes.map((c) => c.changedAt)].sort()).toEqual(changes.map((c) => c.changedAt));
      expect(await activitiesOf(item.id, 'item_status')).toBe(3);
    }
  });
});

describe('deleting an item', () => {
  it('twice at once: one delete, one event, and the other answer is a 404 (not a 500)', async () => {
    const ann = actor();
    const p = await http.project(ann);
    const item = await http.item(ann, p.id);
    const answers = await at(4, () => http.del(`/api/items/${item.id}`, ann));
    expect(answers.map((a) => a.status).sort()).toEqual([204, 404, 404, 404]);
    expect((await eventsAbout(item.id)).filter((e) => e.type === 'catalog.item.deleted.v1')).toHaveLength(1);
    expect(await activitiesOf(item.id, 'item_removed')).toBe(1);
  });

  it('while it is being edited: the edit either lands before the delete or answers 404, never 500', async () => {
    const ann = actor();
    const p = await http.project(ann);
    for (let round = 0; round < 5; round++) {
      const item = await http.item(ann, p.id);
      const [edit, status, del] = await Promise.all([
        http.put(`/api/items/${item.id}`, ann, { notes: `round ${round}` }),
        http.put(`/api/items/${item.id}/status`, ann, { status: 'received' }),
        http.del(`/api/items/${item.id}`, ann),
      ]);
      expect(del.status).toBe(204);
      expect([200, 404]).toContain(edit.status);
      expect([200, 404]).toContain(status.status);
      const types = (await eventsAbout(item.id)).map((e) => e.type);
      // Nothing is written about the item after its deletion.
      expect(types[types.length - 1]).toBe('catalog.item.deleted.v1');
    }
  });
});

describe('accepting the same invitation twice at once', () => {
  it('makes one membership with one activity and one event: one answer is 200, the other finds the invitation answered (404)', async () => {
    const owner = actor();
    const colleague = actor();
    await t.catalog.db.$executeRaw`INSERT INTO users (id, email, first_name, last_name, system_role, email_verified, updated_at) VALUES (${colleague.userId}::uuid, ${colleague.email}, 'Robin', 'Ng', 'designer', true, now())`;
    const p = await http.project(owner);
    expect((await http.post(`/api/projects/${p.id}/members`, owner, { email: colleague.email })).status).toBe(202);
    const [invitation] = (await http.get('/api/invitations', colleague)).body;
    const answers = await at(4, () => http.post(`/api/invitations/${invitation.id}/accept`, colleague));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404, 404]);
    const members = (await http.get(`/api/projects/${p.id}/members`, owner)).body;
    expect(members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([[owner.userId, 'owner'], [colleague.userId, 'member']]);
    const [row] = await t.catalog.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM activities WHERE project_id = ${p.id}::uuid AND metadata->>'userId' = ${colleague.userId}`;
    expect(row!.n).toBe(1);
    expect((await eventsAbout(colleague.userId)).filter((e) => e.type === 'catalog.project.member-added.v1')).toHaveLength(1);
  });
});
