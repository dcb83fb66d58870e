import type { Client } from './prisma-client';

/** A photo logistics stored: who uploaded it and the project it belongs to (null until its first attachment). */
export interface PhotoFactsRow {
  key: string;
  ownerId: string;
  projectId: string | null;
}

/**
 * The photo logistics stored for an item (its served path), set when logistics says it was attached; and the
 * photos' facts (uploader, project) that decide which items may carry them.
 */
export class ItemPhotoRepository {
  constructor(private readonly db: Client) {}

  /** Only on the item of that project; an item deleted since is left alone. */
  async set(itemId: string, projectId: string, photoUrl: string): Promise<void> {
    await this.db.$executeRaw`UPDATE items SET photo_url = ${photoUrl}, updated_at = now() WHERE id = ${itemId}::uuid AND project_id = ${projectId}::uuid`;
  }

  find(key: string): Promise<PhotoFactsRow | null> {
    return this.db.photo.findUnique({ where: { key }, select: { key: true, ownerId: true, projectId: true } });
  }

  /** find, holding the row until commit: two items racing for a photo of no project see each other's claim. */
  async findLocked(key: string): Promise<PhotoFactsRow | null> {
    const [row] = await this.db.$queryRaw<PhotoFactsRow[]>`SELECT key, owner_id AS "ownerId", project_id AS "projectId" FROM photos WHERE key = ${key}::uuid FOR UPDATE`;
    return row ?? null;
  }

  /** An upload fact (or an owner's answer): the uploader as said; a project once known is kept (the first one stays). */
  async record(fact: PhotoFactsRow): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO photos (key, owner_id, project_id) VALUES (${fact.key}::uuid, ${fact.ownerId}::uuid, ${fact.projectId}::uuid)
      ON CONFLICT (key) DO UPDATE SET owner_id = EXCLUDED.owner_id, project_id = coalesce(photos.project_id, EXCLUDED.project_id), updated_at = now()
      WHERE photos.project_id IS NULL AND EXCLUDED.project_id IS NOT NULL OR photos.owner_id <> EXCLUDED.owner_id`;
  }

  /** The photo belongs from now on to `projectId`, unless it already belongs to a project. */
  async claim(key: string, projectId: string): Promise<void> {
    await this.db.photo.updateMany({ where: { key, projectId: null }, data: { projectId, updatedAt: new Date() } });
  }
}
