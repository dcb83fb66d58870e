import { sqltag as sql, type Sql } from '@prisma/client/runtime/client';
import { isAdmin, type MemberRole, type ProjectAccess } from '@midway/contracts';
import type { Caller } from '../auth/identity-token';
import { noteProjectReached } from '../request-context';
import { accessFrom, type ProjectReach } from './project-access';

/** What the repository needs of a database client: any service's Prisma client or transaction fits. */
export interface ProjectAccessClient {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

/** A fact about a project from catalog's events; what it does not say (undefined) is left as it is. */
export interface ProjectFact {
  projectId: string;
  ownerId: string;
  /** When the fact took effect in catalog: an older fact than the one applied changes nothing. */
  at: string;
  /** The project's fields, said together (created, updated, snapshot). */
  name?: string;
  clientName?: string;
  clientEmail?: string | null;
  /** The client link's token (shared, snapshot). */
  shareToken?: string | null;
}

/** A project as the read model knows it. `name` is null until a fact carrying it arrives. */
export interface ProjectRecord {
  id: string;
  name: string | null;
  ownerId: string;
  clientName: string | null;
  clientEmail: string | null;
  shareToken: string | null;
}

/**
 * The project-access read model (`projects`, `project_members` in the service's schema), kept from catalog's
 * project events by applyProjectFact: each project's owner, fields and client link, and its members with
 * their role. A removal keeps the member's row (inactive) with its time, so a late redelivery of an older
 * "added" cannot bring them back.
 */
export class ProjectAccessRepository {
  constructor(private readonly db: ProjectAccessClient) {}

  private query<T>(q: Sql): Promise<T[]> {
    return this.db.$queryRawUnsafe<T[]>(q.text, ...q.values);
  }

  private execute(q: Sql): Promise<number> {
    return this.db.$executeRawUnsafe(q.text, ...q.values);
  }

  /** Fields, owner and link from a fact, each only if the fact is not older than the one they came from. */
  async recordProject(f: ProjectFact): Promise<void> {
    const fields = f.name !== undefined;
    const link = f.shareToken !== undefined;
    // A project's name may be missing when a membership fact came first: then any fact carrying fields fills them.
    const fieldsWin = sql`${fields}::boolean AND (projects.name IS NULL OR projects.facts_at <= EXCLUDED.facts_at)`;
    await this.execute(sql`
      INSERT INTO projects (id, name, owner_id, client_name, client_email, share_token, facts_at)
      VALUES (${f.projectId}::uuid, ${f.name ?? null}, ${f.ownerId}::uuid, ${f.clientName ?? null}, ${f.clientEmail ?? null}, ${f.shareToken ?? null}, ${f.at}::timestamptz)
      ON CONFLICT (id) DO UPDATE SET
        name = CASE WHEN ${fieldsWin} THEN EXCLUDED.name ELSE projects.name END,
        client_name = CASE WHEN ${fieldsWin} THEN EXCLUDED.client_name ELSE projects.client_name END,
        client_email = CASE WHEN ${fieldsWin} THEN EXCLUDED.client_email ELSE projects.client_email END,
        owner_id = CASE WHEN projects.facts_at <= EXCLUDED.facts_at THEN EXCLUDED.owner_id ELSE projects.owner_id END,
        share_token = CASE WHEN ${link}::boolean AND projects.facts_at <= EXCLUDED.facts_at THEN EXCLUDED.share_token ELSE projects.share_token END,
        facts_at = GREATEST(projects.facts_at, EXCLUDED.facts_at),
        updated_at = now()`);
  }

  /** One member added (active) or removed (inactive), unless a newer fact about them was applied. */
  async setMember(projectId: string, userId: string, role: MemberRole, active: boolean, at: string): Promise<void> {
    await this.execute(sql`
      INSERT INTO project_members (project_id, user_id, role, active, changed_at)
      VALUES (${projectId}::uuid, ${userId}::uuid, ${role}, ${active}::boolean, ${at}::timestamptz)
      ON CONFLICT (project_id, user_id) DO UPDATE SET role = EXCLUDED.role, active = EXCLUDED.active, changed_at = EXCLUDED.changed_at
      WHERE project_members.changed_at <= EXCLUDED.changed_at`);
  }

  /**
   * A snapshot's member list, in one statement: those listed are active members with their role now, everyone
   * else known before is not — each unless a newer fact about them was applied.
   */
  async replaceMembers(projectId: string, members: readonly { userId: string; role: MemberRole }[], at: string): Promise<void> {
    const listed = JSON.stringify(members.map((m) => ({ user_id: m.userId, role: m.role })));
    await this.execute(sql`
      WITH listed AS (
        SELECT DISTINCT ON (l.user_id) l.user_id::uuid AS user_id, l.role FROM json_to_recordset(${listed}::json) AS l(user_id text, role text)
      ), added AS (
        INSERT INTO project_members (project_id, user_id, role, active, changed_at)
        SELECT ${projectId}::uuid, listed.user_id, listed.role, true, ${at}::timestamptz FROM listed
        ON CONFLICT (project_id, user_id) DO UPDATE SET role = EXCLUDED.role, active = true, changed_at = EXCLUDED.changed_at
        WHERE project_members.changed_at <= EXCLUDED.changed_at
      )
      UPDATE project_members SET active = false, changed_at = ${at}::timestamptz
      WHERE project_id = ${projectId}::uuid AND active AND changed_at <= ${at}::timestamptz
        AND user_id NOT IN (SELECT user_id FROM listed)`);
  }

  /**
   * The caller's role on a project, or null when they cannot reach it (or the project is not known here). A project
   * reached is noted for the Idempotency-Key the request holds, so a replay of its answer checks it again.
   */
  async accessOf(caller: Pick<Caller, 'userId' | 'role'>, projectId: string): Promise<ProjectAccess | null> {
    const access = isAdmin(caller) ? 'admin' : accessFrom(caller, await this.reachOf(caller.userId, projectId));
    if (access) noteProjectReached(projectId);
    return access;
  }

  /** The project's owner and the user's active membership; null when the project is not known here. */
  async reachOf(userId: string, projectId: string): Promise<ProjectReach | null> {
    const [row] = await this.query<ProjectReach>(sql`
      SELECT p.owner_id::text AS "ownerId",
             (SELECT m.role FROM project_members m WHERE m.project_id = p.id AND m.user_id = ${userId}::uuid AND m.active) AS "memberRole"
      FROM projects p WHERE p.id = ${projectId}::uuid`);
    return row ?? null;
  }

  /** The project as known here, or null when no fact about it has arrived. */
  async project(projectId: string): Promise<ProjectRecord | null> {
    const [row] = await this.query<ProjectRecord>(sql`
      SELECT id::text AS id, name, owner_id::text AS "ownerId", client_name AS "clientName", client_email AS "clientEmail", share_token AS "shareToken"
      FROM projects WHERE id = ${projectId}::uuid`);
    return row ?? null;
  }
}
