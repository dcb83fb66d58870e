import { PgBoss } from 'pg-boss';
import type { Logger } from '@midway/service-kit';
import type { AutomaticBillingService } from '../domain/automatic-billing.service';
import { dayIn, previousMonth } from '../domain/calendar';

export const JOBS_SCHEMA = 'billing_jobs';

/** The scheduled runs, in the billing time zone. */
export const JOBS = {
  'billing-storage-daily': '5 0 * * *',
  'billing-month-close': '15 0 1 * *',
  'billing-overdue': '30 0 * * *',
} as const;
export type JobName = keyof typeof JOBS;

/**
 * The automatic runs through pg-boss (its own schema): every replica registers the same schedules and
 * workers, and pg-boss makes one job per tick across them; each queue is `exclusive` (one job queued or
 * active at a time) and a job triggered by hand carries a singleton key, so two replicas never run the
 * same day's work at once. The work itself is idempotent as well (unique keys), a second line of defence.
 */
export async function startBillingJobs(o: {
  databaseUrl: string;
  tz: string;
  auto: AutomaticBillingService;
  logger: Logger;
  schedule: boolean;
  /** Counts each run by outcome, for the alert on failing jobs. */
  runCounter?: { inc(labels: { job: string; outcome: 'completed' | 'failed' }): void };
}) {
  const boss = new PgBoss({ connectionString: o.databaseUrl, schema: JOBS_SCHEMA, application_name: 'billing-jobs', max: 4, schedule: o.schedule, supervise: o.schedule });
  boss.on('error', (err: unknown) => o.logger.error({ err }, 'billing jobs: pg-boss error'));
  await boss.start();
  const runs: Record<JobName, () => Promise<unknown>> = {
    'billing-storage-daily': () => o.auto.recordStorage(dayIn(o.tz)),
    'billing-month-close': () => o.auto.closeMonth(previousMonth(dayIn(o.tz))),
    'billing-overdue': () => o.auto.markOverdue(),
  };
  for (const name of Object.keys(JOBS) as JobName[]) {
    await boss.createQueue(name, { policy: 'exclusive', retryLimit: 3, retryDelay: 60 });
    await boss.work(name, { pollingIntervalSeconds: 2 }, async () => {
      let result: unknown;
      try {
        result = await runs[name]();
      } catch (err) {
        o.runCounter?.inc({ job: name, outcome: 'failed' });
        throw err;
      }
      o.runCounter?.inc({ job: name, outcome: 'completed' });
      o.logger.info({ job: name, result }, 'billing job done');
    });
    if (o.schedule) await boss.schedule(name, JOBS[name], null, { tz: o.tz, missed: 'once' });
  }
  return {
    boss,
    /** Queues a run now; the same key from any replica at the same time makes one job. */
    trigger: (name: JobName, key = dayIn(o.tz)) => boss.send(name, { key }, { singletonKey: `${name}:${key}` }),
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
export type BillingJobs = Awaited<ReturnType<typeof startBillingJobs>>;
