import { reachesProject } from '@midway/service-kit';
import { Prisma, type Client } from './prisma-client';

export interface UploadRow {
  id: string;
  ownerId: string;
  sigHash: string;
  expiresAt: Date;
  contentType: string | null;
  size: number | null;
  completedAt: Date | null;
  /** The project the photo belongs to (the first one it was attached to); null until then. */
  projectId: string | null;
}

const ROW = Prisma.sql`u.id, u.owner_id AS "ownerId", u.sig_hash AS "sigHash", u.expires_at AS "expiresAt", u.content_type AS "contentType", u.size,
  u.completed_at AS "completedAt", u.project_id AS "projectId"`;

const SELECT = { id: true, ownerId: true, sigHash: true, expiresAt: true, contentType: true, size: true, completedAt: true, projectId: true } as const;

export class UploadRepository {
  constructor(private readonly db: Client) {}

  async create(id: string, ownerId: string, sigHash: string, expiresAt: Date): Promise<void> {
    await this.db.upload.create({ data: { id, ownerId, sigHash, expiresAt } });
  }

  find(id: string): Promise<UploadRow | null> {
    return this.db.upload.findUnique({ where: { id }, select: SELECT });
  }

  /** find, holding the row until commit: the clean-up cannot remove an upload while it is being attached. */
  async findLocked(id: string): Promise<UploadRow | null> {
    const [row] = await this.db.$queryRaw<UploadRow[]>`SELECT ${ROW} FROM uploads u WHERE u.id = ${id}::uuid FOR UPDATE`;
    return row ?? null;
  }

  /**
   * Deletes up to `limit` uploads nobody will use and returns their ids: never completed and expired before
   * `expiredBefore`; and, when `completedBefore` is given, completed before it and carried by no item, inspection
   * or delivery (a proof photo or signature).
   * Two statements: the first locks the candidates (skipping rows an attach or an item fact holds); the second,
   * with a snapshot taken after those locks, checks again — an item that came to carry a photo meanwhile is
   * seen there — and deletes. The rows stay locked until commit.
   */
  async deleteAbandoned(o: { expiredBefore: Date; completedBefore: Date | null; limit: number }): Promise<string[]> {
    const abandoned = Prisma.sql`((u.completed_at IS NULL AND u.expires_at < ${o.expiredBefore})
      OR (${o.completedBefore}::timestamptz IS NOT NULL AND u.completed_at < ${o.completedBefore}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM items i WHERE i.photo_key = u.id)
          AND NOT EXISTS (SELECT 1 FROM inspections n WHERE u.id = ANY(n.photo_keys))
          AND NOT EXISTS (SELECT 1 FROM deliveries dl WHERE u.id = ANY(dl.photo_keys) OR dl.signature_key = u.id)))`;
    const locked = await this.db.$queryRaw<{ id: string }[]>`
      SELECT u.id FROM uploads u WHERE ${abandoned} ORDER BY u.created_at LIMIT ${o.limit} FOR UPDATE SKIP LOCKED`;
    if (!locked.length) return [];
    const rows = await this.db.$queryRaw<{ id: string }[]>`
      DELETE FROM uploads u WHERE u.id = ANY(${locked.map((r) => r.id)}::uuid[]) AND ${abandoned} RETURNING u.id`;
    return rows.map((r) => r.id);
  }

  /** Claims the upload for its one object; false when another request already completed it. */
  async complete(id: string, contentType: string, size: number): Promise<boolean> {
    const { count } = await this.db.upload.updateMany({ where: { id, completedAt: null }, data: { contentType, size, completedAt: new Date() } });
    return count === 1;
  }

  /** The photo belongs from now on to `projectId`, unless it already belongs to a project (the first one stays). */
  async claimProject(id: string, projectId: string): Promise<void> {
    await this.db.upload.updateMany({ where: { id, projectId: null }, data: { projectId } });
  }

  /**
   * Who may see a photo: its uploader, an admin, anyone who reaches the project it belongs to, or anyone who
   * reaches a project whose item's inspection shows it (the desk's own photos). Which items carry its key
   * does not matter: naming a key on an item widens nothing.
   */
  async readableBy(key: string, userId: string, admin: boolean): Promise<UploadRow | null> {
    const [row] = await this.db.$queryRaw<UploadRow[]>`
      SELECT ${ROW}
      FROM uploads u
      WHERE u.id = ${key}::uuid AND u.completed_at IS NOT NULL AND (
        ${admin} OR u.owner_id = ${userId}::uuid
        OR (u.project_id IS NOT NULL AND ${reachesProject(Prisma.sql`${userId}::uuid`, Prisma.sql`u.project_id`)}) OR EXISTS (
          SELECT 1 FROM inspections n WHERE u.id = ANY(n.photo_keys) AND ${reachesProject(Prisma.sql`${userId}::uuid`, Prisma.sql`n.project_id`)}))`;
    return row ?? null;
  }

  /**
   * A photo the client page of the share token's project shows: one of the project's own that an item of it
   * carries. Its other photos (a delivery's proof and signature, the desk's inspection photos) are the team's,
   * and answer as a photo that does not exist.
   */
  async sharedBy(key: string, shareToken: string): Promise<UploadRow | null> {
    const [row] = await this.db.$queryRaw<UploadRow[]>`
      SELECT ${ROW}
      FROM uploads u JOIN projects p ON p.id = u.project_id
      WHERE u.id = ${key}::uuid AND u.completed_at IS NOT NULL AND p.share_token = ${shareToken}
        AND EXISTS (SELECT 1 FROM items i WHERE i.photo_key = u.id AND i.project_id = p.id)`;
    return row ?? null;
  }
}
