import type { Client } from './prisma-client';

/** E-mailed address-verification links, stored by their token's SHA-256 only. */
export class EmailVerificationRepository {
  constructor(private readonly db: Client) {}

  async create(link: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
    await this.db.emailVerification.create({ data: link });
  }

  /**
   * Uses the link: marks it used if it is unused and unexpired, and returns whose address it verifies, or null.
   * The UPDATE's row lock makes two parallel uses of one link serialize: exactly one gets the user.
   */
  async consume(tokenHash: string, now = new Date()): Promise<string | null> {
    const { count } = await this.db.emailVerification.updateMany({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (count === 0) return null;
    return (await this.db.emailVerification.findUniqueOrThrow({ where: { tokenHash }, select: { userId: true } })).userId;
  }

  /** Whose link this is, used or not (a link opened twice, by a mail scanner first, still says "verified"). */
  async ownerOf(tokenHash: string): Promise<string | null> {
    return (await this.db.emailVerification.findUnique({ where: { tokenHash }, select: { userId: true } }))?.userId ?? null;
  }

  /** Housekeeping: links past their expiry can never be used. */
  async deleteExpired(before = new Date()): Promise<number> {
    const { count } = await this.db.emailVerification.deleteMany({ where: { expiresAt: { lt: before } } });
    return count;
  }
}
