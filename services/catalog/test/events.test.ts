import { eventSchemas, IMPORT_EVENT_MAX_ITEMS, type EventData, type EventType } from '@midway/contracts';
import { makeEvent } from '@midway/service-kit';
import { UnitOfWork } from '../src/data/unit-of-work';
import { actor, useCatalog, watchCatalogEvents } from './catalog-harness';

const t = useCatalog();
const http = t.http;

describe('catalog events', () => {
  it('publishes exactly one event per change, each valid against its contract and complete for consumers', async () => {
    const events = await watchCatalogEvents();
    try {
      const ann = actor();
      const p = await http.project(ann);
      const item = await http.item(ann, p.id, { name: 'Credenza', price: 2500, quantity: 2, trackingNumber: 'TRK-9' });
      await http.put(`/api/items/${item.id}`, ann, { notes: 'Check the left door' });
      await http.put(`/api/items/${item.id}/status`, ann, { status: 'received' });
      await http.put(`/api/items/${item.id}/status`, ann, { status: 'received' }); // no change: no event
      await http.del(`/api/items/${item.id}`, ann);
      const bulk = await http.post(`/api/projects/${p.id}/items/bulk`, ann, { items: [{ name: 'A' }, { name: '' }, { name: 'B' }] });
      await events.settle(800);

      for (const e of events.seen) expect(() => eventSchemas[e.type as EventType].parse(e.data)).not.toThrow();
      const aboutProject = events.about(p.id);
      expect(aboutProject.map((e) => e.type)).toEqual([
        'catalog.project.created.v1',
        'catalog.item.created.v1',
        'catalog.item.updated.v1',
        'catalog.item.updated.v1',
        'catalog.item.status-changed.v1',
        'catalog.item.deleted.v1',
        'catalog.items.imported.v1',
      ]);
      expect(new Set(aboutProject.map((e) => e.id)).size).toBe(aboutProject.length);
      const created = aboutProject[1]!.data;
      expect(created).toMatchObject({ itemId: item.id, projectId: p.id, designerId: ann.userId, quantity: 2, price: '2500.00', status: 'ordered', trackingNumber: 'TRK-9' });
      expect(aboutProject[2]!.data).toMatchObject({ changedFields: ['notes'] });
      expect(aboutProject[4]!.data).toMatchObject({ from: 'ordered', to: 'received', receivedAt: expect.any(String), designerId: ann.userId });
      const imported = aboutProject[6]!.data as EventData<'catalog.items.imported.v1'>;
      expect(imported).toMatchObject({ projectId: p.id, designerId: ann.userId, part: 1, parts: 1 });
      expect(imported.items.map((i) => i.itemId)).toEqual(bulk.body.items.map((i: { id: string }) => i.id));
      expect(imported.items[0]).toMatchObject({ name: 'A', projectId: p.id, designerId: ann.userId, status: 'ordered', quantity: 1 });
    } finally {
      await events.close();
    }
  });

  it('publishes project updates, membership changes and the client link, with what an access read model needs', async () => {
    const events = await watchCatalogEvents();
    try {
      const owner = actor();
      const colleague = actor();
      await t.catalog.db.$executeRaw`INSERT INTO users (id, email, first_name, last_name, system_role, email_verified, updated_at) VALUES (${colleague.userId}::uuid, ${colleague.email}, 'Robin', 'Ng', 'designer', true, now())`;
      const p = await http.project(owner, { installDate: '2027-03-01' });
      await http.put(`/api/projects/${p.id}`, owner, { name: 'Renamed', status: 'in-progress' });
      await http.put(`/api/projects/${p.id}`, owner, { name: 'Renamed' }); // no change: no event
      expect((await http.post(`/api/projects/${p.id}/members`, owner, { email: colleague.email, role: 'viewer' })).status).toBe(202); // invited: no event yet
      const [invitation] = (await http.get('/api/invitations', colleague)).body;
      expect((await http.post(`/api/invitations/${invitation.id}/accept`, colleague)).status).toBe(200); // joined: member-added
      await http.post(`/api/projects/${p.id}/members`, owner, { email: colleague.email }); // already a member: no event
      const first = (await http.post(`/api/projects/${p.id}/share`, owner)).body.shareToken;
      await http.post(`/api/projects/${p.id}/share`, owner); // same link: no event
      await http.del(`/api/projects/${p.id}/members/${colleague.userId}`, owner);
      const second = (await http.post(`/api/projects/${p.id}/share`, owner, { rotate: true })).body.shareToken;
      await events.settle(800);

      const about = events.about(p.id).filter((e) => e.type.startsWith('catalog.project.'));
      for (const e of about) expect(() => eventSchemas[e.type as EventType].parse(e.data)).not.toThrow();
      expect(about.map((e) => e.type)).toEqual([
        'catalog.project.created.v1',
        'catalog.project.updated.v1',
        'catalog.project.member-added.v1',
        'catalog.project.shared.v1',
        'catalog.project.member-removed.v1',
        'catalog.project.shared.v1',
      ]);
      const [, updated, added, shared, removed, rotated] = about.map((e) => e.data);
      expect(updated).toMatchObject({ projectId: p.id, ownerId: owner.userId, name: 'Renamed', status: 'in-progress', installDate: '2027-03-01', changedFields: ['name', 'status'] });
      expect(added).toMatchObject({ projectId: p.id, ownerId: owner.userId, userId: colleague.userId, role: 'viewer', byUserId: owner.userId, changedAt: expect.any(String) });
      expect(shared).toMatchObject({ projectId: p.id, ownerId: owner.userId, shareToken: first, rotated: false });
      expect(removed).toMatchObject({ projectId: p.id, ownerId: owner.userId, userId: colleague.userId, role: 'viewer', byUserId: owner.userId });
      expect(rotated).toMatchObject({ projectId: p.id, ownerId: owner.userId, shareToken: second, rotated: true });
      expect(second).not.toBe(first);
      const times = about.map((e) => (e.data as { changedAt?: string; createdAt?: string }).changedAt ?? (e.data as { createdAt: string }).createdAt);
      expect([...times].sort()).toEqual(times);
    } finally {
      await events.close();
    }
  });

  it('announces a large import in ordered batches of at most IMPORT_EVENT_MAX_ITEMS that together name every item once', async () => {
    const events = await watchCatalogEvents();
    try {
      const ann = actor();
      const p = await http.project(ann);
      const count = IMPORT_EVENT_MAX_ITEMS * 2 + 50;
      const bulk = await http.post(`/api/projects/${p.id}/items/bulk`, ann, { items: Array.from({ length: count }, (_, i) => ({ name: `Chair ${i}` })) });
      expect(bulk.body.items).toHaveLength(count);
      await events.settle(1500);

      const batches = events.about(p.id).filter((e) => e.type === 'catalog.items.imported.v1').map((e) => e.data as EventData<'catalog.items.imported.v1'>);
      expect(batches.map((b) => [b.part, b.parts, b.items.length])).toEqual([
        [1, 3, IMPORT_EVENT_MAX_ITEMS],
        [2, 3, IMPORT_EVENT_MAX_ITEMS],
        [3, 3, 50],
      ]);
      expect(new Set(batches.map((b) => b.importId)).size).toBe(1);
      expect(batches.flatMap((b) => b.items.map((i) => i.itemId))).toEqual(bulk.body.items.map((i: { id: string }) => i.id));
      expect(events.about(p.id).filter((e) => e.type === 'catalog.item.created.v1')).toHaveLength(0);
    } finally {
      await events.close();
    }
  });

  it('a change that is refused or rolled back publishes nothing', async () => {
    const events = await watchCatalogEvents();
    try {
      const ann = actor();
      const p = await http.project(ann);
      await events.settle(300);
      const before = events.seen.length;
      expect((await http.post(`/api/projects/${p.id}/items`, ann, { name: '' })).status).toBe(400);
      expect((await http.post(`/api/projects/${p.id}/items`, actor(), { name: 'Intruder' })).status).toBe(404);

      // A unit of work that fails after writing its event leaves no trace in the outbox.
      const uow = new UnitOfWork(t.catalog.db);
      const evt = makeEvent('catalog.item.deleted.v1', { itemId: crypto.randomUUID(), projectId: p.id, designerId: ann.userId, name: 'x', status: 'ordered', deletedAt: new Date().toISOString() });
      await expect(
        uow.run(async (r) => {
          await r.outbox.add(evt);
          throw new Error('rule failed after the event was written');
        }),
      ).rejects.toThrow('rule failed');
      const rows = await t.catalog.db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM outbox_events WHERE id = ${evt.id}::uuid`;
      expect(Number(rows[0]!.n)).toBe(0);
      await events.settle(600);
      expect(events.seen.length).toBe(before);
    } finally {
      await events.close();
    }
  });
});
