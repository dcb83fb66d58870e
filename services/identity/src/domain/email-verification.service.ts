import type { VerificationSent } from '@midway/contracts';
import { HttpError, type Caller } from '@midway/service-kit';
import type { Repos, UnitOfWork } from '../data/unit-of-work';
import type { UserRecord } from '../data/user.repository';
import { signedInUser } from './session-access';
import { userEvents } from './user-events';
import { newVerificationLink, verificationTokenHash } from './verification-link';

/** Sends the e-mail with the verification link; delivery happens after the answer (see EmailVerificationMailer). */
export interface VerificationLinkSender {
  send(to: string, link: string): void;
}

/**
 * The one way an address becomes verified, whatever proved it (the e-mailed link, an OpenID Connect provider's
 * verified address, an admin made by the CLI or the seed): stamps it once and tells the other services with
 * `identity.user.updated.v1` (catalog lets a verified invitee accept by the invitation's id). Run inside the
 * caller's unit of work; the user as now, or null when the address was verified already.
 */
export async function markEmailVerified(r: Pick<Repos, 'users' | 'outbox'>, userId: string, now = new Date()): Promise<UserRecord | null> {
  // Other links of the user stay as they are (opening one later says "verified"): retiring them here would lock
  // rows a parallel use of another link holds, while it waits for this user's row.
  const user = await r.users.markVerified(userId, now);
  if (!user) return null;
  await r.outbox.add(userEvents.updated(user));
  return user;
}

/** What opening a verification link did. */
export type VerifyOutcome = 'verified' | 'already-verified' | 'invalid';

export const VERIFICATION_SENT = (email: string): VerificationSent => ({
  message: `We have e-mailed a new link to ${email}. Open it within 24 hours to verify your address.`,
});

/** Address verification by an e-mailed single-use link (24 h); only the link's hash is stored. */
export class EmailVerificationService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly mail: VerificationLinkSender,
    private readonly publicUrl: string,
  ) {}

  /** A new person's first link, e-mailed after the sign-up's answer. */
  async sendFirst(user: Pick<UserRecord, 'id' | 'email' | 'emailVerifiedAt'>): Promise<void> {
    if (user.emailVerifiedAt) return;
    await this.issue(user);
  }

  /** The banner's "Resend": a new link, unless the address is verified already (409: nothing to do). */
  async resend(caller: Caller): Promise<VerificationSent> {
    const user = await signedInUser(this.uow.read, caller);
    if (user.emailVerifiedAt) throw new HttpError(409, 'already_verified', 'Your address is already verified. Reload the page.');
    await this.issue(user);
    return VERIFICATION_SENT(user.email);
  }

  /** Uses the link once. A used link of an address verified since (a mail scanner opened it first) says so. */
  async verify(token: string, now = new Date()): Promise<VerifyOutcome> {
    const tokenHash = verificationTokenHash(token);
    const done = await this.uow.run(async (r) => {
      const userId = await r.emailVerifications.consume(tokenHash, now);
      if (!userId) return false;
      await markEmailVerified(r, userId, now);
      return true;
    });
    if (done) return 'verified';
    const owner = await this.uow.read.emailVerifications.ownerOf(tokenHash);
    const user = owner ? await this.uow.read.users.findById(owner) : null;
    return user?.emailVerifiedAt ? 'already-verified' : 'invalid';
  }

  private async issue(user: Pick<UserRecord, 'id' | 'email'>): Promise<void> {
    const link = newVerificationLink(this.publicUrl);
    await this.uow.run((r) => r.emailVerifications.create({ tokenHash: link.tokenHash, userId: user.id, expiresAt: link.expiresAt }));
    this.mail.send(user.email, link.url);
  }
}
