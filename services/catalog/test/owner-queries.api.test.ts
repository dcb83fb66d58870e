import { randomUUID } from 'node:crypto';
import { askOwner, connectBus, type Bus } from '@midway/service-kit';
import { testEnv } from '@midway/testing';
import { actor, useCatalog } from './catalog-harness';

// Catalog answers another service's read model that has not seen a project or item yet with the events its
// republish builds, so the asker applies them through its own fact handler.
const { http } = useCatalog();
let bus: Bus;
beforeAll(async () => {
  bus = await connectBus(testEnv().natsUrl, 'owner-queries-test');
});
afterAll(async () => bus?.close());

describe('questions about projects and items not seen yet', () => {
  it('answers a project with its snapshot: owner, fields and member list', async () => {
    const owner = actor();
    const p = await http.project(owner, { name: 'Harbour loft' });

    const events = await askOwner(bus, 'catalog.project', p.id);
    expect(events).toHaveLength(1);
    expect(events![0]).toMatchObject({
      type: 'catalog.project.snapshot.v1',
      data: { projectId: p.id, ownerId: owner.userId, name: 'Harbour loft', clientName: 'Jordan Park', members: [] },
    });
  });

  it('answers an item with its project snapshot first, then the item as an import of one', async () => {
    const owner = actor();
    const p = await http.project(owner);
    const item = await http.item(owner, p.id, { name: 'Brass floor lamp', quantity: 2 });

    const events = await askOwner(bus, 'catalog.item', item.id);
    expect(events!.map((e) => e.type)).toEqual(['catalog.project.snapshot.v1', 'catalog.items.imported.v1']);
    expect(events![0]!.data).toMatchObject({ projectId: p.id, ownerId: owner.userId });
    expect(events![1]!.data).toMatchObject({ projectId: p.id, designerId: owner.userId, items: [{ itemId: item.id, projectId: p.id, name: 'Brass floor lamp', quantity: 2 }] });
  });

  it('answers nothing for an id it does not hold, or one that is not an id, at once', async () => {
    const started = Date.now();
    expect(await askOwner(bus, 'catalog.project', randomUUID())).toEqual([]);
    expect(await askOwner(bus, 'catalog.item', randomUUID())).toEqual([]);
    expect(await askOwner(bus, 'catalog.item', 'not-an-id')).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
