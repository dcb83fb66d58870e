import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_TTL_MINUTES, type ChangePasswordBody, type PasswordMessage, type PasswordResetConfirmBody } from '@midway/contracts';
import { badRequest, HttpError, type Caller } from '@midway/service-kit';
import type { UnitOfWork } from '../data/unit-of-work';
import { hashPassword, verifyPassword } from './password';
import { signedInUser } from './session-access';
import { sessionRevokedEvent } from './session-events';

/** Sends the e-mail with the reset link; delivery happens after the answer (see PasswordResetMailer). */
export interface ResetLinkSender {
  send(to: string, link: string): void;
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export const RESET_REQUESTED: PasswordMessage = {
  message: `If an account uses that address, we have e-mailed it a link to choose a new password. The link works once, within ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
};
export const INVALID_RESET_LINK = 'This reset link has expired or was already used. Ask for a new one from the sign-in page.';

/** Password reset by an e-mailed single-use link, and password change by a signed-in user. */
export class PasswordService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly mail: ResetLinkSender,
    /** Where the link points: the configured public address, never the request's Host (anyone can set that). */
    private readonly publicUrl: string,
  ) {}

  /** The same answer whether or not the address has an account; only the link's hash is stored. */
  async requestReset(email: string, now = new Date()): Promise<PasswordMessage> {
    const user = await this.uow.read.users.findByEmail(email);
    if (user) {
      const token = randomBytes(32).toString('base64url');
      await this.uow.run((r) => r.passwordResets.create({ tokenHash: sha256(token), userId: user.id, expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000) }));
      this.mail.send(user.email, `${this.publicUrl.replace(/\/$/, '')}/api/password-reset/confirm?token=${token}`);
    }
    return RESET_REQUESTED;
  }

  /** Whether a link can still be used (the page shows the form, or says to ask for a new link). */
  async resetLinkUsable(token: string): Promise<boolean> {
    return this.uow.read.passwordResets.isUsable(sha256(token));
  }

  /**
   * Uses the link once: the new password, every other link retired, and every session of the user revoked
   * (with their events, so every gateway drops them) — all in one transaction.
   */
  async confirmReset(body: PasswordResetConfirmBody): Promise<PasswordMessage> {
    const passwordHash = await hashPassword(body.password);
    const now = new Date();
    const done = await this.uow.run(async (r) => {
      const userId = await r.passwordResets.consume(sha256(body.token), now);
      if (!userId) return false;
      await r.passwordResets.retireAll(userId, now);
      await r.users.update(userId, { passwordHash });
      const revoked = await r.sessions.revokeAllOf(userId, { now });
      await r.outbox.add(...revoked.map(sessionRevokedEvent));
      return true;
    });
    if (!done) throw new HttpError(400, 'invalid_token', INVALID_RESET_LINK);
    return { message: 'Your password is changed and you are signed out everywhere. Sign in with the new password.' };
  }

  /** Needs the current password; the caller stays signed in, every other session of theirs is revoked. */
  async changePassword(caller: Caller, body: ChangePasswordBody): Promise<PasswordMessage> {
    const user = await signedInUser(this.uow.read, caller);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, body.currentPassword))) {
      throw badRequest('Your current password is not correct.', [{ path: 'currentPassword', message: 'Your current password is not correct.' }]);
    }
    const passwordHash = await hashPassword(body.newPassword);
    const now = new Date();
    await this.uow.run(async (r) => {
      await r.users.update(user.id, { passwordHash });
      await r.passwordResets.retireAll(user.id, now);
      const revoked = await r.sessions.revokeAllOf(user.id, { exceptSid: caller.sessionId, now });
      await r.outbox.add(...revoked.map(sessionRevokedEvent));
    });
    return { message: 'Your password is changed. Other devices signed in to your account were signed out.' };
  }
}
