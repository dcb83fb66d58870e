import { randomUUID } from 'node:crypto';
import { startTestBilling, type Billing } from './billing-harness';

/**
 * The monthly run at scale: cycles and invoices for 1,000 projects (20 billable events each) in one
 * generation, set-based (a handful of statements whatever the number of projects). February 2024 is this
 * file's own month.
 */
let billing: Billing;
const PROJECTS = 1_000;
const PER_PROJECT = 20;
const ids = Array.from({ length: PROJECTS }, () => randomUUID());

beforeAll(async () => {
  billing = await startTestBilling();
}, 60_000);
afterAll(async () => {
  // A thousand invoices would ride along in every other file's admin list: they go again.
  await billing.db.$executeRaw`DELETE FROM invoices WHERE project_id IN (SELECT unnest(${ids}::uuid[]))`;
  await billing.db.$executeRaw`DELETE FROM billing_cycles WHERE project_id IN (SELECT unnest(${ids}::uuid[]))`;
  await billing.db.$executeRaw`DELETE FROM billable_events WHERE project_id IN (SELECT unnest(${ids}::uuid[]))`;
  await billing.stop();
});

it(`creates the cycles and invoices of ${PROJECTS.toLocaleString('en-US')} projects in one run (under 10 s), each total the sum of its events`, async () => {
  const db = billing.db;
  await db.$executeRaw`INSERT INTO projects (id, name, owner_id, client_name, facts_at) SELECT id, 'Scale ' || id, gen_random_uuid(), 'Scale client', now() FROM unnest(${ids}::uuid[]) AS id`;
  await db.$executeRaw`
    INSERT INTO billable_events (key, project_id, item_id, event_type, event_date, quantity, rate, amount, description)
    SELECT 'storage:' || p.id || ':' || g, p.id, p.id, 'storage', make_date(2024, 2, 1 + (g % 28)), 1, 2.00, 2.00, 'Storage'
    FROM unnest(${ids}::uuid[]) AS p(id), generate_series(1, ${PER_PROJECT}::int) g`;
  const start = performance.now();
  const cycles = await billing.auto.createCycles({ month: 2, year: 2024 });
  const { invoices } = await billing.auto.generate({ month: 2, year: 2024 });
  const ms = performance.now() - start;
  console.log(`cycles + invoices for ${PROJECTS} projects × ${PER_PROJECT} events: ${Math.round(ms)} ms`);
  expect(cycles.created).toBeGreaterThanOrEqual(PROJECTS);
  const ours = await db.$queryRaw<{ n: number; wrong: number }[]>`
    SELECT count(*)::int AS n, count(*) FILTER (WHERE i.total <> ${PER_PROJECT * 2}::numeric)::int AS wrong
    FROM invoices i WHERE i.project_id = ANY(${ids}::uuid[])`;
  expect(ours).toEqual([{ n: PROJECTS, wrong: 0 }]);
  expect(invoices.length).toBeGreaterThanOrEqual(PROJECTS);
  expect(ms).toBeLessThan(10_000);
}, 120_000);
