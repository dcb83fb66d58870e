import { enqueueEvent } from '@midway/service-kit';
import type { EventEnvelope } from '@midway/contracts';
import type { Db } from './prisma-client';
import { SCHEMA } from './prisma-client';

export interface SessionRecord {
  sid: string;
  userId: string;
  expire: Date;
  revokedAt: Date | null;
}

export class SessionRepository {
  constructor(private readonly db: Db) {}

  create(session: { sid: string; userId: string; expire: Date; meta: { ip?: string; userAgent?: string } }): Promise<SessionRecord> {
    return this.db.session.create({ data: { sid: session.sid, userId: session.userId, expire: session.expire, sess: session.meta } });
  }

  find(sid: string): Promise<SessionRecord | null> {
    return this.db.session.findUnique({ where: { sid } });
  }

  /**
   * Marks the session revoked and writes `identity.session.revoked.v1` in the same transaction.
   * Revoking twice (a double click on Sign Out) changes nothing and publishes nothing the second time.
   */
  async revoke(sid: string, event: (s: SessionRecord) => EventEnvelope): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const { count } = await tx.session.updateMany({ where: { sid, revokedAt: null }, data: { revokedAt: new Date() } });
      if (count === 0) return false;
      const session = await tx.session.findUniqueOrThrow({ where: { sid } });
      await enqueueEvent(tx, SCHEMA, event(session));
      return true;
    });
  }

  /** Housekeeping: sessions past their expiry are no use to anyone. */
  async deleteExpired(before = new Date()): Promise<number> {
    const { count } = await this.db.session.deleteMany({ where: { expire: { lt: before } } });
    return count;
  }
}
