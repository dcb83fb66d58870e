import type { EventData } from '@midway/contracts';
import type { Client } from './prisma-client';

type UserFacts = EventData<'identity.user.created.v1'> | EventData<'identity.user.updated.v1'>;

/** Catalog's read model of identity's users, kept from identity.user.* events. */
export class UserRepository {
  constructor(private readonly db: Client) {}

  findById(id: string) {
    return this.db.user.findUnique({ where: { id } });
  }

  findByEmail(email: string) {
    return this.db.user.findUnique({ where: { email: email.toLowerCase() } });
  }

  /** Applies a user fact unless a newer one was already applied (events may arrive out of order). */
  async upsert(u: UserFacts, at: Date): Promise<void> {
    // Absent in events from before addresses were verified: not verified.
    const data = { email: u.email, firstName: u.firstName, lastName: u.lastName, systemRole: u.systemRole, emailVerified: u.emailVerified ?? false, updatedAt: at };
    const existing = await this.db.user.findUnique({ where: { id: u.userId }, select: { updatedAt: true } });
    if (!existing) await this.db.user.create({ data: { id: u.userId, ...data } });
    else if (existing.updatedAt <= at) await this.db.user.update({ where: { id: u.userId }, data });
  }
}
