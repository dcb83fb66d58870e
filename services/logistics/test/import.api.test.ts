import { connect } from '@nats-io/transport-node';
import { makeEvent } from '@midway/service-kit';
import { testEnv } from '@midway/testing';
import type { EventEnvelope } from '@midway/contracts';
import { actor, eventually, usePlatform } from './logistics-harness';

const t = usePlatform();

const totalOf = async (who: ReturnType<typeof actor>, projectId: string) =>
  ((await t.logistics.get(`/api/services/summary?projectId=${projectId}`, who)).body as { total: number }).total;

async function publish(...events: EventEnvelope[]) {
  const nc = await connect({ servers: testEnv().natsUrl });
  const { jetstream } = await import('@nats-io/jetstream');
  const js = jetstream(nc);
  for (const e of events) await js.publish(e.type, JSON.stringify(e), { msgID: `${e.id}:${Math.random()}` });
  await nc.close();
}

it('a 10,000-row import has its 50,000 services within 10 s', async () => {
  const owner = actor();
  const p = await t.project(owner);
  const rows = Array.from({ length: 10_000 }, (_, i) => ({ name: `Import row ${i}`, supplier: 'Bulk Co', quantity: 1 + (i % 3) }));
  const res = await t.catalog.post(`/api/projects/${p.id}/items/bulk`, owner, { items: rows });
  expect(res.status).toBe(200);
  const answered = Date.now();
  const total = await eventually(() => totalOf(owner, p.id), (n) => n === 50_000, 10_000);
  const seconds = (Date.now() - answered) / 1000;
  // eslint-disable-next-line no-console
  console.log(`10,000-row import: 50,000 services ${seconds.toFixed(2)} s after catalog answered`);
  expect(total).toBe(50_000);
  expect(seconds).toBeLessThanOrEqual(10);
}, 60_000);

it('a batch delivered again (same event id, or the same items under a new id) adds nothing', async () => {
  const owner = actor();
  const p = await t.project(owner);
  const createdAt = new Date().toISOString();
  const items = [1, 2, 3].map(() => {
    const itemId = crypto.randomUUID();
    return { itemId, projectId: p.id, designerId: owner.userId, name: `Redelivered ${itemId.slice(0, 4)}`, quantity: 1, status: 'ordered' as const, supplier: null, trackingNumber: null, carrierId: null, price: null, receivedAt: null, deliveredAt: null, createdAt };
  });
  const batch = makeEvent('catalog.items.imported.v1', { importId: crypto.randomUUID(), projectId: p.id, designerId: owner.userId, part: 1, parts: 1, items });
  const single = makeEvent('catalog.item.created.v1', items[0]!);
  await publish(batch, batch, single, makeEvent('catalog.items.imported.v1', { ...batch.data }));
  await eventually(() => totalOf(owner, p.id), (n) => n === 15);
  await new Promise((r) => setTimeout(r, 1500));
  expect(await totalOf(owner, p.id)).toBe(15);
  const [{ n }] = await t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM inbox_events WHERE id = ${batch.id}::uuid`;
  expect(n).toBe(1);
});
