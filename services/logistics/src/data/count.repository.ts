import type { Count, CountResult } from '@midway/contracts';
import { Prisma, type Client } from './prisma-client';

export interface CountRow {
  id: string;
  locationId: string;
  locationCode: string;
  status: 'open' | 'closed';
  closedAt: Date | null;
}

/** An item as a count scan checks it. */
export interface CountItemRow {
  id: string;
  name: string;
  projectId: string;
  custodyState: string | null;
  locationId: string | null;
  locationCode: string | null;
}

/** An item found at the counted location but recorded elsewhere, moved here on confirmation. */
export interface MovedRow {
  itemId: string;
  projectId: string;
  fromLocationCode: string | null;
}

interface CountViewRow extends Omit<Count, 'startedAt' | 'closedAt' | 'accuracy' | 'results'> {
  startedAt: Date;
  closedAt: Date | null;
  accuracy: Prisma.Decimal | null;
  results: CountResult[] | null;
}

const byName = (alias: string) => Prisma.sql`COALESCE(NULLIF(trim(concat_ws(' ', ${Prisma.raw(alias)}.first_name, ${Prisma.raw(alias)}.last_name)), ''), ${Prisma.raw(alias)}.email, '')`;

const VIEW = Prisma.sql`
  c.id, c.location_id AS "locationId", l.code AS "locationCode", c.status, c.started_at AS "startedAt", ${byName('su')} AS "startedByName",
  c.closed_at AS "closedAt", CASE WHEN c.closed_by IS NULL THEN NULL ELSE ${byName('cu')} END AS "closedByName",
  COALESCE((SELECT array_agg(cs.item_id ORDER BY cs.scanned_at, cs.item_id) FROM count_scans cs WHERE cs.count_id = c.id), '{}') AS "scannedItemIds",
  c.expected, c.found, c.accuracy,
  (SELECT json_agg(json_build_object('itemId', cr.item_id, 'itemName', COALESCE(i.name, ''), 'outcome', cr.outcome, 'expectedLocationCode', el.code)
     ORDER BY array_position(ARRAY['missing', 'found-elsewhere', 'found-here'], cr.outcome::text), i.name, cr.item_id)
   FROM count_results cr LEFT JOIN items i ON i.id = cr.item_id LEFT JOIN locations el ON el.id = cr.expected_location_id
   WHERE cr.count_id = c.id) AS results`;
const FROM = Prisma.sql`counts c JOIN locations l ON l.id = c.location_id LEFT JOIN users su ON su.id = c.started_by LEFT JOIN users cu ON cu.id = c.closed_by`;

const toCount = (r: CountViewRow): Count => ({
  ...r,
  startedAt: r.startedAt.toISOString(),
  closedAt: r.closedAt ? r.closedAt.toISOString() : null,
  accuracy: r.accuracy === null ? null : Number(r.accuracy),
  results: r.results ?? [],
});

/**
 * Cycle counts: one open count per location (the location row is locked while a count starts, so of two starts at
 * once the second sees the first), the items scanned there (one row per item: a repeated scan inserts nothing),
 * and, once closed, each item's outcome — reconciled in one statement, the rule count-reconciliation.ts states.
 */
export class CountRepository {
  constructor(private readonly db: Client) {}

  async lockLocation(code: string): Promise<{ id: string; code: string } | null> {
    const [row] = await this.db.$queryRaw<{ id: string; code: string }[]>`SELECT id, code FROM locations WHERE code = ${code} FOR UPDATE`;
    return row ?? null;
  }

  async openAt(locationId: string): Promise<{ id: string; startedAt: Date } | null> {
    const [row] = await this.db.$queryRaw<{ id: string; startedAt: Date }[]>`
      SELECT id, started_at AS "startedAt" FROM counts WHERE location_id = ${locationId}::uuid AND status = 'open' LIMIT 1`;
    return row ?? null;
  }

