import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_VERIFICATION_TTL_HOURS } from '@midway/contracts';

/** Only this is stored: a leaked table verifies nobody's address. */
export const verificationTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new address-verification link: 32 random bytes as its token, usable once within 24 hours, pointing at the
 * configured public address (never the request's Host, which anyone can set). The token itself is only e-mailed.
 */
export function newVerificationLink(publicUrl: string, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: verificationTokenHash(token),
    expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_HOURS * 3_600_000),
    url: `${publicUrl.replace(/\/$/, '')}/api/auth/verify-email?token=${token}`,
  };
}
