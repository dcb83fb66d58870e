import path from 'node:path';
import { createFreshDatabase, freePort, startNats, type RunningNats } from '@midway/infra';
import { createLogger } from '@midway/service-kit';
import { serviceTestConfig, testEnv } from '@midway/testing';
import { billingService, type Billing } from '../src';
import { actor, daysAgo, dayOf, db, upstream, type Upstream } from './billing-harness';

/**
 * Two billing replicas on one database and one NATS, as `MIDWAY_REPLICAS=2` runs them: they share each
 * durable consumer, so every event is handled by one of them (and each gets a share), and they run every
 * scheduled job once between them. A NATS server and a database of their own, so no other test file's
 * billing takes a share of the events or the jobs.
 */
interface Replica {
  billing: Billing;
  /** Every line the replica logged, parsed. */
  lines: Record<string, unknown>[];
}

let nats: RunningNats;
let databaseUrl: string;
let up: Upstream;
let replicas: Replica[] = [];
/** The second of the storage run's scheduled time, set just before the replicas start. */
let scheduledAt: Date;
const owner = actor();
let itemId: string;

async function startReplica(overrides: Record<string, string> = {}): Promise<Replica> {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('billing', 'debug', { write: (line: string) => void lines.push(JSON.parse(line)) });
  const config = serviceTestConfig(billingService, { DATABASE_URL: databaseUrl, NATS_URL: nats.url, BILLING_TIME_ZONE: 'UTC', ...overrides });
  return { billing: await billingService.start(config, logger, 0), lines };
}

/** A six-field cron (seconds first) for exactly `at`, in UTC. */
const cronAt = (at: Date) => `${at.getUTCSeconds()} ${at.getUTCMinutes()} ${at.getUTCHours()} ${at.getUTCDate()} ${at.getUTCMonth() + 1} *`;

beforeAll(async () => {
  const env = testEnv();
  [nats, databaseUrl] = await Promise.all([freePort().then((port) => startNats({ dir: path.join(env.tmpDir, `billing-replicas-nats-${port}`), port })), createFreshDatabase(env.databaseUrl, 'billing_replicas')]);
  up = await upstream(nats.url);

  // A first billing (jobs off) learns an item in storage for two days, then adds a schedule whose time
  // has just come and stops: the replicas' schedulers find the run due as they start.
  const seed = await startReplica({ BILLING_JOBS: 'off' });
  const p = await up.project(owner);
  itemId = await up.item(p, owner, { status: 'stored', at: daysAgo(3) });
  await up.arrive(p, owner, itemId, daysAgo(2));
  await up.caughtUp(30_000);
  scheduledAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  await seed.billing.jobs.boss.schedule('billing-storage-daily', cronAt(scheduledAt), null, { tz: 'UTC', key: 'replicas-test' });
  await seed.billing.stop();

  replicas = await Promise.all([1, 2].map(() => startReplica({ BILLING_JOBS: 'on' })));
}, 60_000);
afterAll(async () => {
  await up?.close();
  await Promise.all(replicas.map((r) => r.billing.stop()));
  await nats?.stop();
});

const until = async (ok: () => Promise<boolean> | boolean, ms: number, what: string) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** Runs of the daily storage job this replica completed, from its own /metrics. */
async function storageRuns(r: Replica): Promise<number> {
  const text = await (await fetch(`${r.billing.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('midway_job_runs_total{') && l.includes('job="billing-storage-daily"') && l.includes('outcome="completed"'));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}
const totalRuns = async () => (await Promise.all(replicas.map(storageRuns))).reduce((a, b) => a + b, 0);

/** When a scheduler last ran its pass over the schedules (one replica per interval claims it). */
const lastCronPass = async () =>
  (await replicas[0]!.billing.db.$queryRawUnsafe<{ cronOn: Date | null }[]>('SELECT cron_on AS "cronOn" FROM billing_jobs.version'))[0]?.cronOn?.getTime() ?? 0;

it('a scheduled run happens once across both replicas, even when the next pass finds it still due, and bills each day once', async () => {
  await until(async () => (await totalRuns()) >= 1, 20_000, 'the scheduled storage run');
  const firstPass = await lastCronPass();
  // The next pass (30 s on) sees the same occurrence inside its 60 s window and must not run it again.
  await until(async () => (await lastCronPass()) > firstPass, 40_000, 'the next scheduler pass');
  expect(Date.now() - scheduledAt.getTime()).toBeLessThan(60_000);
  await new Promise((r) => setTimeout(r, 8000));
  expect(await totalRuns()).toBe(1);

  const storage = (await db(() => replicas[0]!.billing).events({ itemId })).filter((e) => e.eventType === 'storage');
  expect(storage.map((e) => e.eventDate)).toEqual([2, 1, 0].map((n) => dayOf(daysAgo(n))));
}, 60_000);

it('every event on the shared durable consumer is handled by exactly one replica, and both take a share', async () => {
  const users = Array.from({ length: 200 }, () => actor());
  const published = new Set<string>();
  for (const u of users) published.add((await up.publish('identity.user.created.v1', { userId: u.userId, email: u.email, firstName: 'Rep', lastName: 'Lica', systemRole: u.role, createdAt: new Date().toISOString() })).id);
  await up.caughtUp(30_000);

  const handledBy = replicas.map((r) =>
    r.lines.filter((l) => l.msg === 'event handled' && l.durable === 'billing-identity' && published.has(l.eventId as string)).map((l) => l.eventId as string),
  );
  const all = handledBy.flat();
  expect(all).toHaveLength(published.size);
  expect(new Set(all)).toEqual(published);
  for (const share of handledBy) expect(share.length).toBeGreaterThan(0);

  const ids = users.map((u) => u.userId);
  const [{ n }] = await replicas[0]!.billing.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM users WHERE id = ANY(${ids}::uuid[])`;
  expect(n).toBe(users.length);
}, 60_000);
