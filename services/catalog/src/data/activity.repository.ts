import type { Caller } from '@midway/service-kit';
import type { Activity } from '@midway/contracts';
import { accessibleProjects } from './access.sql';
import { toActivity } from './mappers';
import { Prisma, type Client } from './prisma-client';

export interface NewActivity {
  projectId: string;
  itemId: string | null;
  type: string;
  description: string;
  metadata?: Record<string, unknown>;
}

const CLIENT_VISIBLE_ACTIVITY = ['project_created', 'project_status', 'item_added', 'items_imported', 'item_status', 'item_removed', 'delivery_booked', 'delivery_scheduled', 'delivery_cancelled', 'delivery_completed'];

export class ActivityRepository {
  constructor(private readonly db: Client) {}

  async add(a: NewActivity): Promise<void> {
    await this.db.activity.create({ data: { ...a, metadata: (a.metadata ?? {}) as Prisma.InputJsonValue } });
  }

  /** One history line per entry, in one statement (a bulk change has a line per item). */
  async addMany(list: readonly NewActivity[]): Promise<void> {
    if (list.length === 0) return;
    await this.db.activity.createMany({ data: list.map((a) => ({ ...a, metadata: (a.metadata ?? {}) as Prisma.InputJsonValue })) });
  }

  async recent(caller: Caller, limit: number): Promise<Activity[]> {
    const rows = await this.db.$queryRaw<Parameters<typeof toActivity>[0][]>`
      SELECT a.id, a.project_id, a.item_id, a.type, a.description, a.created_at, p.name AS project_name
      FROM activities a JOIN projects p ON p.id = a.project_id
      WHERE ${accessibleProjects(caller)}
      ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit}`;
    return rows.map(toActivity);
  }

  /** What the client's Recent Updates shows: the project and its items, not who it was shared with or internal edits. */
  latestForClient(projectId: string, limit: number) {
    return this.db.activity.findMany({
      where: { projectId, type: { in: CLIENT_VISIBLE_ACTIVITY } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
      select: { id: true, type: true, description: true, metadata: true, createdAt: true },
    });
  }
}
