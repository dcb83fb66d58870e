import { createHash, randomBytes } from 'node:crypto';

/** Ten codes of 50 random bits each, shown once at enrolment; each signs in once instead of the app's code. */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** `xxxxx-xxxxx` in base32's letters and digits (no 0/1/8/9 to misread). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = [...randomBytes(10)].map((b) => ALPHABET[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored: the SHA-256 of the code without its dash, spaces or case (the codes' entropy makes a slow hash unneeded). */
export const recoveryCodeHash = (code: string): string => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

export const isRecoveryCodeShape = (code: string): boolean => /^[a-z2-7]{10}$/.test(code.replace(/[\s-]/g, '').toLowerCase());
