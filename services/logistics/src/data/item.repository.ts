import type { ItemStatus, ServiceType } from '@midway/contracts';
import { reachesProject } from '@midway/service-kit';
import { Prisma, type Client } from './prisma-client';

/**
 * An item of `project` may carry the upload `u`: the photo belongs to that project, or it belongs to none yet
 * and its uploader owns or is an active member of the project (the kit's access rule), which then becomes the
 * photo's project (claimPhotos). Catalog refuses the rest before publishing; this keeps its facts honest too.
 */
const mayCarry = (project: Prisma.Sql) => Prisma.sql`(u.project_id = ${project} OR (u.project_id IS NULL AND ${reachesProject(Prisma.sql`u.owner_id`, project)}))`;


export interface ItemFact {
  id: string;
  projectId: string;
  name: string;
  createdAt: string;
  /** The uploaded photo the item carries; undefined when the fact does not say (kept as it is). */
  photoKey?: string | null;
  /** The tracking number as scans match it (domain/tracking-code), null for none. */
  trackingNumber: string | null;
  status: ItemStatus;
  /** Pieces expected and the room (the labels' sidemark); undefined when the fact does not say (kept as they are). */
  pieces?: number;
  roomLocation?: string | null;
}

export interface ServiceTemplate {
  type: ServiceType;
  rank: number;
  cost: string;
}

/**
 * Items as logistics knows them (name and project) and their services. Set-based: a batch of items and
 * all their services are two statements whatever its size; redelivered or republished items change
 * nothing (ON CONFLICT), so a batch can be applied any number of times.
 */
export class ItemRepository {
  constructor(private readonly db: Client) {}

  /**
   * Records the items (name and project as now), the photo of those that have none, and gives each one
   * service of every type it lacks.
   */
  async upsertWithServices(items: ItemFact[], templates: ServiceTemplate[]): Promise<void> {
    if (items.length === 0) return;
    const rows = JSON.stringify(items.map((i) => ({ ...i, photoKnown: i.photoKey !== undefined })));
    await this.db.$executeRaw`
      INSERT INTO items (id, project_id, name, created_at, tracking_number, status, pieces, room_location)
      SELECT x.id, x."projectId", x.name, x."createdAt", x."trackingNumber", x.status, coalesce(x.pieces, 1), x."roomLocation"
      FROM json_to_recordset(${rows}::json) AS x(id uuid, "projectId" uuid, name text, "createdAt" timestamptz, "trackingNumber" text, status text, pieces int, "roomLocation" text)
      ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, project_id = EXCLUDED.project_id, tracking_number = EXCLUDED.tracking_number, status = EXCLUDED.status, updated_at = now()
      WHERE (items.name, items.project_id, items.tracking_number, items.status) IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.project_id, EXCLUDED.tracking_number, EXCLUDED.status)`;
    // A photo is taken only if it belongs to the item's project, or to none yet and its uploader reaches the
    // project (mayCarry): naming someone else's photo key on an item must not hand that photo to this
    // project's people. The upload row is
    // share-locked so the abandoned-upload clean-up cannot remove it while the item comes to carry it.
    // An item that already has a photo keeps it: one attached here after catalog answered about the item
    // must survive the item's creation fact arriving later.
    await this.db.$executeRaw`
      UPDATE items i SET photo_key = (SELECT u.id FROM uploads u WHERE u.id = x."photoKey" AND ${mayCarry(Prisma.sql`x."projectId"`)} FOR KEY SHARE)
      FROM json_to_recordset(${rows}::json) AS x(id uuid, "projectId" uuid, "photoKey" uuid, "photoKnown" boolean)
      WHERE i.id = x.id AND x."photoKnown" AND i.photo_key IS NULL`;
    // Pieces expected and the room, when the facts say them (producers older than custody do not).
    const labelled = items.filter((i) => i.pieces !== undefined || i.roomLocation !== undefined);
    if (labelled.length) await this.db.$executeRaw`
      UPDATE items i SET pieces = coalesce(x.pieces, i.pieces), room_location = CASE WHEN x."roomKnown" THEN x."roomLocation" ELSE i.room_location END, updated_at = now()
      FROM json_to_recordset(${JSON.stringify(labelled.map((i) => ({ id: i.id, pieces: i.pieces ?? null, roomLocation: i.roomLocation ?? null, roomKnown: i.roomLocation !== undefined })))}::json)
        AS x(id uuid, pieces int, "roomLocation" text, "roomKnown" boolean)
      WHERE i.id = x.id AND (i.pieces, i.room_location) IS DISTINCT FROM (coalesce(x.pieces, i.pieces), CASE WHEN x."roomKnown" THEN x."roomLocation" ELSE i.room_location END)`;
    if (items.some((i) => i.photoKey)) await this.claimPhotos(Prisma.sql`SELECT x.id FROM json_to_recordset(${rows}::json) AS x(id uuid)`);
    // An item that moved to another project takes its services along.
    await this.db.$executeRaw`
      UPDATE services s SET project_id = x."projectId", updated_at = now()
      FROM json_to_recordset(${rows}::json) AS x(id uuid, "projectId" uuid)
      WHERE s.item_id = x.id AND s.project_id <> x."projectId"`;
    await this.db.$executeRaw`
      INSERT INTO services (item_id, project_id, type, rank, cost, created_at)
      SELECT i.id, i.project_id, t.type, t.rank, t.cost, i.created_at
      FROM json_to_recordset(${rows}::json) AS x(id uuid)
      JOIN items i ON i.id = x.id
      CROSS JOIN json_to_recordset(${JSON.stringify(templates)}::json) AS t(type text, rank int, cost numeric)
      ON CONFLICT (item_id, type) DO NOTHING`;
  }

