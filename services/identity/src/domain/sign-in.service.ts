import { SECOND_STEP_TTL_SECONDS } from '@midway/contracts';
import { HttpError, signSecondStepToken, verifySecondStepToken } from '@midway/service-kit';
import type { UnitOfWork } from '../data/unit-of-work';
import type { UserRecord } from '../data/user.repository';
import type { AuthService, SessionMeta, SignedIn } from './auth.service';
import { isRecoveryCodeShape, recoveryCodeHash } from './recovery-codes';
import { acceptedStep } from './totp-code';

/** What a proven first factor (a password, a provider's sign-in) leads to. */
export type SignInOutcome =
  | { kind: 'session'; signedIn: SignedIn; returnTo: string }
  /** The account has a second factor: no session yet, a short-lived pending step (its token in a cookie). */
  | { kind: 'second-step'; token: string; expiresAt: Date; returnTo: string };

const timedOut = () => new HttpError(401, 'second_step_expired', 'Your sign-in timed out. Sign in again with your e-mail and password.');

/** Every way in ends here: a session at once, or after the second step when the account has an authenticator app. */
export class SignInService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly auth: Pick<AuthService, 'openSession'>,
    private readonly keys: { privateKey: string; publicKey: string },
  ) {}

  async afterFirstFactor(user: UserRecord, meta: SessionMeta, returnTo: string): Promise<SignInOutcome> {
    if (await this.uow.read.totp.isOn(user.id)) {
      const token = signSecondStepToken({ userId: user.id, returnTo }, this.keys.privateKey, SECOND_STEP_TTL_SECONDS);
      return { kind: 'second-step', token, expiresAt: new Date(Date.now() + SECOND_STEP_TTL_SECONDS * 1000), returnTo };
    }
    return { kind: 'session', signedIn: await this.auth.openSession(user, meta), returnTo };
  }

  /** Whether a pending step's token is still good (the code page shows the form, or sends back to sign in). */
  isPending(token: string | undefined): boolean {
    return !!token && verifySecondStepToken(token, this.keys.publicKey) !== null;
  }

  /** The pending step's user, for the per-account rate limit (null: no usable pending step). */
  pendingUserId(token: string | undefined): string | null {
    return (token && verifySecondStepToken(token, this.keys.publicKey)?.userId) || null;
  }

  /**
   * The second step: the app's code (accepted once: its step must follow the last one used) or an unused recovery
   * code. Each is taken with a conditional update, so two requests with one code give one session.
   */
  async secondStep(token: string | undefined, code: string, meta: SessionMeta): Promise<{ signedIn: SignedIn; returnTo: string }> {
    const pending = token ? verifySecondStepToken(token, this.keys.publicKey) : null;
    if (!pending) throw timedOut();
    const [user, factor] = await Promise.all([this.uow.read.users.findById(pending.userId), this.uow.read.totp.find(pending.userId)]);
    if (!user || !factor?.confirmedAt) throw timedOut();
    let ok = false;
    if (isRecoveryCodeShape(code)) {
      ok = await this.uow.run((r) => r.totp.useRecoveryCode(user.id, recoveryCodeHash(code)));
    } else {
      const step = acceptedStep(factor.secret, code, factor.lastStep);
      ok = step !== null && (await this.uow.run((r) => r.totp.useStep(user.id, step)));
    }
    if (!ok) throw new HttpError(401, 'invalid_code', 'That code is not right or was already used. Enter the code your authenticator app shows now, or one of your recovery codes.');
    return { signedIn: await this.auth.openSession(user, meta), returnTo: pending.returnTo };
  }
}
