import type { Caller } from '@midway/service-kit';
import type { MemberRole, ProjectAccess } from '@midway/contracts';
import { Prisma, type Client } from './prisma-client';

export interface ProjectFact {
  projectId: string;
  ownerId: string;
  /** When the fact took effect in catalog: an older fact than the one applied changes nothing. */
  at: string;
  name?: string;
  shareToken?: string | null;
}

/**
 * Logistics' read model of who reaches a project, kept from catalog's facts: the owner, and members with
 * their role. A removal keeps the row (inactive) with its time, so a late redelivery of an older "added"
 * cannot bring the member back.
 */
export class AccessRepository {
  constructor(private readonly db: Client) {}

  async recordProject(f: ProjectFact): Promise<void> {
    const name = f.name ?? null;
    const setToken = f.shareToken !== undefined;
    await this.db.$executeRaw`
      INSERT INTO projects (id, name, owner_id, share_token, facts_at)
      VALUES (${f.projectId}::uuid, ${name}, ${f.ownerId}::uuid, ${f.shareToken ?? null}, ${f.at}::timestamptz)
      ON CONFLICT (id) DO UPDATE SET
        name = CASE WHEN EXCLUDED.name IS NOT NULL AND (projects.name IS NULL OR projects.facts_at <= EXCLUDED.facts_at) THEN EXCLUDED.name ELSE projects.name END,
        owner_id = CASE WHEN projects.facts_at <= EXCLUDED.facts_at THEN EXCLUDED.owner_id ELSE projects.owner_id END,
        share_token = CASE WHEN ${setToken} AND projects.facts_at <= EXCLUDED.facts_at THEN EXCLUDED.share_token ELSE projects.share_token END,
        facts_at = GREATEST(projects.facts_at, EXCLUDED.facts_at),
        updated_at = now()`;
  }

  async setMember(projectId: string, userId: string, role: MemberRole, active: boolean, at: string): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO project_members (project_id, user_id, role, active, changed_at)
      VALUES (${projectId}::uuid, ${userId}::uuid, ${role}, ${active}, ${at}::timestamptz)
      ON CONFLICT (project_id, user_id) DO UPDATE SET role = EXCLUDED.role, active = EXCLUDED.active, changed_at = EXCLUDED.changed_at
      WHERE project_members.changed_at <= EXCLUDED.changed_at`;
  }

  /** A snapshot's member list: those listed are members now, everyone else known before is not. */
  async replaceMembers(projectId: string, members: { userId: string; role: MemberRole }[], at: string): Promise<void> {
    for (const m of members) await this.setMember(projectId, m.userId, m.role, true, at);
    const listed = JSON.stringify(members.map((m) => m.userId));
    await this.db.$executeRaw`
      UPDATE project_members SET active = false, changed_at = ${at}::timestamptz
      WHERE project_id = ${projectId}::uuid AND active AND changed_at <= ${at}::timestamptz
        AND user_id::text NOT IN (SELECT json_array_elements_text(${listed}::json))`;
  }

  /** The caller's role on a project, or null when they cannot reach it. */
  async accessOf(caller: Caller, projectId: string): Promise<ProjectAccess | null> {
    if (caller.role === 'midway_admin') return 'admin';
    const [row] = await this.db.$queryRaw<{ owner: boolean; role: string | null }[]>`
      SELECT p.owner_id = ${caller.userId}::uuid AS owner,
             (SELECT m.role FROM project_members m WHERE m.project_id = p.id AND m.user_id = ${caller.userId}::uuid AND m.active) AS role
      FROM projects p WHERE p.id = ${projectId}::uuid`;
    if (!row) return null;
    if (row.owner) return 'owner';
    return row.role === 'member' || row.role === 'viewer' ? row.role : null;
  }
}

/**
 * The rule as SQL over a `project_id` column: an admin reaches every project; a designer the projects they
 * own and those they are an active member of — with one of `roles` when only some roles may act.
 */
export function reachable(caller: Caller, projectColumn: Prisma.Sql, roles?: readonly string[]): Prisma.Sql {
  if (caller.role === 'midway_admin') return Prisma.sql`TRUE`;
  const roleRule = roles ? Prisma.sql`AND m.role IN (SELECT json_array_elements_text(${JSON.stringify(roles)}::json))` : Prisma.empty;
  return Prisma.sql`(EXISTS (SELECT 1 FROM projects op WHERE op.id = ${projectColumn} AND op.owner_id = ${caller.userId}::uuid)
    OR EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = ${projectColumn} AND m.user_id = ${caller.userId}::uuid AND m.active ${roleRule}))`;
}