  /** Name, project, tracking number, status or photo changed; an item logistics never heard of is left to upsertWithServices. */
  async update(id: string, fields: { name: string; projectId: string; photoKey?: string | null; trackingNumber: string | null; status: ItemStatus; pieces?: number; roomLocation?: string | null }): Promise<number> {
    const photo = fields.photoKey === undefined ? Prisma.sql`photo_key` : fields.photoKey === null ? Prisma.sql`NULL` : Prisma.sql`(SELECT u.id FROM uploads u WHERE u.id = ${fields.photoKey}::uuid AND ${mayCarry(Prisma.sql`${fields.projectId}::uuid`)} FOR KEY SHARE)`;
    const n = await this.db.$executeRaw`
      UPDATE items SET name = ${fields.name}, project_id = ${fields.projectId}::uuid, photo_key = ${photo}, tracking_number = ${fields.trackingNumber}, status = ${fields.status}, updated_at = now()
      WHERE id = ${id}::uuid`;
    if (n && (fields.pieces !== undefined || fields.roomLocation !== undefined))
      await this.db.item.updateMany({ where: { id }, data: { ...(fields.pieces === undefined ? {} : { pieces: fields.pieces }), ...(fields.roomLocation === undefined ? {} : { roomLocation: fields.roomLocation }) } });
    await this.db.service.updateMany({ where: { itemId: id, projectId: { not: fields.projectId } }, data: { projectId: fields.projectId, updatedAt: new Date() } });
    if (fields.photoKey) await this.claimPhotos(Prisma.sql`SELECT ${id}::uuid`);
    return n;
  }

  /** The photos the given items now carry that belonged to no project belong from now on to the item's project. */
  private async claimPhotos(itemIds: Prisma.Sql): Promise<void> {
    await this.db.$executeRaw`
      UPDATE uploads u SET project_id = i.project_id FROM items i
      WHERE i.id IN (${itemIds}) AND i.photo_key = u.id AND u.project_id IS NULL`;
  }

  find(id: string): Promise<{ id: string; projectId: string } | null> {
    return this.db.item.findUnique({ where: { id }, select: { id: true, projectId: true } });
  }

  /** A status catalog reports (or the desk's arrival): what the desk checks before receiving the item again. */
  async setStatus(id: string, status: ItemStatus): Promise<void> {
    await this.db.item.updateMany({ where: { id, NOT: { status } }, data: { status, updatedAt: new Date() } });
  }

  async setPhoto(id: string, photoKey: string): Promise<void> {
    await this.db.item.updateMany({ where: { id }, data: { photoKey, updatedAt: new Date() } });
  }

  /** The item and (by cascade) its services. */
  async delete(id: string): Promise<void> {
    await this.db.item.deleteMany({ where: { id } });
  }
}