  async insert(c: { id: string; locationId: string; at: Date; byUserId: string }): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO counts (id, location_id, status, started_at, started_by) VALUES (${c.id}::uuid, ${c.locationId}::uuid, 'open', ${c.at}, ${c.byUserId}::uuid)`;
  }

  async lock(id: string): Promise<CountRow | null> {
    const [row] = await this.db.$queryRaw<CountRow[]>`
      SELECT c.id, c.location_id AS "locationId", l.code AS "locationCode", c.status, c.closed_at AS "closedAt"
      FROM counts c JOIN locations l ON l.id = c.location_id WHERE c.id = ${id}::uuid FOR UPDATE OF c`;
    return row ?? null;
  }

  async item(id: string): Promise<CountItemRow | null> {
    const [row] = await this.db.$queryRaw<CountItemRow[]>`
      SELECT i.id, i.name, i.project_id AS "projectId", i.custody_state AS "custodyState", i.location_id AS "locationId", l.code AS "locationCode"
      FROM items i LEFT JOIN locations l ON l.id = i.location_id WHERE i.id = ${id}::uuid`;
    return row ?? null;
  }

  /** The item was found at the count's location; false when it was scanned already. */
  async addScan(countId: string, itemId: string, at: Date, byUserId: string): Promise<boolean> {
    const n = await this.db.$executeRaw`
      INSERT INTO count_scans (count_id, item_id, scanned_at, by_user_id) VALUES (${countId}::uuid, ${itemId}::uuid, ${at}, ${byUserId}::uuid) ON CONFLICT DO NOTHING`;
    return n === 1;
  }

  /**
   * Closes the count: expected (in custody at the location, on its shelf — not on a truck) against scanned, each
   * item's outcome written in one statement, and the count's figures beside them; answers the outcomes.
   */
  async reconcile(count: { id: string; locationId: string }, at: Date, byUserId: string): Promise<{ expected: number; found: number; accuracy: number }> {
    const [row] = await this.db.$queryRaw<{ expected: number; found: number; accuracy: Prisma.Decimal }[]>`
      WITH expected AS (
        SELECT i.id FROM items i WHERE i.location_id = ${count.locationId}::uuid AND i.custody_state IN ('received', 'stored')
      ), scanned AS (
        SELECT cs.item_id, i.location_id FROM count_scans cs JOIN items i ON i.id = cs.item_id WHERE cs.count_id = ${count.id}::uuid
      ), results AS (
        INSERT INTO count_results (count_id, item_id, outcome, expected_location_id)
        SELECT ${count.id}::uuid, e.id, CASE WHEN s.item_id IS NULL THEN 'missing' ELSE 'found-here' END, ${count.locationId}::uuid
        FROM expected e LEFT JOIN scanned s ON s.item_id = e.id
        UNION ALL
        SELECT ${count.id}::uuid, s.item_id, 'found-elsewhere', s.location_id FROM scanned s WHERE NOT EXISTS (SELECT 1 FROM expected e WHERE e.id = s.item_id)
        RETURNING outcome
      ), figures AS (
        SELECT count(*) FILTER (WHERE outcome <> 'found-elsewhere')::int AS expected, count(*) FILTER (WHERE outcome = 'found-here')::int AS found FROM results
      )
      UPDATE counts SET status = 'closed', closed_at = ${at}, closed_by = ${byUserId}::uuid, expected = f.expected, found = f.found,
        accuracy = CASE WHEN f.expected = 0 THEN 100 ELSE round(f.found * 100.0 / f.expected, 2) END
      FROM figures f WHERE counts.id = ${count.id}::uuid
      RETURNING counts.expected, counts.found, counts.accuracy`;
    return { expected: row!.expected, found: row!.found, accuracy: Number(row!.accuracy) };
  }

  /** Each counted item's timeline line (found here, found elsewhere, missing), in one statement. */
  async addCountedEvents(count: { id: string; locationId: string }, at: Date, byUserId: string): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO custody_events (id, item_id, project_id, kind, at, by_user_id, from_location_id, to_location_id, count_id, reason)
      SELECT gen_random_uuid(), cr.item_id, i.project_id, 'counted', ${at}, ${byUserId}::uuid, cr.expected_location_id, ${count.locationId}::uuid, ${count.id}::uuid,
        CASE cr.outcome WHEN 'missing' THEN 'not found at the count' WHEN 'found-elsewhere' THEN 'found here, recorded elsewhere' ELSE NULL END
      FROM count_results cr JOIN items i ON i.id = cr.item_id WHERE cr.count_id = ${count.id}::uuid`;
  }

  /**
   * Moves the items found here but recorded elsewhere to the counted location (those still in custody on a shelf),
   * each with its timeline line; answers what moved and from where.
   */
  async moveFoundHere(count: { id: string; locationId: string }, at: Date, byUserId: string): Promise<MovedRow[]> {
    const moved = await this.db.$queryRaw<MovedRow[]>`
      WITH moving AS (
        SELECT i.id, i.location_id AS from_id FROM count_results cr JOIN items i ON i.id = cr.item_id
        WHERE cr.count_id = ${count.id}::uuid AND cr.outcome = 'found-elsewhere' AND i.custody_state IN ('received', 'stored')
        ORDER BY i.id FOR UPDATE OF i
      ), updated AS (
        UPDATE items i SET location_id = ${count.locationId}::uuid, custody_state = 'stored' FROM moving m WHERE i.id = m.id
        RETURNING i.id, i.project_id, m.from_id
      )
      SELECT u.id AS "itemId", u.project_id AS "projectId", fl.code AS "fromLocationCode" FROM updated u LEFT JOIN locations fl ON fl.id = u.from_id`;
    if (moved.length) {
      await this.db.$executeRaw`
        INSERT INTO custody_events (id, item_id, project_id, kind, at, by_user_id, from_location_id, to_location_id, count_id)
        SELECT gen_random_uuid(), cr.item_id, i.project_id, CASE WHEN cr.expected_location_id IS NULL THEN 'put-away' ELSE 'moved' END, ${at}, ${byUserId}::uuid,
          cr.expected_location_id, ${count.locationId}::uuid, ${count.id}::uuid
        FROM count_results cr JOIN items i ON i.id = cr.item_id
        WHERE cr.count_id = ${count.id}::uuid AND cr.item_id = ANY(${moved.map((m) => m.itemId)}::uuid[])`;
    }
    return moved;
  }

  async view(id: string): Promise<Count | null> {
    const [row] = await this.db.$queryRaw<CountViewRow[]>`SELECT ${VIEW} FROM ${FROM} WHERE c.id = ${id}::uuid`;
    return row ? toCount(row) : null;
  }

  /** The latest counts (of a location), newest first. */
  async list(locationCode: string | null): Promise<Count[]> {
    const rows = await this.db.$queryRaw<CountViewRow[]>`
      SELECT ${VIEW} FROM ${FROM} WHERE (${locationCode}::text IS NULL OR l.code = ${locationCode}) ORDER BY c.started_at DESC, c.id LIMIT 100`;
    return rows.map(toCount);
  }
}
