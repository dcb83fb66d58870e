import type { Location, LocationKind } from '@midway/contracts';
import type { Client } from './prisma-client';

export interface LocationRow {
  id: string;
  code: string;
  name: string;
  kind: LocationKind;
}

type ListedRow = LocationRow & { itemCount: number; createdAt: Date };

/** The warehouse's places (unique code), with how many items in custody each holds now. */
export class LocationRepository {
  constructor(private readonly db: Client) {}

  /** false when the code is taken (the unique index decides, also for two creations at once). */
  async insert(l: LocationRow & { createdAt: Date; createdBy: string }): Promise<boolean> {
    const n = await this.db.$executeRaw`
      INSERT INTO locations (id, code, name, kind, created_at, created_by)
      VALUES (${l.id}::uuid, ${l.code}, ${l.name}, ${l.kind}, ${l.createdAt}, ${l.createdBy}::uuid)
      ON CONFLICT (code) DO NOTHING`;
    return n === 1;
  }

  async list(): Promise<Location[]> {
    const rows = await this.db.$queryRaw<ListedRow[]>`
      SELECT l.id, l.code, l.name, l.kind, l.created_at AS "createdAt",
             (SELECT count(*)::int FROM items i WHERE i.location_id = l.id AND i.custody_state IS NOT NULL) AS "itemCount"
      FROM locations l ORDER BY l.code`;
    return rows.map(toLocation);
  }

  async view(id: string): Promise<Location | null> {
    const [row] = await this.db.$queryRaw<ListedRow[]>`
      SELECT l.id, l.code, l.name, l.kind, l.created_at AS "createdAt",
             (SELECT count(*)::int FROM items i WHERE i.location_id = l.id AND i.custody_state IS NOT NULL) AS "itemCount"
      FROM locations l WHERE l.id = ${id}::uuid`;
    return row ? toLocation(row) : null;
  }

  async byCode(code: string): Promise<LocationRow | null> {
    const [row] = await this.db.$queryRaw<LocationRow[]>`SELECT id, code, name, kind FROM locations WHERE code = ${code}`;
    return row ?? null;
  }

  async byId(id: string): Promise<LocationRow | null> {
    const [row] = await this.db.$queryRaw<LocationRow[]>`SELECT id, code, name, kind FROM locations WHERE id = ${id}::uuid`;
    return row ?? null;
  }
}

const toLocation = (r: ListedRow): Location => ({ id: r.id, code: r.code, name: r.name, kind: r.kind, itemCount: r.itemCount, createdAt: r.createdAt.toISOString() });
