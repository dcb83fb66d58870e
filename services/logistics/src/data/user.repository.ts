import type { Client } from './prisma-client';

export interface UserFact {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  at: string;
}

/**
 * Logistics' read model of identity's users: the designer's name on a scan match, and the addresses a damage
 * report is e-mailed to. An older fact than the one applied (a redelivery) changes nothing.
 */
export class UserRepository {
  constructor(private readonly db: Client) {}

  async record(u: UserFact): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO users (id, email, first_name, last_name, facts_at)
      VALUES (${u.userId}::uuid, ${u.email}, ${u.firstName}, ${u.lastName}, ${u.at}::timestamptz)
      ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, facts_at = EXCLUDED.facts_at
      WHERE users.facts_at <= EXCLUDED.facts_at`;
  }

  /** The e-mail addresses of a project's owner and active members (those known here). */
  async projectPeople(projectId: string): Promise<{ email: string; name: string | null }[]> {
    return this.db.$queryRaw<{ email: string; name: string | null }[]>`
      SELECT DISTINCT u.email, NULLIF(concat_ws(' ', u.first_name, u.last_name), '') AS name
      FROM users u
      WHERE u.id = (SELECT p.owner_id FROM projects p WHERE p.id = ${projectId}::uuid)
         OR u.id IN (SELECT m.user_id FROM project_members m WHERE m.project_id = ${projectId}::uuid AND m.active)
      ORDER BY u.email`;
  }
}
