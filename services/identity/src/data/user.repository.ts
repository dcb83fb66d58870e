import type { SystemRole } from '@midway/contracts';
import type { Client } from './prisma-client';

export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  phone: string | null;
  systemRole: SystemRole;
  /** Null until the user proves the mailbox is theirs. */
  emailVerifiedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewUser {
  id: string;
  email: string;
  /** Null for an account made by an OpenID Connect provider's sign-in (it can set one with a reset link). */
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
  systemRole: SystemRole;
  /** Set for users whose address is known to be theirs at creation (admins made by the CLI or the seed). */
  emailVerifiedAt?: Date | null;
}

export class EmailTakenError extends Error {}

export class UserRepository {
  constructor(private readonly db: Client) {}

  findByEmail(email: string): Promise<UserRecord | null> {
    return this.db.user.findUnique({ where: { email: email.toLowerCase() } });
  }

  findById(id: string): Promise<UserRecord | null> {
    return this.db.user.findUnique({ where: { id } });
  }

  /** Creates the user; run it in the unit of work with its `identity.user.created.v1` event. */
  async create(user: NewUser): Promise<UserRecord> {
    try {
      return await this.db.user.create({ data: user });
    } catch (err) {
      if ((err as { code?: string }).code === 'P2002') throw new EmailTakenError(user.email);
      throw err;
    }
  }

  /**
   * Stamps the address verified unless it already is; the user as now, or null when nothing changed (run it in
   * the unit of work with its `identity.user.updated.v1` event). Conditional, so two links used at once stamp once.
   */
  async markVerified(id: string, now: Date): Promise<UserRecord | null> {
    const { count } = await this.db.user.updateMany({ where: { id, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
    return count === 1 ? this.db.user.findUniqueOrThrow({ where: { id } }) : null;
  }

  /** Changes role/password/profile; run it in the unit of work with its `identity.user.updated.v1` event. */
  update(id: string, changes: Partial<Pick<UserRecord, 'passwordHash' | 'systemRole' | 'firstName' | 'lastName' | 'company' | 'phone'>>): Promise<UserRecord> {
    return this.db.user.update({ where: { id }, data: changes });
  }
}
