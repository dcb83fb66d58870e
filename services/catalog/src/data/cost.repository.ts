import type { Client } from './prisma-client';

export interface BillingCost {
  projectId: string;
  type: string;
  year: number;
  month: number;
  amount: string;
  description: string;
  changedAt: string;
}

/** The project's costs billing keeps: one row per project, type and month (its `source_key`). */
export class CostRepository {
  constructor(private readonly db: Client) {}

  /**
   * The month's running cost as billing last said it: inserted the first time, its amount replaced after;
   * a fact older than the one applied (`recorded_at`) changes nothing, and a project catalog no longer has
   * gets no row (nothing to fail on and retry).
   */
  async recordBillingCost(c: BillingCost): Promise<void> {
    const key = `billing:${c.projectId}:${c.type}:${c.year}-${String(c.month).padStart(2, '0')}`;
    await this.db.$executeRaw`
      INSERT INTO costs (id, project_id, type, amount, description, date, source_key, recorded_at)
      SELECT gen_random_uuid(), p.id, ${c.type}, ${c.amount}::numeric, ${c.description}, make_timestamptz(${c.year}::int, ${c.month}::int, 1, 0, 0, 0, 'UTC'), ${key}, ${c.changedAt}::timestamptz
      FROM projects p WHERE p.id = ${c.projectId}::uuid
      ON CONFLICT (source_key) DO UPDATE SET amount = EXCLUDED.amount, recorded_at = EXCLUDED.recorded_at
      WHERE costs.recorded_at <= EXCLUDED.recorded_at`;
  }
}
