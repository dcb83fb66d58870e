import type { Client } from './prisma-client';

export class PasswordResetRepository {
  constructor(private readonly db: Client) {}

  async create(reset: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
    await this.db.passwordReset.create({ data: reset });
  }

  /**
   * Uses the link: marks it used if it is unused and unexpired, and returns whose password it resets, or
   * null. The UPDATE's row lock makes two parallel uses of one link serialize: exactly one gets the user.
   */
  async consume(tokenHash: string, now = new Date()): Promise<string | null> {
    const { count } = await this.db.passwordReset.updateMany({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (count === 0) return null;
    return (await this.db.passwordReset.findUniqueOrThrow({ where: { tokenHash }, select: { userId: true } })).userId;
  }

  async isUsable(tokenHash: string, now = new Date()): Promise<boolean> {
    return (await this.db.passwordReset.count({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } } })) > 0;
  }

  /** Every link the user still holds stops working (the password just changed). */
  async retireAll(userId: string, now = new Date()): Promise<void> {
    await this.db.passwordReset.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
  }

  /** Housekeeping: links past their expiry can never be used. */
  async deleteExpired(before = new Date()): Promise<number> {
    const { count } = await this.db.passwordReset.deleteMany({ where: { expiresAt: { lt: before } } });
    return count;
  }
}
