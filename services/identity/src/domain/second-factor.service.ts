import QRCode from 'qrcode';
import type { RecoveryCodes, TotpSetup } from '@midway/contracts';
import { forbidden, HttpError, type Caller } from '@midway/service-kit';
import type { UnitOfWork } from '../data/unit-of-work';
import type { AuthService, SignedIn } from './auth.service';
import { mayEnrolSecondFactor } from './admin-second-factor';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { signedInUser } from './session-access';
import { acceptedStep, newTotpSecret, totpUrl } from './totp-code';

const alreadyOn = () => new HttpError(409, 'already_enrolled', 'Two-step sign-in is already on for your account.');

/** Enrolling an authenticator app: a secret (QR code and text), then a first code confirms it and gives recovery codes. */
export class SecondFactorService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly auth: Pick<AuthService, 'reissue'>,
  ) {}

  /** A new secret, replacing an unconfirmed one (a set-up started again); nothing is on until `confirm`. */
  async setup(caller: Caller): Promise<TotpSetup> {
    const user = await signedInUser(this.uow.read, caller);
    if (!mayEnrolSecondFactor(user)) throw forbidden('Two-step sign-in is for Midway staff accounts.');
    const secret = newTotpSecret();
    if (!(await this.uow.run((r) => r.totp.startEnrolment(user.id, secret)))) throw alreadyOn();
    const otpauthUrl = totpUrl(secret, user.email);
    // A small PNG (a few ms): fine on the event loop.
    return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
  }

  /**
   * The app's first code turns it on, once (a double submit gets 409), and gives ten recovery codes shown this once.
   * The caller's session is signed again: an admin who had to enrol now reaches everything.
   */
  async confirm(caller: Caller, code: string): Promise<{ answer: RecoveryCodes; session: SignedIn }> {
    const user = await signedInUser(this.uow.read, caller);
    if (!mayEnrolSecondFactor(user)) throw forbidden('Two-step sign-in is for Midway staff accounts.');
    const factor = await this.uow.read.totp.find(user.id);
    if (!factor) throw new HttpError(409, 'not_started', 'Start the set-up first: scan the QR code, then enter the code your app shows.');
    if (factor.confirmedAt) throw alreadyOn();
    const step = acceptedStep(factor.secret, code, null);
    if (step === null) throw new HttpError(400, 'invalid_code', 'That code is not right. Enter the 6 digits your app shows now (they change every 30 seconds), and check the phone’s clock is set automatically.');
    const recoveryCodes = newRecoveryCodes();
    const confirmed = await this.uow.run(async (r) => {
      if (!(await r.totp.confirm(user.id, step))) return false;
      await r.totp.replaceRecoveryCodes(user.id, recoveryCodes.map(recoveryCodeHash));
      return true;
    });
    if (!confirmed) throw alreadyOn();
    const message = 'Two-step sign-in is on. Keep these recovery codes somewhere safe: each signs you in once without your phone. They are not shown again.';
    return { answer: { recoveryCodes, message }, session: await this.auth.reissue(caller) };
  }
}
