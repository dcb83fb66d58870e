import type { Client } from './prisma-client';

export interface TotpFactorRecord {
  userId: string;
  secret: string;
  confirmedAt: Date | null;
  lastStep: bigint | null;
}

/** A user's authenticator app (its secret and the last step accepted) and their recovery codes' hashes. */
export class TotpRepository {
  constructor(private readonly db: Client) {}

  find(userId: string): Promise<TotpFactorRecord | null> {
    return this.db.totpFactor.findUnique({ where: { userId }, select: { userId: true, secret: true, confirmedAt: true, lastStep: true } });
  }

  /** Whether the user has a confirmed app (the sign-in's second step applies). */
  async isOn(userId: string): Promise<boolean> {
    return (await this.db.totpFactor.count({ where: { userId, confirmedAt: { not: null } } })) > 0;
  }

  /** A new secret for an enrolment not yet confirmed; a confirmed app is never replaced here (count 0). */
  async startEnrolment(userId: string, secret: string): Promise<boolean> {
    const rows = await this.db.$executeRaw`
      INSERT INTO totp_factors (user_id, secret) VALUES (${userId}::uuid, ${secret})
      ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, last_step = NULL, created_at = now()
      WHERE totp_factors.confirmed_at IS NULL`;
    return rows === 1;
  }

  /** Confirms the app with its first code's step; false when it was confirmed meanwhile (a double submit). */
  async confirm(userId: string, step: number, now = new Date()): Promise<boolean> {
    const { count } = await this.db.totpFactor.updateMany({ where: { userId, confirmedAt: null }, data: { confirmedAt: now, lastStep: BigInt(step) } });
    return count === 1;
  }

  /**
   * Accepts a code's step once: true only when it is after the last one accepted. The UPDATE's row lock makes two
   * requests with one code serialize, and the second finds the step taken.
   */
  async useStep(userId: string, step: number): Promise<boolean> {
    const { count } = await this.db.totpFactor.updateMany({
      where: { userId, confirmedAt: { not: null }, OR: [{ lastStep: null }, { lastStep: { lt: BigInt(step) } }] },
      data: { lastStep: BigInt(step) },
    });
    return count === 1;
  }

  async replaceRecoveryCodes(userId: string, codeHashes: string[]): Promise<void> {
    await this.db.totpRecoveryCode.deleteMany({ where: { userId } });
    await this.db.totpRecoveryCode.createMany({ data: codeHashes.map((codeHash) => ({ codeHash, userId })) });
  }

  /** Uses a recovery code once; false when it is not the user's or was used. */
  async useRecoveryCode(userId: string, codeHash: string, now = new Date()): Promise<boolean> {
    const { count } = await this.db.totpRecoveryCode.updateMany({ where: { codeHash, userId, usedAt: null }, data: { usedAt: now } });
    return count === 1;
  }
}
