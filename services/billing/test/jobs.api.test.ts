import { quietLogger, testEnv } from '@midway/testing';
import type { AutomaticBillingService } from '../src/domain/automatic-billing.service';
import { startBillingJobs, type BillingJobs } from '../src/jobs/billing.jobs';

/**
 * The automatic runs across replicas: two pg-boss instances (two replicas' job runners on the same
 * database) are asked to run the same day's job at the same moment; it runs once.
 */
let replicas: BillingJobs[] = [];
const runs = { storage: 0, close: 0, overdue: 0 };
const slow = async (key: keyof typeof runs) => {
  runs[key]++;
  await new Promise((r) => setTimeout(r, 300));
  return {};
};
const auto = { recordStorage: () => slow('storage'), closeMonth: () => slow('close'), markOverdue: () => slow('overdue') } as unknown as AutomaticBillingService;

beforeAll(async () => {
  replicas = await Promise.all([1, 2].map(() => startBillingJobs({ databaseUrl: testEnv().databaseUrl, tz: 'UTC', auto, logger: quietLogger('billing-jobs'), schedule: false })));
}, 60_000);
afterAll(async () => {
  await Promise.all(replicas.map((r) => r.stop()));
});

it('the same job asked of two replicas at once (three times each) runs once; another day’s job runs again', async () => {
  const key = `test-${Date.now()}`;
  const sent = await Promise.all(replicas.flatMap((r) => [1, 2, 3].map(() => r.trigger('billing-storage-daily', key))));
  expect(sent.filter(Boolean)).toHaveLength(1);
  await waitFor(() => runs.storage >= 1);
  await new Promise((r) => setTimeout(r, 3000));
  expect(runs.storage).toBe(1);
  await Promise.all(replicas.map((r) => r.trigger('billing-storage-daily', `${key}-next`)));
  await waitFor(() => runs.storage >= 2);
  await new Promise((r) => setTimeout(r, 2000));
  expect(runs.storage).toBe(2);
}, 30_000);

it('registers the daily storage, monthly close and overdue schedules in the billing time zone', async () => {
  const withSchedule = await startBillingJobs({ databaseUrl: testEnv().databaseUrl, tz: 'America/Vancouver', auto, logger: quietLogger('billing-jobs'), schedule: true });
  try {
    const schedules = (await withSchedule.boss.getSchedules()) as { name: string; cron: string; options: { tz?: string } }[];
    expect(schedules.map((s) => [s.name, s.cron, s.options.tz]).sort()).toEqual([
      ['billing-month-close', '15 0 1 * *', 'America/Vancouver'],
      ['billing-overdue', '30 0 * * *', 'America/Vancouver'],
      ['billing-storage-daily', '5 0 * * *', 'America/Vancouver'],
    ]);
  } finally {
    // Other test files' replicas work these queues: leave no schedule behind for them.
    for (const name of ['billing-month-close', 'billing-overdue', 'billing-storage-daily']) await withSchedule.boss.unschedule(name);
    await withSchedule.stop();
  }
}, 30_000);

async function waitFor(ok: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
}
