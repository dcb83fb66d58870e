import type { Member, MemberRole } from '@midway/contracts';
import type { Client } from './prisma-client';

export class MemberRepository {
  constructor(private readonly db: Client) {}

  /** The owner first (joined when the project was created), then the members as they joined, with their names. */
  async list(project: { id: string; createdById: string; createdAt: string }): Promise<Member[]> {
    const rows = await this.db.projectMembership.findMany({ where: { projectId: project.id }, orderBy: { joinedAt: 'asc' } });
    const users = await this.db.user.findMany({ where: { id: { in: [project.createdById, ...rows.map((r) => r.userId)] } } });
    const byId = new Map(users.map((u) => [u.id, u]));
    const person = (userId: string) => ({ userId, email: byId.get(userId)?.email ?? '', firstName: byId.get(userId)?.firstName ?? null, lastName: byId.get(userId)?.lastName ?? null });
    return [
      { status: 'active', ...person(project.createdById), role: 'owner', joinedAt: project.createdAt },
      ...rows.map((r): Member => ({ status: 'active', ...person(r.userId), role: r.role as MemberRole, joinedAt: r.joinedAt.toISOString() })),
    ];
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
