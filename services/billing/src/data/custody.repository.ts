import type { CustodyEnd } from '@midway/contracts';
import type { Client } from './prisma-client';

/**
 * The warehouse's custody of items as logistics' facts say it: begun by the arrival, ended by a delivery's
 * completion or a release. The fee rules read it (domain/fees). A redelivered fact changes nothing: custody begins
 * once per item, and ends once.
 */
export class CustodyRepository {
  constructor(private readonly db: Client) {}

  /**
   * Until the transaction ends, no other fact about these items applies: an arrival and catalog's first fact about
   * the item (two consumers) each insert a row the other cannot see until it commits, so without this each could
   * miss the other and receiving would never be billed. A transaction-scoped advisory lock per item, in id order.
   */
  async serialize(itemIds: readonly string[]): Promise<void> {
    if (itemIds.length === 0) return;
    await this.db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(id, 40)) FROM unnest(${[...new Set(itemIds)].sort()}::text[]) AS id ORDER BY id`;
  }

  /** The arrival: custody begins at `at`. False when it had begun already (a redelivery). */
  async begin(itemId: string, projectId: string, at: string): Promise<boolean> {
    const n = await this.db.$executeRaw`
      INSERT INTO custody (item_id, project_id, since) VALUES (${itemId}::uuid, ${projectId}::uuid, ${at}::timestamptz)
      ON CONFLICT (item_id) DO NOTHING`;
    return n === 1;
  }

  /** Custody of these items (of the project) ends at `at`, by `by`; the ids of those whose custody ended now. */
  async end(projectId: string, itemIds: readonly string[], at: string, by: CustodyEnd): Promise<string[]> {
    if (itemIds.length === 0) return [];
    const rows = await this.db.$queryRaw<{ id: string }[]>`
      UPDATE custody SET ended_at = ${at}::timestamptz, ended_by = ${by}
      WHERE item_id = ANY(${[...itemIds]}::uuid[]) AND project_id = ${projectId}::uuid AND ended_at IS NULL
      RETURNING item_id::text AS id`;
    return rows.map((r) => r.id);
  }

  /**
   * The item's custody, if the warehouse ever held it, its row held until the transaction ends: a delivery's
   * completion (which ends it) and a selection fact for the item then apply one after the other, each seeing what
   * the other committed.
   */
  async lockedOf(itemId: string): Promise<{ since: Date; endedAt: Date | null; endedBy: string | null } | null> {
    const [row] = await this.db.$queryRaw<{ since: Date; endedAt: Date | null; endedBy: string | null }[]>`
      SELECT since, ended_at AS "endedAt", ended_by AS "endedBy" FROM custody WHERE item_id = ${itemId}::uuid FOR NO KEY UPDATE`;
    return row ?? null;
  }
}
