import type { Client } from './prisma-client';

export interface PendingOidcLogin {
  provider: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

/** Provider accounts linked to users, and sign-ins started at a provider that have not come back yet. */
export class OidcRepository {
  constructor(private readonly db: Client) {}

  async startLogin(login: PendingOidcLogin & { stateHash: string; expiresAt: Date }): Promise<void> {
    await this.db.oidcLogin.create({ data: login });
  }

  /**
   * Uses a started sign-in once: marks it used if it is unused and unexpired and returns it, or null. The UPDATE's
   * row lock makes a replayed callback racing the first wait for it and find it used.
   */
  async consumeLogin(stateHash: string, now = new Date()): Promise<PendingOidcLogin | null> {
    const { count } = await this.db.oidcLogin.updateMany({ where: { stateHash, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (count === 0) return null;
    return this.db.oidcLogin.findUniqueOrThrow({ where: { stateHash }, select: { provider: true, nonce: true, codeVerifier: true, returnTo: true } });
  }

  /** The user a provider's account signs in as, if it was linked before. */
  async linkedUserId(provider: string, subject: string): Promise<string | null> {
    return (await this.db.oidcIdentity.findUnique({ where: { provider_subject: { provider, subject } }, select: { userId: true } }))?.userId ?? null;
  }

  /** Links the provider's account; a link made meanwhile by a parallel callback stays (one link per account). */
  async link(l: { provider: string; subject: string; userId: string; email: string }): Promise<void> {
    await this.db.oidcIdentity.createMany({ data: [l], skipDuplicates: true });
  }

  /** Housekeeping: sign-ins that never came back, or came back, are of no further use after their expiry. */
  async deleteExpiredLogins(before = new Date()): Promise<number> {
    const { count } = await this.db.oidcLogin.deleteMany({ where: { expiresAt: { lt: before } } });
    return count;
  }
}
