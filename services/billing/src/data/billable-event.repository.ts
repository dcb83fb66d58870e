import { BILLING_DEFAULT_RATES, type BillingRateType } from '@midway/contracts';
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

/** Statuses in which the warehouse holds an item. */
const IN_STORAGE = Prisma.sql`('received', 'stored')`;

/** The rate in force on `day` for `type`: the newest rate effective on or before it, else the fee table's. */
export function rateOn(type: BillingRateType, day: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`COALESCE((SELECT r.rate FROM billing_rates r WHERE r.service_type = ${type} AND r.is_active AND r.effective_date <= ${day}
    ORDER BY r.effective_date DESC LIMIT 1), ${BILLING_DEFAULT_RATES[type].rate}::numeric)`;
}

/**
 * The periods in which each rate of `type` was in force, [from_day, until_day): a handful of rows that a set of
 * days joins against (the same rule as rateOn, without a lookup per day). Use with rateIn.
 */
function ratePeriods(type: BillingRateType): Prisma.Sql {
  return Prisma.sql`(SELECT r.rate, r.effective_date AS from_day, lead(r.effective_date) OVER (ORDER BY r.effective_date) AS until_day
    FROM billing_rates r WHERE r.service_type = ${type} AND r.is_active)`;
}

/** The rate a day joined to ratePeriods (alias `alias`) is charged at: the fee table's before the first period. */
function rateIn(type: BillingRateType, alias: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`COALESCE(${alias}.rate, ${BILLING_DEFAULT_RATES[type].rate}::numeric)`;
}

