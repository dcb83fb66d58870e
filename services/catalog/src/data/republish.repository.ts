import type { Item, MemberRole, ProjectStatus } from '@midway/contracts';
import { ITEM_ROW } from './item.fields';
import { toItem, type ItemRow } from './mappers';
import { Prisma, type Client } from './prisma-client';

export interface ProjectSnapshotRow {
  id: string;
  name: string;
  clientName: string;
  clientEmail: string | null;
  location: string;
  status: ProjectStatus;
  installDate: string | null;
  ownerId: string;
  shareToken: string | null;
  members: { userId: string; role: MemberRole }[];
}

/**
 * Everything catalog holds, read in pages for the republish command, or one project or item for another
 * service's read model that has not seen it yet (no caller: the asker applies its own access rule).
 */
export class RepublishRepository {
  constructor(private readonly db: Client) {}

  /** Every project (or the ones named) with its owner, client link and complete member list. */
  async projects(ids?: string[]): Promise<ProjectSnapshotRow[]> {
    const only = ids ? Prisma.sql`WHERE p.id::text IN (SELECT json_array_elements_text(${JSON.stringify(ids)}::json))` : Prisma.empty;
    const [{ rows }] = await this.db.$queryRaw<{ rows: ProjectSnapshotRow[] | null }[]>`
      SELECT coalesce(json_agg(x ORDER BY x."createdAt", x.id), '[]'::json) AS rows FROM (
        SELECT p.id, p.name, p.client_name AS "clientName", p.client_email AS "clientEmail", p.location, p.status,
               to_char(p.install_date, 'YYYY-MM-DD') AS "installDate", p.created_by_id AS "ownerId", p.share_token AS "shareToken", p.created_at AS "createdAt",
               coalesce((SELECT json_agg(json_build_object('userId', m.user_id, 'role', m.role) ORDER BY m.joined_at) FROM project_memberships m WHERE m.project_id = p.id), '[]'::json) AS members
        FROM projects p ${only}) x`;
    return (rows ?? []).map(({ createdAt: _c, ...p }: ProjectSnapshotRow & { createdAt?: string }) => p);
  }

  /** A project's items in creation order, a page after `afterId` (by id within the project). */
  async items(projectId: string, limit: number, afterId?: string): Promise<Item[]> {
    const after = afterId ? Prisma.sql`AND i.id > ${afterId}::uuid` : Prisma.empty;
    const rows = await this.db.$queryRaw<ItemRow[]>`
      ${ITEM_ROW}
      WHERE i.project_id = ${projectId}::uuid ${after} ORDER BY i.id LIMIT ${limit}`;
    return rows.map(toItem);
  }

  /** One item, as `items` reads it, or null. */
  async item(id: string): Promise<Item | null> {
    const rows = await this.db.$queryRaw<ItemRow[]>`
      ${ITEM_ROW} WHERE i.id = ${id}::uuid`;
    return rows[0] ? toItem(rows[0]) : null;
  }
}
