import { enqueueEvent } from '@midway/service-kit';
import type { EventEnvelope, SystemRole } from '@midway/contracts';
import type { Db } from './prisma-client';
import { SCHEMA } from './prisma-client';

export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
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
  constructor(private readonly db: Db) {}

  findByEmail(email: string): Promise<UserRecord | null> {
    return this.db.user.findUnique({ where: { email: email.toLowerCase() } });
  }

  findById(id: string): Promise<UserRecord | null> {
    return this.db.user.findUnique({ where: { id } });
  }

  /** Creates the user and its `identity.user.created.v1` event in one transaction. */
  async create(user: NewUser, event: EventEnvelope): Promise<UserRecord> {
    try {
      return await this.db.$transaction(async (tx) => {
        const created = await tx.user.create({ data: user });
        await enqueueEvent(tx, SCHEMA, event);
        return created;
      });
    } catch (err) {
      if ((err as { code?: string }).code === 'P2002') throw new EmailTakenError(user.email);
      throw err;
    }
  }

  /** Changes role/password/name and writes `identity.user.updated.v1` with it. */
  async update(id: string, changes: Partial<Pick<NewUser, 'passwordHash' | 'systemRole' | 'firstName' | 'lastName'>>, event: (u: UserRecord) => EventEnvelope) {
    return this.db.$transaction(async (tx) => {
      const updated = await tx.user.update({ where: { id }, data: changes });
      await enqueueEvent(tx, SCHEMA, event(updated));
      return updated;
    });
  }
}