/**
 * Billable events, each unique by its rule's key (`receiving:<item>`, `storage:<item>:<day>`,
 * `delivery:<project>:<day>`, `install_assembly:<item>`, `enhanced_inspection:<item>`): every rule is an INSERT … ON CONFLICT DO NOTHING
 * over a set, so recording again, a redelivered fact or a replayed job adds nothing. Each insert also adds
 * what it recorded to the project's running monthly cost (incrementally, so concurrent inserts add up) and
 * answers the cost rows it changed, to be published.
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

  /** Receiving: once per item ever, on the day it first entered received or stored; per unit received. */
  async recordReceiving(itemIds: string[], tz: string): Promise<CostRow[]> {
    if (itemIds.length === 0) return [];
    return this.insert(Prisma.sql`
      SELECT 'receiving:' || i.id AS key, i.project_id, i.id AS item_id, 'receiving' AS event_type, d.day AS event_date,
             i.quantity, ${rateOn('receiving', Prisma.sql`d.day`)} AS rate, 'White-Glove Receiving — ' || i.name AS description
      FROM items i
      JOIN LATERAL (SELECT (min(h.at) AT TIME ZONE ${tz})::date AS day FROM item_status_history h WHERE h.item_id = i.id AND h.status IN ${IN_STORAGE}) d ON d.day IS NOT NULL
      WHERE i.id = ANY(${itemIds}::uuid[]) AND NOT i.deleted`);
  }

  /**
   * Enhanced inspection: once per item (key item + type), on the day it was inspected, when the service is
   * selected on the item at that moment (selections and inspections come in logistics' commit order); per unit,
   * like receiving. The project is the fact's, so an item billing has not heard of yet is still charged.
   */
  async recordInspection(f: { itemId: string; projectId: string; at: string }, tz: string): Promise<CostRow[]> {
    return this.insert(Prisma.sql`
      SELECT 'enhanced_inspection:' || x.item_id AS key, x.project_id, x.item_id, 'enhanced_inspection' AS event_type, x.day AS event_date,
             COALESCE(i.quantity, 1) AS quantity, ${rateOn('enhanced_inspection', Prisma.sql`x.day`)} AS rate,
             'Enhanced Inspection — ' || COALESCE(i.name, 'item') AS description
      FROM (SELECT ${f.itemId}::uuid AS item_id, ${f.projectId}::uuid AS project_id, (${f.at}::timestamptz AT TIME ZONE ${tz})::date AS day) x
      LEFT JOIN items i ON i.id = x.item_id
      WHERE NOT COALESCE(i.deleted, false)
        AND EXISTS (SELECT 1 FROM selected_services s WHERE s.item_id = x.item_id AND s.type = 'enhanced_inspection' AND s.selected)`);
  }

  /**
   * Delivery and installation for items now delivered: one delivery per project per delivery day for the
   * items delivered that day with delivery selected (consolidated), one installation per item delivered
   * with it selected.
   */
  async recordDeliveries(itemIds: string[], tz: string): Promise<CostRow[]> {
    if (itemIds.length === 0) return [];
    const delivered = Prisma.sql`
      SELECT i.id, i.project_id, i.name, (i.status_at AT TIME ZONE ${tz})::date AS day FROM items i
      WHERE i.id = ANY(${itemIds}::uuid[]) AND i.status = 'delivered' AND NOT i.deleted`;
    const selected = (type: string) => Prisma.sql`EXISTS (SELECT 1 FROM selected_services s WHERE s.item_id = d.id AND s.type = ${type} AND s.selected)`;
    const deliveries = await this.insert(Prisma.sql`
      SELECT DISTINCT ON (d.project_id, d.day) 'delivery:' || d.project_id || ':' || d.day AS key, d.project_id, NULL::uuid AS item_id,
             'delivery' AS event_type, d.day AS event_date, 1 AS quantity, ${rateOn('delivery', Prisma.sql`d.day`)} AS rate,
             'Last-Mile Delivery on ' || to_char(d.day, 'Mon DD, YYYY') AS description
      FROM (${delivered}) d WHERE ${selected('delivery')}
      ORDER BY d.project_id, d.day`);
    const installs = await this.insert(Prisma.sql`
      SELECT 'install_assembly:' || d.id AS key, d.project_id, d.id AS item_id, 'install_assembly' AS event_type, d.day AS event_date,
             1 AS quantity, ${rateOn('install_assembly', Prisma.sql`d.day`)} AS rate, 'Installation & Assembly — ' || d.name AS description
      FROM (${delivered}) d WHERE ${selected('install_assembly')}`);
    return [...deliveries, ...installs];
  }

  /**
   * A delivery or installation billed for a delivered item whose service, as it turns out, had been cleared
   * before the delivery (the deselection was heard after the delivery: two streams). Installation: the item's
   * event goes. Delivery: the project's event of that day goes unless another item delivered that day still has
   * delivery selected. Only unbilled events (not yet on an invoice); the running cost drops by what went.
   */
  async retractDelivery(itemId: string, type: 'delivery' | 'install_assembly', tz: string): Promise<CostRow[]> {
    return this.db.$queryRaw<CostRow[]>`
      WITH it AS (
        SELECT i.id, i.project_id, (i.status_at AT TIME ZONE ${tz})::date AS day FROM items i
        JOIN selected_services s ON s.item_id = i.id AND s.type = ${type} AND NOT s.selected AND s.changed_at <= i.status_at
        WHERE i.id = ${itemId}::uuid AND i.status = 'delivered' AND NOT i.deleted
      ),
      del AS (
        DELETE FROM billable_events e USING it
        WHERE NOT e.processed AND (
          (${type}::text = 'install_assembly' AND e.key = 'install_assembly:' || it.id)
          OR (${type}::text = 'delivery' AND e.key = 'delivery:' || it.project_id || ':' || it.day
              AND NOT EXISTS (SELECT 1 FROM items o JOIN selected_services so ON so.item_id = o.id AND so.type = 'delivery' AND so.selected
                              WHERE o.project_id = it.project_id AND o.status = 'delivered' AND NOT o.deleted AND (o.status_at AT TIME ZONE ${tz})::date = it.day)))
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

  /**
   * Storage: one event per item per day it was in storage — from the day it entered received or stored up to
   * the day before it left (delivered, back to ordered, deleted), or up to `upto` while it is still there.
   * Each item starts the day after the last storage day recorded for it (so days the job missed are filled in)
   * or, never recorded, on the day it entered storage. One statement for all items; a day two overlapping
   * periods share (received, then stored) is one row by its key (ON CONFLICT), no DISTINCT needed.
   *
   * The last recorded day is read from billable_events through (item_id, event_type, event_date), one index
   * probe per item, rather than kept on the item: rewriting 100,000 item rows every day cost more than
   * inserting the day's events. `storage_through` only marks items that are out of storage and fully recorded
   * (set once when they leave, and set again only if their status changes), so later runs skip them.
   */
  async recordStorage(upto: string, tz: string): Promise<CostRow[]> {
    // Items that may have storage days to record: in storage now, never settled, or whose status changed after
    // they were settled; with the last storage day recorded for each.
    const candidates = Prisma.sql`cand AS MATERIALIZED (
      SELECT i.id, i.project_id, i.name, i.status IN ${IN_STORAGE} AS in_storage,
             (SELECT e.event_date FROM billable_events e WHERE e.item_id = i.id AND e.event_type = 'storage' ORDER BY e.event_date DESC LIMIT 1) AS last_day
      FROM items i
      WHERE NOT i.deleted AND (i.status IN ${IN_STORAGE} OR i.storage_through IS NULL OR (i.status_at AT TIME ZONE ${tz})::date >= i.storage_through)
        AND EXISTS (SELECT 1 FROM item_status_history s WHERE s.item_id = i.id AND s.status IN ${IN_STORAGE} AND (s.at AT TIME ZONE ${tz})::date <= ${upto}::date)),`;
    // Out of storage and now recorded through its last day: settled until its status changes again.
    const settle = Prisma.sql`, settle AS (
      UPDATE items SET storage_through = ${upto}::date FROM cand
      WHERE items.id = cand.id AND NOT cand.in_storage AND (items.storage_through IS NULL OR items.storage_through < ${upto}::date))`;
    return this.insert(
      Prisma.sql`
      WITH h AS (
        -- Each candidate's status periods (its history rows joined through the history's key, so a wrong row
        -- estimate for the candidates costs index lookups, never a scan of one set per row of the other).
        SELECT c.id AS item_id, c.project_id, c.name, c.last_day, s.status, (s.at AT TIME ZONE ${tz})::date AS start_day,
               (lead(s.at) OVER (PARTITION BY s.item_id ORDER BY s.at, s.status) AT TIME ZONE ${tz})::date AS end_day
        FROM cand c JOIN item_status_history s ON s.item_id = c.id
      ),
      days AS (
        SELECT h.item_id, h.project_id, h.name, g::date AS day
        FROM h, generate_series(GREATEST(h.start_day, h.last_day + 1), LEAST(COALESCE(h.end_day - 1, ${upto}::date), ${upto}::date), interval '1 day') g
        WHERE h.status IN ${IN_STORAGE}
      )
      SELECT 'storage:' || d.item_id || ':' || d.day AS key, d.project_id, d.item_id, 'storage' AS event_type, d.day AS event_date, 1 AS quantity,
             ${rateIn('storage', Prisma.sql`r`)} AS rate, 'Storage & Warehousing — ' || d.name AS description
      FROM days d LEFT JOIN ${ratePeriods('storage')} r ON d.day >= r.from_day AND (r.until_day IS NULL OR d.day < r.until_day)`,
      { before: candidates, after: settle },
    );
  }
}
