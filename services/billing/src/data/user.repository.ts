import { UserReadModelRepository } from '@midway/service-kit';
import type { Client } from './prisma-client';

export type { UserFact } from '@midway/service-kit';

/** The users read model is the kit's (one copy for every service that keeps identity's users). */
export class UserRepository extends UserReadModelRepository {
  constructor(private readonly client: Client) {
    super(client);
  }

  /** The e-mail of the project's owner, as far as billing has heard of them (a payment's receipt goes there). */
  async ownerEmail(projectId: string): Promise<string | null> {
    const [row] = await this.client.$queryRaw<{ email: string }[]>`SELECT u.email FROM users u JOIN projects p ON p.owner_id = u.id WHERE p.id = ${projectId}::uuid`;
    return row?.email ?? null;
  }
}
