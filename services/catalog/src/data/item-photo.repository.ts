import type { Client } from './prisma-client';

/** The photo logistics stored for an item (its served path), set when logistics says it was attached. */
export class ItemPhotoRepository {
  constructor(private readonly db: Client) {}

  /** Only on the item of that project; an item deleted since is left alone. */
  async set(itemId: string, projectId: string, photoUrl: string): Promise<void> {
    await this.db.$executeRaw`UPDATE items SET photo_url = ${photoUrl}, updated_at = now() WHERE id = ${itemId}::uuid AND project_id = ${projectId}::uuid`;
  }
}
