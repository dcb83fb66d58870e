import type { BillingRateType } from '@midway/contracts';
import { deliveryEventsSql, deliveryTakenBackSql } from '../domain/fees/delivery-fee';
import { inspectionEventsSql } from '../domain/fees/inspection-fee';
import { installationEventsSql, installationTakenBackSql } from '../domain/fees/installation-fee';
import { RECEIVING, receivingEventsSql } from '../domain/fees/receiving-fee';
import { storageEventsSql } from '../domain/fees/storage-fee';
import { Prisma, type Client } from './prisma-client';

/** A project's running cost of one type in one month, as billing.cost.recorded.v1 carries it. */
export interface CostRow {
  projectId: string;
  type: BillingRateType;
  year: number;
  month: number;
  amount: string;
  /** How many billable events this recording added to the row. */
  added: number;
}

/**
 * Billable events, recorded by the fee rules of domain/fees (each rule's events, key and rate there): every
 * rule is an INSERT … ON CONFLICT (key) DO NOTHING over a set, so recording again, a redelivered fact or a
 * replayed job adds nothing. Each insert also adds what it recorded to the project's running monthly cost
 * (incrementally, so concurrent inserts add up) and answers the cost rows it changed, to be published.
 */
export class BillableEventRepository {
  constructor(private readonly db: Client) {}

  /**
   * `rows` selects (key, project_id, item_id, event_type, event_date, quantity, rate, description); amount
   * is rate × quantity, computed here in numeric.
   */
  private async insert(rows: Prisma.Sql, more: { before?: Prisma.Sql; after?: Prisma.Sql } = {}): Promise<CostRow[]> {
    return this.db.$queryRaw<CostRow[]>`
      WITH ${more.before ?? Prisma.empty} src AS (${rows}),
      ins AS (
        INSERT INTO billable_events (key, project_id, item_id, event_type, event_date, quantity, rate, amount, description)
        SELECT key, project_id, item_id, event_type, event_date, quantity, rate, round(rate * quantity, 2), description FROM src
        ON CONFLICT (key) DO NOTHING
        RETURNING project_id, event_type, event_date, amount
      ),
      added AS (
        SELECT project_id, event_type, extract(year FROM event_date)::int AS y, extract(month FROM event_date)::int AS m, sum(amount) AS amount, count(*)::int AS n
        FROM ins GROUP BY 1, 2, 3, 4
      ),
      up AS (
        INSERT INTO project_costs AS pc (project_id, type, year, month, amount)
        SELECT project_id, event_type, y, m, amount FROM added
        ON CONFLICT (project_id, type, year, month) DO UPDATE SET amount = pc.amount + EXCLUDED.amount, updated_at = now()
        RETURNING project_id, type, year, month, amount
      ) ${more.after ?? Prisma.empty}
      SELECT up.project_id AS "projectId", up.type, up.year, up.month, up.amount::text AS amount, a.n AS added
      FROM up JOIN added a ON a.project_id = up.project_id AND a.event_type = up.type AND a.y = up.year AND a.m = up.month`;
  }

  /** Receiving (domain/fees/receiving-fee) for these items. */
  async recordReceiving(itemIds: string[], tz: string): Promise<CostRow[]> {
    if (itemIds.length === 0) return [];
    return this.insert(receivingEventsSql(itemIds, tz));
  }

  /** Enhanced inspection (domain/fees/inspection-fee) for one inspection; the project is the fact's. */
  async recordInspection(f: { itemId: string; projectId: string; at: string }, tz: string): Promise<CostRow[]> {
    return this.insert(inspectionEventsSql(f, tz));
  }

  /**
   * Delivery and installation (domain/fees/delivery-fee, installation-fee) for items a completed delivery took out
   * of custody (on its day), as billing's own selection has them now: never for a status a designer set.
   */
  async recordDeliveries(itemIds: string[], tz: string): Promise<CostRow[]> {
    if (itemIds.length === 0) return [];
    const delivered = Prisma.sql`
      SELECT i.id, i.project_id, i.name, (c.ended_at AT TIME ZONE ${tz})::date AS day FROM custody c JOIN items i ON i.id = c.item_id
      WHERE c.item_id = ANY(${itemIds}::uuid[]) AND c.ended_by = 'delivered' AND NOT i.deleted`;
    const deliveries = await this.insert(deliveryEventsSql(delivered));
    const installs = await this.insert(installationEventsSql(delivered));
    return [...deliveries, ...installs];
  }

