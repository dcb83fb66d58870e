import type { Client } from './prisma-client';

export interface UserFact {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  at: string;
}

/**
 * Billing's read model of identity's users: whom an automatic invoice is addressed to (the project's owner).
 * An older fact than the one applied (a redelivery) changes nothing.
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
}
