import { Prisma, type Client } from './prisma-client';

/** Billing cycles: one per project and month with billable events, which that month's invoice closes. */
export class BillingCycleRepository {
  constructor(private readonly db: Client) {}

  /** A cycle for every project with billable events in the month that has none yet; answers how many are new. */
  async create(year: number, month: number): Promise<{ created: number; total: number }> {
    const start = Prisma.sql`make_date(${year}::int, ${month}::int, 1)`;
    const created = await this.db.$executeRaw`
      INSERT INTO billing_cycles (project_id, billing_month, billing_year, start_date, end_date)
      SELECT DISTINCT e.project_id, ${month}::int, ${year}::int, ${start}, (${start} + interval '1 month' - interval '1 day')::date
      FROM billable_events e JOIN projects p ON p.id = e.project_id
      WHERE e.event_date >= ${start} AND e.event_date < ${start} + interval '1 month'
      ON CONFLICT (project_id, billing_year, billing_month) DO NOTHING`;
    const [row] = await this.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM billing_cycles WHERE billing_year = ${year}::int AND billing_month = ${month}::int`;
    return { created, total: row?.n ?? 0 };
  }
}
