import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { makeEvent } from '@midway/service-kit';
import type { EventEnvelope } from '@midway/contracts';
import { testEnv } from '@midway/testing';
import { actor, eventually, useCatalog } from './catalog-harness';

/**
 * billing.cost.recorded.v1 (a project's running fees of one type in one month, re-sent as they grow) becomes
 * the project's cost row for that type and month: one row, its amount replaced, counted in Total Cost; a
 * redelivered or older fact changes nothing; a project catalog does not have is skipped.
 */
const t = useCatalog();
let nc: NatsConnection;
beforeAll(async () => {
  nc = await connect({ servers: testEnv().natsUrl });
});
afterAll(async () => nc?.close());

const publish = async (e: EventEnvelope, msgID = e.id) => void (await jetstream(nc).publish(e.type, JSON.stringify(e), { msgID }));
const cost = (projectId: string, type: 'storage' | 'receiving', amount: string, changedAt: string, month = 3) =>
  makeEvent('billing.cost.recorded.v1', { projectId, type, month, year: 2026, amount, changedAt });
const at = (s: number) => new Date(Date.UTC(2026, 2, 20, 12, 0, s)).toISOString();

it('one row per project, type and month, updated as the month runs, in the project’s costs and Total Cost; redelivery and older facts change nothing', async () => {
  const owner = actor();
  const project = await t.http.project(owner);
  await t.http.item(owner, project.id, { price: '100.00', quantity: 2 });
  const view = async () => (await t.http.get(`/api/projects/${project.id}`, owner)).body as { costs: { type: string; amount: string; description: string; date: string }[]; totalCost: string };

  const first = cost(project.id, 'storage', '4.00', at(1));
  await publish(first);
  await publish(cost(project.id, 'receiving', '25.00', at(2)));
  await eventually(view, (v) => v.costs.length === 2);
  // The same event again (a redelivery, under a new message id) and the month growing.
  await publish(first, randomUUID());
  const grown = cost(project.id, 'storage', '10.00', at(3));
  await publish(grown);
  await publish(grown, randomUUID());
  // Heard late: older than what was applied.
  await publish(cost(project.id, 'storage', '6.00', at(2)));
  // Another month is another row.
  await publish(cost(project.id, 'storage', '2.00', at(4), 4));
  const v = await eventually(view, (x) => x.costs.length === 3 && x.costs.some((c) => c.amount === '10.00'));
  await new Promise((r) => setTimeout(r, 800));
  const settled = await view();
  expect(settled.costs.map((c) => [c.type, c.amount, c.description, c.date.slice(0, 10)]).sort()).toEqual(
    [
      ['receiving', '25.00', 'White-Glove Receiving — March 2026', '2026-03-01'],
      ['storage', '10.00', 'Storage & Warehousing — March 2026', '2026-03-01'],
      ['storage', '2.00', 'Storage & Warehousing — April 2026', '2026-04-01'],
    ].sort(),
  );
  expect(v.totalCost).toBe(settled.totalCost);
  // 2 × 100.00 + 25.00 + 10.00 + 2.00
  expect(settled.totalCost).toBe('237.00');
  const [{ n }] = await t.catalog.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM costs WHERE project_id = ${project.id}::uuid`;
  expect(n).toBe(3);
});

it('the same fact delivered many times at once has one effect, and a project catalog does not know is skipped (no dead letter)', async () => {
  const owner = actor();
  const project = await t.http.project(owner);
  const e = cost(project.id, 'storage', '8.00', at(5));
  await Promise.all(Array.from({ length: 5 }, () => publish(e, randomUUID())));
  const unknown = cost(randomUUID(), 'storage', '8.00', at(5));
  await publish(unknown);
  const v = await eventually(async () => (await t.http.get(`/api/projects/${project.id}`, owner)).body as { costs: unknown[]; totalCost: string }, (x) => x.costs.length === 1);
  expect(v.totalCost).toBe('8.00');
  // The unknown project's fact was taken (inbox), not retried.
  await eventually(
    async () => (await t.catalog.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM inbox_events WHERE id = ${unknown.id}::uuid`)[0]!.n,
    (n) => n === 1,
  );
  const [{ n }] = await t.catalog.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM costs WHERE source_key LIKE ${`billing:${unknown.data.projectId}:%`}`;
  expect(n).toBe(0);
});
