import { empty, Sql, sqltag as sql } from '@prisma/client/runtime/client';
import { isAdmin } from '@midway/contracts';
import type { Caller } from '../auth/identity-token';

/**
 * The access rule as SQL for list queries over the project-access tables (in the service's schema, its
 * search_path): the one definition behind every "which rows may this caller see" filter. The fragments are
 * Prisma `Sql` values, so they nest in a service's `Prisma.sql` queries.
 */
const roleRule = (roles?: readonly string[]) => (roles ? sql`AND m.role IN (SELECT json_array_elements_text(${JSON.stringify(roles)}::json))` : empty);

/**
 * Whether the user `userId` (an SQL expression: a column or a bound uuid) owns the project in `projectColumn`
 * or is an active member of it — with one of `roles` when only some roles may act.
 */
export function reachesProject(userId: Sql, projectColumn: Sql, roles?: readonly string[]): Sql {
  return sql`(EXISTS (SELECT 1 FROM projects op WHERE op.id = ${projectColumn} AND op.owner_id = ${userId})
    OR EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = ${projectColumn} AND m.user_id = ${userId} AND m.active ${roleRule(roles)}))`;
}

/** The caller reaches the project in `projectColumn`: an admin every project, a designer as reachesProject says. */
export function reachableSql(caller: Pick<Caller, 'userId' | 'role'>, projectColumn: Sql, roles?: readonly string[]): Sql {
  if (isAdmin(caller)) return sql`TRUE`;
  return reachesProject(sql`${caller.userId}::uuid`, projectColumn, roles);
}

/**
 * The ids of the projects a designer reaches, as a subquery (one index scan per table, for queries that
 * drive from a short list of projects); null for an admin, who reaches them all.
 */
export function reachableProjectIds(caller: Pick<Caller, 'userId' | 'role'>, roles?: readonly string[]): Sql | null {
  if (isAdmin(caller)) return null;
  return sql`SELECT id FROM projects WHERE owner_id = ${caller.userId}::uuid
    UNION SELECT project_id FROM project_members m WHERE m.user_id = ${caller.userId}::uuid AND m.active ${roleRule(roles)}`;
}

export type { Sql };
