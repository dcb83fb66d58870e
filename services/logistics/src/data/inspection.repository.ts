import { photoPath, piecesFlag, type InspectionCondition, type InspectionQueueEntry, type InspectionQueueStatus } from '@midway/contracts';
import { Prisma, type Client } from './prisma-client';

export interface NewInspection {
  id: string;
  itemId: string;
  arrivalId: string;
  projectId: string;
  condition: InspectionCondition;
  notes: string | null;
  photoKeys: string[];
  inspectedAt: Date;
  byUserId: string;
}

/** What a damage report's e-mail says. */
export interface DamageReportLetter {
  id: string;
  projectId: string;
  itemName: string;
  projectName: string;
  condition: InspectionCondition;
  notes: string | null;
  photoKeys: string[];
  reportedAt: Date;
}

type QueueRow = { itemId: string; itemName: string; projectId: string; projectName: string; designerName: string; arrivedAt: Date; dueAt: Date; condition: InspectionCondition | null; inspectedAt: Date | null; piecesReceived: number; piecesExpected: number };

/** Inspections (one per item, unique item_id) and the damage reports of those that found damage. */
export class InspectionRepository {
  constructor(private readonly db: Client) {}

  /** False when the item already has an inspection (the unique item_id decides, also under racing requests). */
  async insert(n: NewInspection): Promise<boolean> {
    const inserted = await this.db.$executeRaw`
      INSERT INTO inspections (id, item_id, arrival_id, project_id, condition, notes, photo_keys, inspected_at, by_user_id)
      VALUES (${n.id}::uuid, ${n.itemId}::uuid, ${n.arrivalId}::uuid, ${n.projectId}::uuid, ${n.condition}, ${n.notes}, ${n.photoKeys}::uuid[], ${n.inspectedAt}, ${n.byUserId}::uuid)
      ON CONFLICT (item_id) DO NOTHING`;
    return inserted === 1;
  }

  async insertDamageReport(r: { id: string; inspectionId: string; itemId: string; projectId: string; createdAt: Date }): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO damage_reports (id, inspection_id, item_id, project_id, created_at)
      VALUES (${r.id}::uuid, ${r.inspectionId}::uuid, ${r.itemId}::uuid, ${r.projectId}::uuid, ${r.createdAt})`;
  }

  /**
   * The arrived items in a queue filter (inspection-due.ts states the rule; this is it in SQL), ordered by due
   * time: pending = not inspected; overdue = not inspected and due before `now`; done = inspected.
   */
  async queue(status: InspectionQueueStatus | undefined, now: Date, limit = 1000): Promise<(Omit<InspectionQueueEntry, 'overdue'> & { dueAtDate: Date; inspectedAtDate: Date | null })[]> {
    const where =
      status === 'done' ? Prisma.sql`AND n.id IS NOT NULL`
      : status === 'overdue' ? Prisma.sql`AND n.id IS NULL AND a.inspection_due_at < ${now}`
      : status === 'pending' ? Prisma.sql`AND n.id IS NULL`
      : Prisma.empty;
    const rows = await this.db.$queryRaw<QueueRow[]>`
      SELECT a.item_id AS "itemId", i.name AS "itemName", i.project_id AS "projectId", coalesce(p.name, '') AS "projectName",
             coalesce(NULLIF(concat_ws(' ', u.first_name, u.last_name), ''), u.email, '') AS "designerName",
             a.arrived_at AS "arrivedAt", a.inspection_due_at AS "dueAt", n.condition, n.inspected_at AS "inspectedAt",
             i.pieces_received AS "piecesReceived", i.pieces AS "piecesExpected"
      FROM arrivals a
      JOIN items i ON i.id = a.item_id
      LEFT JOIN projects p ON p.id = i.project_id
      LEFT JOIN users u ON u.id = p.owner_id
      LEFT JOIN inspections n ON n.item_id = a.item_id
      WHERE a.item_id IS NOT NULL ${where}
      ORDER BY a.inspection_due_at, a.item_id
      LIMIT ${limit}`;
    return rows.map((r) => ({
      itemId: r.itemId,
      itemName: r.itemName,
      projectId: r.projectId,
      projectName: r.projectName,
      designerName: r.designerName,
      arrivedAt: r.arrivedAt.toISOString(),
      dueAt: r.dueAt.toISOString(),
      dueAtDate: r.dueAt,
      inspectedAtDate: r.inspectedAt,
      piecesFlag: piecesFlag(r.piecesReceived, r.piecesExpected),
      ...(r.condition ? { condition: r.condition } : {}),
      ...(r.inspectedAt ? { inspectedAt: r.inspectedAt.toISOString() } : {}),
    }));
  }

  async letter(damageReportId: string): Promise<DamageReportLetter | null> {
    const [row] = await this.db.$queryRaw<DamageReportLetter[]>`
      SELECT d.id, d.project_id AS "projectId", coalesce(i.name, 'An item') AS "itemName", coalesce(p.name, 'your project') AS "projectName",
             n.condition, n.notes, coalesce(n.photo_keys, '{}')::text[] AS "photoKeys", d.created_at AS "reportedAt"
      FROM damage_reports d
      JOIN inspections n ON n.id = d.inspection_id
      LEFT JOIN items i ON i.id = d.item_id
      LEFT JOIN projects p ON p.id = d.project_id
      WHERE d.id = ${damageReportId}::uuid`;
    return row ?? null;
  }

  /** Claims the report's e-mail for one sender (false when another already did); unclaim if the send fails. */
  async claimEmail(damageReportId: string, at: Date): Promise<boolean> {
    return (await this.db.$executeRaw`UPDATE damage_reports SET emailed_at = ${at} WHERE id = ${damageReportId}::uuid AND emailed_at IS NULL`) === 1;
  }

  async unclaimEmail(damageReportId: string): Promise<void> {
    await this.db.$executeRaw`UPDATE damage_reports SET emailed_at = NULL WHERE id = ${damageReportId}::uuid`;
  }

  /** Reports whose e-mail has not gone out, created before `before` (the sweep retries them). */
  async unsent(before: Date, limit = 50): Promise<string[]> {
    const rows = await this.db.$queryRaw<{ id: string }[]>`
      SELECT id FROM damage_reports WHERE emailed_at IS NULL AND created_at < ${before} ORDER BY created_at LIMIT ${limit}`;
    return rows.map((r) => r.id);
  }

  /** Whether the photo belongs to a damage report (a signed link opens only such a photo). */
  async isDamagePhoto(key: string): Promise<boolean> {
    const [row] = await this.db.$queryRaw<{ yes: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM damage_reports d JOIN inspections n ON n.id = d.inspection_id WHERE ${key}::uuid = ANY(n.photo_keys)) AS yes`;
    return row?.yes ?? false;
  }
}

export const photoUrlsOf = (keys: readonly string[]) => keys.map(photoPath);
