import { sqltag as sql, type Sql } from '@prisma/client/runtime/client';
import type { ProjectAccessClient } from './project-access.repository';

/** A user as identity's events describe them; `at` is when the fact took effect in identity. */
export interface UserFact {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  at: string;
}

/**
 * A service's read model of identity's users (its `users` table: id, email, first_name, last_name, facts_at),
 * written from identity's user events: whom an invoice or a damage report is addressed to. An older fact than
 * the one applied (a redelivery) changes nothing. One copy for every service that keeps one.
 */
export class UserReadModelRepository {
  constructor(private readonly db: ProjectAccessClient) {}

  private query<T>(q: Sql): Promise<T[]> {
    return this.db.$queryRawUnsafe<T[]>(q.text, ...q.values);
  }

  async record(u: UserFact): Promise<void> {
    await this.db.$executeRawUnsafe(
      ...toArgs(sql`
      INSERT INTO users (id, email, first_name, last_name, facts_at)
      VALUES (${u.userId}::uuid, ${u.email}, ${u.firstName}, ${u.lastName}, ${u.at}::timestamptz)
      ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, facts_at = EXCLUDED.facts_at
      WHERE users.facts_at <= EXCLUDED.facts_at`),
    );
  }

  /** The project's owner and active members this service has no name or e-mail for (see learnProjectPeople). */
  async unknownPeople(projectId: string): Promise<string[]> {
    const rows = await this.query<{ id: string }>(sql`
      SELECT x.id::text FROM (
        SELECT p.owner_id AS id FROM projects p WHERE p.id = ${projectId}::uuid
        UNION SELECT m.user_id FROM project_members m WHERE m.project_id = ${projectId}::uuid AND m.active
      ) x
      WHERE x.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = x.id)`);
    return rows.map((r) => r.id);
  }

  /** The addresses of a project's owner and active members, as far as this service has heard of them. */
  projectPeople(projectId: string): Promise<{ email: string; name: string | null }[]> {
    return this.query(sql`
      SELECT DISTINCT u.email, NULLIF(concat_ws(' ', u.first_name, u.last_name), '') AS name
      FROM users u
      WHERE u.id = (SELECT p.owner_id FROM projects p WHERE p.id = ${projectId}::uuid)
         OR u.id IN (SELECT m.user_id FROM project_members m WHERE m.project_id = ${projectId}::uuid AND m.active)
      ORDER BY u.email`);
  }
}

const toArgs = (q: Sql): [string, ...unknown[]] => [q.text, ...q.values];