  /**
   * A completed delivery's fees: the day's delivery when a delivered item has Last-Mile Delivery selected (as the
   * delivery said; for a producer that did not say, as billing's own selection has it), installation per item with it.
   */
  async recordCompletedDelivery(
    d: { projectId: string; completedAt: string; items: { itemId: string; name: string; installAssembly: boolean; lastMileDelivery?: boolean }[] },
    tz: string,
  ): Promise<CostRow[]> {
    if (d.items.length === 0) return [];
    const rows = (items: typeof d.items) => Prisma.sql`
      SELECT x.id, ${d.projectId}::uuid AS project_id, x.name, (${d.completedAt}::timestamptz AT TIME ZONE ${tz})::date AS day
      FROM json_to_recordset(${JSON.stringify(items.map((i) => ({ id: i.itemId, name: i.name })))}::json) AS x(id uuid, name text)`;
    const chosen = d.items.filter((i) => i.lastMileDelivery === true);
    const unsaid = d.items.filter((i) => i.lastMileDelivery === undefined);
    const deliveries = [
      ...(chosen.length ? await this.insert(deliveryEventsSql(rows(chosen), { selected: 'given' })) : []),
      ...(unsaid.length ? await this.insert(deliveryEventsSql(rows(unsaid))) : []),
    ];
    const installs = d.items.some((i) => i.installAssembly) ? await this.insert(installationEventsSql(rows(d.items.filter((i) => i.installAssembly)), { selected: 'given' })) : [];
    return [...deliveries, ...installs];
  }

  /**
   * Takes back a delivery or installation billed for a delivered item whose service, as it turns out, had been
   * cleared before the delivery (deliveryTakenBack, installationTakenBack). Only unbilled events (not yet on an
   * invoice); the running cost drops by what went.
   */
  async retractDelivery(itemId: string, type: 'delivery' | 'install_assembly', tz: string): Promise<CostRow[]> {
    const takenBack = type === 'delivery' ? deliveryTakenBackSql(Prisma.sql`e`, tz) : installationTakenBackSql(Prisma.sql`e`);
    return this.db.$queryRaw<CostRow[]>`
      WITH it AS (
        SELECT i.id, i.project_id, (c.ended_at AT TIME ZONE ${tz})::date AS day FROM custody c JOIN items i ON i.id = c.item_id
        JOIN selected_services s ON s.item_id = i.id AND s.type = ${type} AND NOT s.selected AND s.changed_at <= c.ended_at
        WHERE c.item_id = ${itemId}::uuid AND c.ended_by = 'delivered' AND NOT i.deleted
      ),
      del AS (
        DELETE FROM billable_events e USING it
        WHERE NOT e.processed AND ${takenBack}
        RETURNING e.project_id, e.event_type, e.event_date, e.amount
      ),
      removed AS (
        SELECT project_id, event_type, extract(year FROM event_date)::int AS y, extract(month FROM event_date)::int AS m, sum(amount) AS amount, count(*)::int AS n
        FROM del GROUP BY 1, 2, 3, 4
      )
      UPDATE project_costs pc SET amount = pc.amount - r.amount, updated_at = now() FROM removed r
      WHERE pc.project_id = r.project_id AND pc.type = r.event_type AND pc.year = r.y AND pc.month = r.m
      RETURNING pc.project_id AS "projectId", pc.type, pc.year, pc.month, pc.amount::text AS amount, -r.n AS added`;
  }

  /** Takes back the item's receiving fee (receivingTakenBack) while it is not invoiced; the running cost drops by it. */
  async retractReceiving(itemId: string): Promise<CostRow[]> {
    return this.db.$queryRaw<CostRow[]>`
      WITH del AS (
        DELETE FROM billable_events e WHERE e.key = ${RECEIVING.key(itemId)} AND NOT e.processed
        RETURNING e.project_id, e.event_type, e.event_date, e.amount
      ),
      removed AS (
        SELECT project_id, event_type, extract(year FROM event_date)::int AS y, extract(month FROM event_date)::int AS m, sum(amount) AS amount, count(*)::int AS n
        FROM del GROUP BY 1, 2, 3, 4
      )
      UPDATE project_costs pc SET amount = pc.amount - r.amount, updated_at = now() FROM removed r
      WHERE pc.project_id = r.project_id AND pc.type = r.event_type AND pc.year = r.y AND pc.month = r.m
      RETURNING pc.project_id AS "projectId", pc.type, pc.year, pc.month, pc.amount::text AS amount, -r.n AS added`;
  }

  /** Storage (domain/fees/storage-fee) for every item, every day up to `upto` not yet recorded. One statement. */
  async recordStorage(upto: string, tz: string): Promise<CostRow[]> {
    const { before, rows, after } = storageEventsSql(upto, tz);
    return this.insert(rows, { before, after });
  }
}
