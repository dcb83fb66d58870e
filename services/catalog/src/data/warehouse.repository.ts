import type { DamageReport, InspectionCondition, ItemInspection } from '@midway/contracts';
import type { Client } from './prisma-client';

/** What the warehouse (logistics' receiving desk) found, as catalog keeps it for designers and clients. */
export class WarehouseRepository {
  constructor(private readonly db: Client) {}

  /** The designer who owns the project (item events name them). */
  async ownerOf(projectId: string): Promise<string | null> {
    const [row] = await this.db.$queryRaw<{ owner: string }[]>`SELECT created_by_id AS owner FROM projects WHERE id = ${projectId}::uuid`;
    return row?.owner ?? null;
  }

  /** The item is received at `receivedAt` (its status and stamp, as stampsFor decided). */
  async receive(itemId: string, receivedAt: Date | undefined, at: Date): Promise<void> {
    await this.db.$executeRaw`
      UPDATE items SET status = 'received', received_at = coalesce(${receivedAt ?? null}::timestamptz, received_at), updated_at = ${at}
      WHERE id = ${itemId}::uuid`;
  }

  /** The item's inspection, once: a redelivered fact changes nothing (false when there was one already). */
  async setInspection(itemId: string, projectId: string, inspection: ItemInspection): Promise<boolean> {
    const n = await this.db.$executeRaw`
      UPDATE items SET inspection = ${JSON.stringify(inspection)}::jsonb, updated_at = now()
      WHERE id = ${itemId}::uuid AND project_id = ${projectId}::uuid AND inspection IS NULL`;
    return n === 1;
  }

  /** False when the report was recorded already (a redelivery) or its project is gone. */
  async addDamageReport(r: DamageReport & { projectId: string }): Promise<boolean> {
    const n = await this.db.$executeRaw`
      INSERT INTO damage_reports (id, project_id, item_id, item_name, condition, notes, photo_urls, reported_at)
      SELECT ${r.id}::uuid, p.id, ${r.itemId}::uuid, ${r.itemName}, ${r.condition}, ${r.notes}, ${r.photoUrls}::text[], ${r.reportedAt}::timestamptz
      FROM projects p WHERE p.id = ${r.projectId}::uuid
      ON CONFLICT (id) DO NOTHING`;
    return n === 1;
  }

  /** The project's damage reports, newest first. */
  async damageReportsOf(projectId: string): Promise<DamageReport[]> {
    const rows = await this.db.$queryRaw<(Omit<DamageReport, 'reportedAt' | 'condition'> & { condition: InspectionCondition; reportedAt: Date })[]>`
      SELECT id, item_id AS "itemId", item_name AS "itemName", condition, notes, coalesce(photo_urls, '{}') AS "photoUrls", reported_at AS "reportedAt"
      FROM damage_reports WHERE project_id = ${projectId}::uuid ORDER BY reported_at DESC, id`;
    return rows.map((r) => ({ ...r, reportedAt: r.reportedAt.toISOString() }));
  }
}
