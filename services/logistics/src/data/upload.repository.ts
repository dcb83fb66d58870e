import type { Client } from './prisma-client';

export interface UploadRow {
  id: string;
  ownerId: string;
  sigHash: string;
  expiresAt: Date;
  contentType: string | null;
  size: number | null;
  completedAt: Date | null;
}

export class UploadRepository {
  constructor(private readonly db: Client) {}

  async create(id: string, ownerId: string, sigHash: string, expiresAt: Date): Promise<void> {
    await this.db.$executeRaw`INSERT INTO uploads (id, owner_id, sig_hash, expires_at) VALUES (${id}::uuid, ${ownerId}::uuid, ${sigHash}, ${expiresAt})`;
  }

  async find(id: string): Promise<UploadRow | null> {
    const [row] = await this.db.$queryRaw<UploadRow[]>`
      SELECT id, owner_id AS "ownerId", sig_hash AS "sigHash", expires_at AS "expiresAt", content_type AS "contentType", size, completed_at AS "completedAt"
      FROM uploads WHERE id = ${id}::uuid`;
    return row ?? null;
  }

  /** Claims the upload for its one object; false when another request already completed it. */
  async complete(id: string, contentType: string, size: number): Promise<boolean> {
    const n = await this.db.$executeRaw`UPDATE uploads SET content_type = ${contentType}, size = ${size}, completed_at = now() WHERE id = ${id}::uuid AND completed_at IS NULL`;
    return n === 1;
  }

  /** Who may see a photo: its uploader, an admin, or anyone who reaches a project whose item carries it. */
  async readableBy(key: string, userId: string, admin: boolean): Promise<UploadRow | null> {
    const [row] = await this.db.$queryRaw<UploadRow[]>`
      SELECT u.id, u.owner_id AS "ownerId", u.content_type AS "contentType", u.size, u.completed_at AS "completedAt"
      FROM uploads u
      WHERE u.id = ${key}::uuid AND u.completed_at IS NOT NULL AND (
        ${admin} OR u.owner_id = ${userId}::uuid OR EXISTS (
          SELECT 1 FROM items i JOIN projects p ON p.id = i.project_id
          WHERE i.photo_key = u.id AND (p.owner_id = ${userId}::uuid OR EXISTS (
            SELECT 1 FROM project_members m WHERE m.project_id = p.id AND m.user_id = ${userId}::uuid AND m.active))))`;
    return row ?? null;
  }

  /** A photo of the project the share token opens (an item of it carries the photo). */
  async sharedBy(key: string, shareToken: string): Promise<UploadRow | null> {
    const [row] = await this.db.$queryRaw<UploadRow[]>`
      SELECT u.id, u.owner_id AS "ownerId", u.content_type AS "contentType", u.size, u.completed_at AS "completedAt"
      FROM uploads u
      WHERE u.id = ${key}::uuid AND u.completed_at IS NOT NULL AND EXISTS (
        SELECT 1 FROM items i JOIN projects p ON p.id = i.project_id WHERE i.photo_key = u.id AND p.share_token = ${shareToken})`;
    return row ?? null;
  }
}
