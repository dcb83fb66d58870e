import type { Caller } from '@midway/service-kit';
import type { MemberRole, ProjectAccess } from '@midway/contracts';
import { Prisma, type Client } from './prisma-client';

export interface ProjectFact {
  projectId: string;
  ownerId: string;
  /** When the fact took effect in catalog: an older fact than the one applied changes nothing. */
  at: string;
  name?: string;
  clientName?: string;
  clientEmail?: string | null;
}

export interface UserFact {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  at: string;
}

/**
 * Billing's read model of projects (whom to bill), who reaches them (owner, members and roles) and users,
 * kept from catalog's and identity's facts. A removal keeps the row (inactive) with its time, so a late
 * redelivery of an older "added" cannot bring the member back.
 */
export class AccessRepository {
  constructor(private readonly db: Client) {}

  async recordProject(f: ProjectFact): Promise<void> {
    const fields = f.name !== undefined;
    await this.db.$executeRaw`
      INSERT INTO projects (id, name, owner_id, client_name, client_email, facts_at)
      VALUES (${f.projectId}::uuid, ${f.name ?? null}, ${f.ownerId}::uuid, ${f.clientName ?? null}, ${f.clientEmail ?? null}, ${f.at}::timestamptz)
      ON CONFLICT (id) DO UPDATE SET
        name = CASE WHEN ${fields} AND (projects.name IS NULL OR projects.facts_at <= EXCLUDED.facts_at) THEN EXCLUDED.name ELSE projects.name END,
        client_name = CASE WHEN ${fields} AND (projects.name IS NULL OR projects.facts_at <= EXCLUDED.facts_at) THEN EXCLUDED.client_name ELSE projects.client_name END,
        client_email = CASE WHEN ${fields} AND (projects.name IS NULL OR projects.facts_at <= EXCLUDED.facts_at) THEN EXCLUDED.client_email ELSE projects.client_email END,
        owner_id = CASE WHEN projects.facts_at <= EXCLUDED.facts_at THEN EXCLUDED.owner_id ELSE projects.owner_id END,
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

  async recordUser(u: UserFact): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO users (id, email, first_name, last_name, facts_at)
      VALUES (${u.userId}::uuid, ${u.email}, ${u.firstName}, ${u.lastName}, ${u.at}::timestamptz)
      ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, facts_at = EXCLUDED.facts_at
      WHERE users.facts_at <= EXCLUDED.facts_at`;
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

  async project(projectId: string): Promise<{ id: string; name: string | null; ownerId: string } | null> {
    const [row] = await this.db.$queryRaw<{ id: string; name: string | null; ownerId: string }[]>`
      SELECT id, name, owner_id AS "ownerId" FROM projects WHERE id = ${projectId}::uuid`;
    return row ?? null;
  }
}

/**
 * The rule as SQL over a `project_id` column: an admin reaches every project; a designer the projects they
 * own and those they are an active member of (any role: invoices are read-only to members and viewers).
 */
export function reachable(caller: Caller, projectColumn: Prisma.Sql): Prisma.Sql {
  if (caller.role === 'midway_admin') return Prisma.sql`TRUE`;
  return Prisma.sql`(EXISTS (SELECT 1 FROM projects op WHERE op.id = ${projectColumn} AND op.owner_id = ${caller.userId}::uuid)
    OR EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = ${projectColumn} AND m.user_id = ${caller.userId}::uuid AND m.active))`;
}
