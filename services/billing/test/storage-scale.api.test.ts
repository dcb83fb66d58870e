import { randomUUID } from 'node:crypto';
import { startTestBilling, type Billing } from './billing-harness';

/**
 * The daily storage job is one set-based statement: a day's fees for 100,000 stored items, measured against
 * the bare INSERT … SELECT that writes the same rows (the day before): the job's extra is the rules (storage
 * days from the warehouse's custody, the rate in force per day), the running costs and each item's last recorded day
 * (an index probe). The items are taken out of storage
 * again at the end, so the other test files' runs do not carry them.
 */
let billing: Billing;
const N = 100_000;
const projectId = randomUUID();

beforeAll(async () => {
  billing = await startTestBilling();
}, 60_000);
afterAll(async () => {
  await billing.db.$executeRaw`UPDATE items SET deleted = true WHERE project_id = ${projectId}::uuid`;
  await billing.db.$executeRaw`DELETE FROM custody WHERE project_id = ${projectId}::uuid`;
  await billing.db.$executeRaw`DELETE FROM billable_events WHERE project_id = ${projectId}::uuid`;
  await billing.stop();
});

const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

it(`records a day's storage for ${N.toLocaleString('en-US')} stored items in one run, in under 20 s (its ratio to the bare SQL is printed; the bench goal is 2×)`, async () => {
  const db = billing.db;
  const [yesterday, today] = [day(1), day(0)];
  await db.$executeRaw`INSERT INTO projects (id, name, owner_id, facts_at) VALUES (${projectId}::uuid, 'Scale Depot', gen_random_uuid(), now())`;
  await db.$executeRaw`
    INSERT INTO items (id, project_id, name, quantity, status, status_at, deleted)
    SELECT gen_random_uuid(), ${projectId}::uuid, 'Crate ' || g, 1, 'stored', now() - interval '5 days', true FROM generate_series(1, ${N}::int) g`;
  await db.$executeRaw`INSERT INTO custody (item_id, project_id, since) SELECT id, project_id, now() - interval '5 days' FROM items WHERE project_id = ${projectId}::uuid`;
  // The bare statement: yesterday's rows for every stored item, nothing else (no rules, no costs, no watermark).
  const bareStart = performance.now();
  await db.$executeRaw`
    INSERT INTO billable_events (key, project_id, item_id, event_type, event_date, quantity, rate, amount, description)
    SELECT 'storage:' || i.id || ':' || ${yesterday}::date, i.project_id, i.id, 'storage', ${yesterday}::date, 1, 2.00, 2.00, 'Storage & Warehousing — ' || i.name
    FROM items i WHERE i.project_id = ${projectId}::uuid AND i.status IN ('received', 'stored') AND i.deleted`;
  const bareMs = performance.now() - bareStart;

  // Hidden (deleted) until now, so the other test files' storage runs do not carry them meanwhile.
  await db.$executeRaw`UPDATE items SET deleted = false WHERE project_id = ${projectId}::uuid`;
  const start = performance.now();
  await billing.auto.recordStorage(today);
  const ms = performance.now() - start;
  await db.$executeRaw`UPDATE items SET deleted = true WHERE project_id = ${projectId}::uuid`;
  const [count] = await db.$queryRaw<{ today: number; all: number }[]>`
    SELECT count(*) FILTER (WHERE event_date = ${today}::date)::int AS today, count(*)::int AS all FROM billable_events WHERE project_id = ${projectId}::uuid AND event_type = 'storage'`;
  expect(count).toEqual({ today: N, all: 2 * N });
  console.log(`storage for ${N} items: ${Math.round(ms)} ms (bare INSERT … SELECT: ${Math.round(bareMs)} ms, ratio ${(ms / bareMs).toFixed(2)})`);
  expect(ms).toBeLessThan(20_000);
}, 120_000);
