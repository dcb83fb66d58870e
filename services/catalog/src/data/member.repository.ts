import type { Member, MemberRole } from '@midway/contracts';
import type { Client } from './prisma-client';

export class MemberRepository {
  constructor(private readonly db: Client) {}

  async list(projectId: string): Promise<Member[]> {
    const rows = await this.db.projectMembership.findMany({ where: { projectId }, orderBy: { joinedAt: 'asc' } });
    const users = await this.db.user.findMany({ where: { id: { in: rows.map((r) => r.userId) } } });
    const byId = new Map(users.map((u) => [u.id, u]));
    return rows.map((r) => ({
      userId: r.userId,
      email: byId.get(r.userId)?.email ?? '',
      firstName: byId.get(r.userId)?.firstName ?? null,
      lastName: byId.get(r.userId)?.lastName ?? null,
      role: r.role,
      joinedAt: r.joinedAt.toISOString(),
    }));
  }

  /**
   * Adding someone twice keeps the first membership (a double click is one effect). ON CONFLICT DO NOTHING,
   * not a look-up first: two adds at once would both miss the row and the second would hit the unique key.
   */
  async add(projectId: string, userId: string, role: string, invitedBy: string): Promise<boolean> {
    const { count } = await this.db.projectMembership.createMany({ data: [{ projectId, userId, role, invitedBy }], skipDuplicates: true });
    return count === 1;
  }

  /** The membership removed (its role), or null when there was none. */
  async remove(projectId: string, userId: string): Promise<{ role: MemberRole } | null> {
    const [row] = await this.db.$queryRaw<{ role: MemberRole }[]>`DELETE FROM project_memberships WHERE project_id = ${projectId}::uuid AND user_id = ${userId}::uuid RETURNING role`;
    return row ?? null;
  }
}
