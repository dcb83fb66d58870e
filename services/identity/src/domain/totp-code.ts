import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app does it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Midway';

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, account = '') =>
  new TOTP({ issuer: ISSUER, label: account, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** The `otpauth://` URL an app reads from the QR code. */
export const totpUrl = (secret: string, account: string): string => totpOf(secret, account).toString();

/** The code an app shows at `now` (tests, and nothing else, play the app with it). */
export const totpCodeAt = (secret: string, now: number): string => totpOf(secret).generate({ timestamp: now });

/**
 * The rule for a code: it must be the secret's code for now's step or one either side (a phone's clock drifts), and
 * come after the last step accepted, so a code works once even within its window. Returns its step, or null.
 * The caller stores the step with a conditional update (TotpRepository.useStep), which settles a race.
 */
export function acceptedStep(secret: string, code: string, lastStep: bigint | number | null, now = Date.now()): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
  if (lastStep !== null && step <= Number(lastStep)) return null;
  return step;
}
