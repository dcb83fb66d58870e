import { startTestBilling, type Billing } from './billing-harness';

/**
 * The monthly run at scale: cycles and invoices for 1,000 projects (20 billable events each) in one
 * generation, set-based (a handful of statements whatever the number of projects). February 2024 is this
 * file's own month.
 */
let billing: Billing;
const PROJECTS = 1_000;
const PER_PROJECT = 20;

beforeAll(async () => {
  billing = await startTestBilling();
}, 60_000);
afterAll(async () => {
  await billing.stop();
});

it(`creates the cycles and invoices of ${PROJECTS.toLocaleString('en-US')} projects in one run, each total the sum of its events`, async () => {
  const db = billing.db;
  await db.$executeRaw`CREATE TEMP TABLE IF NOT EXISTS scale_projects AS SELECT gen_random_uuid() AS id FROM generate_series(1, ${PROJECTS}::int)`;
  await db.$executeRaw`INSERT INTO projects (id, name, owner_id, client_name, facts_at) SELECT id, 'Scale ' || id, gen_random_uuid(), 'Scale client', now() FROM scale_projects`;
  await db.$executeRaw`
    INSERT INTO billable_events (key, project_id, item_id, event_type, event_date, quantity, rate, amount, description)
    SELECT 'storage:' || p.id || ':' || g, p.id, p.id, 'storage', make_date(2024, 2, 1 + (g % 28)), 1, 2.00, 2.00, 'Storage'
    FROM scale_projects p, generate_series(1, ${PER_PROJECT}::int) g`;
  const start = performance.now();
  const cycles = await billing.auto.createCycles({ month: 2, year: 2024 });
  const { invoices } = await billing.auto.generate({ month: 2, year: 2024 });
  const ms = performance.now() - start;
  console.log(`cycles + invoices for ${PROJECTS} projects × ${PER_PROJECT} events: ${Math.round(ms)} ms`);
  expect(cycles.created).toBeGreaterThanOrEqual(PROJECTS);
  const ours = await db.$queryRaw<{ n: number; wrong: number }[]>`
    SELECT count(*)::int AS n, count(*) FILTER (WHERE i.total <> ${PER_PROJECT * 2}::numeric)::int AS wrong
    FROM invoices i JOIN scale_projects p ON p.id = i.project_id`;
  expect(ours).toEqual([{ n: PROJECTS, wrong: 0 }]);
  expect(invoices.length).toBeGreaterThanOrEqual(PROJECTS);
  expect(ms).toBeLessThan(30_000);
}, 120_000);
