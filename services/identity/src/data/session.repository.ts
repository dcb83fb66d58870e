import type { Client } from './prisma-client';

export interface SessionRecord {
  sid: string;
  userId: string;
  expire: Date;
  revokedAt: Date | null;
}

export class SessionRepository {
  constructor(private readonly db: Client) {}

  create(session: { sid: string; userId: string; expire: Date; meta: { ip?: string; userAgent?: string } }): Promise<SessionRecord> {
    return this.db.session.create({ data: { sid: session.sid, userId: session.userId, expire: session.expire, sess: session.meta } });
  }

  find(sid: string): Promise<SessionRecord | null> {
    return this.db.session.findUnique({ where: { sid } });
  }

  /**
   * Marks the session revoked and returns it, or null when it was unknown or already revoked: revoking
   * twice (a double click on Sign Out) changes nothing the second time. Run it in the unit of work with
   * its `identity.session.revoked.v1` event.
   */
  async revoke(sid: string): Promise<SessionRecord | null> {
    const { count } = await this.db.session.updateMany({ where: { sid, revokedAt: null }, data: { revokedAt: new Date() } });
    if (count === 0) return null;
    return this.db.session.findUniqueOrThrow({ where: { sid } });
  }

  /**
   * Revokes every live session of the user but `exceptSid` (the caller's own, when they change their
   * password) and returns them, for their `identity.session.revoked.v1` events.
   */
  revokeAllOf(userId: string, opts: { exceptSid?: string; now?: Date } = {}): Promise<SessionRecord[]> {
    const now = opts.now ?? new Date();
    return this.db.session.updateManyAndReturn({
      where: { userId, revokedAt: null, expire: { gt: now }, ...(opts.exceptSid ? { sid: { not: opts.exceptSid } } : {}) },
      data: { revokedAt: now },
      select: { sid: true, userId: true, expire: true, revokedAt: true },
    });
  }

  /** Housekeeping: sessions past their expiry are no use to anyone. */
  async deleteExpired(before = new Date()): Promise<number> {
    const { count } = await this.db.session.deleteMany({ where: { expire: { lt: before } } });
    return count;
  }
}
