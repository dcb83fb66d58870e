import { Secret, TOTP } from 'otpauth';

/** The code an authenticator app shows for a base32 secret at `now` (what a staff member types at sign-in). */
export const authenticatorCode = (secret: string, now = Date.now()): string =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: now });
