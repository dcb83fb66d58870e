import type { ServiceType } from '@midway/contracts';
import type { Client } from './prisma-client';

export interface ItemStatusFact {
  itemId: string;
  projectId: string;
  name: string;
  quantity: number;
  status: string;
  at: string;
}

/**
 * Items as billing knows them and every status they took (catalog's facts: labels, which bill nothing), and which
 * services are selected on them (logistics' facts). Set-based: a batch of items is three statements whatever its size;
 * a redelivered or republished fact changes nothing (ON CONFLICT; the newest fact wins).
 */
export class ItemRepository {
  constructor(private readonly db: Client) {}

  /** The items as they now are, and their status at `at` in the history. */
  async recordStatuses(facts: ItemStatusFact[]): Promise<void> {
    if (facts.length === 0) return;
    const rows = JSON.stringify(facts);
    await this.db.$executeRaw`
      INSERT INTO items (id, project_id, name, quantity, status, status_at)
      SELECT x."itemId", x."projectId", x.name, GREATEST(x.quantity, 1), x.status, x.at
      FROM json_to_recordset(${rows}::json) AS x("itemId" uuid, "projectId" uuid, name text, quantity int, status text, at timestamptz)
      ON CONFLICT (id) DO UPDATE SET project_id = EXCLUDED.project_id, name = EXCLUDED.name, quantity = EXCLUDED.quantity,
        status = EXCLUDED.status, status_at = EXCLUDED.status_at
      WHERE items.status_at <= EXCLUDED.status_at`;
    await this.db.$executeRaw`
      INSERT INTO item_status_history (item_id, at, status)
      SELECT x."itemId", x.at, x.status FROM json_to_recordset(${rows}::json) AS x("itemId" uuid, at timestamptz, status text)
      ON CONFLICT DO NOTHING`;
  }

  /** The project an item belongs to, or null for an item billing has not heard of. */
  async projectOf(itemId: string): Promise<string | null> {
    const row = await this.db.item.findUnique({ where: { id: itemId }, select: { projectId: true } });
    return row?.projectId ?? null;
  }

  /** A deleted item is no longer stored anywhere: its storage ends at `at`. */
  async markDeleted(itemId: string, at: string): Promise<void> {
    await this.db.item.updateMany({ where: { id: itemId }, data: { deleted: true } });
    await this.db.itemStatusChange.createMany({ data: [{ itemId, at: new Date(at), status: 'deleted' }], skipDuplicates: true });
  }

  async setSelected(itemId: string, type: ServiceType, selected: boolean, at: string): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO selected_services (item_id, type, selected, changed_at) VALUES (${itemId}::uuid, ${type}, ${selected}, ${at}::timestamptz)
      ON CONFLICT (item_id, type) DO UPDATE SET selected = EXCLUDED.selected, changed_at = EXCLUDED.changed_at
      WHERE selected_services.changed_at <= EXCLUDED.changed_at`;
  }

  /**
   * Holds the item's row until the transaction ends: a custody fact and a selection fact for the same item then
   * apply one after the other, each seeing what the other committed.
   */
  async lock(itemId: string): Promise<void> {
    await this.db.$queryRaw`SELECT 1 FROM items WHERE id = ${itemId}::uuid FOR NO KEY UPDATE`;
  }
}
