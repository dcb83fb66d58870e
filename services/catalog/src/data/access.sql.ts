import type { Caller } from '@midway/service-kit';
import { isAdmin } from '@midway/contracts';
import { Prisma } from './prisma-client';

/**
 * The one authorization rule, as SQL: a designer reaches the projects they created or are a member of,
 * and everything under them; an admin reaches all. `p` is the projects alias.
 */
export function accessibleProjects(caller: Caller): Prisma.Sql {
  if (isAdmin(caller)) return Prisma.sql`TRUE`;
  return Prisma.sql`(p.created_by_id = ${caller.userId}::uuid OR EXISTS (SELECT 1 FROM project_memberships m WHERE m.project_id = p.id AND m.user_id = ${caller.userId}::uuid))`;
}

/**
 * The same rule for a row under a project, by its project id column (`i.project_id`): a designer's projects as
 * a set the planner starts from, so a filter no index serves (a search's ILIKE) reads only their rows instead of
 * every project's. An admin reaches all.
 */
export function inReachableProject(caller: Caller, projectId: Prisma.Sql): Prisma.Sql {
  if (isAdmin(caller)) return Prisma.sql`TRUE`;
  return Prisma.sql`${projectId} IN (SELECT id FROM projects WHERE created_by_id = ${caller.userId}::uuid UNION ALL SELECT project_id FROM project_memberships WHERE user_id = ${caller.userId}::uuid)`;
}

/** The caller's role on project `p` (the roles are the contract's PROJECT_ACCESS_LEVELS): null when they have none. */
export function accessLevel(caller: Caller): Prisma.Sql {
  return isAdmin(caller)
    ? Prisma.sql`CASE WHEN p.created_by_id = ${caller.userId}::uuid THEN 'owner' ELSE 'admin' END`
    : Prisma.sql`CASE WHEN p.created_by_id = ${caller.userId}::uuid THEN 'owner'
        ELSE (SELECT m.role FROM project_memberships m WHERE m.project_id = p.id AND m.user_id = ${caller.userId}::uuid) END`;
}
