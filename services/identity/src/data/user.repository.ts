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
  createdAt: Date;
  updatedAt: Date;
}

export interface NewUser {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string | null;
  lastName: string | null;
  systemRole: SystemRole;
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

  /** Changes role/password/profile; run it in the unit of work with its `identity.user.updated.v1` event. */
  update(id: string, changes: Partial<Pick<UserRecord, 'passwordHash' | 'systemRole' | 'firstName' | 'lastName' | 'company' | 'phone'>>): Promise<UserRecord> {
    return this.db.user.update({ where: { id }, data: changes });
  }
}
