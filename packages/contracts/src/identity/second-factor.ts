import { z } from 'zod';

/**
 * A staff account's second factor (TOTP, an authenticator app): enrolment from Settings, and the sign-in's second
 * step after the password. `ADMIN_2FA=required` makes an admin without one enrol before anything else.
 */

/** Where the signed-in user stands: `on` (enrolled), `off`, or `enrol` (an admin who must enrol before anything else). */
export const SECOND_FACTOR_STATES = ['off', 'on', 'enrol'] as const;
export const secondFactorStateSchema = z.enum(SECOND_FACTOR_STATES);
export type SecondFactorState = z.infer<typeof secondFactorStateSchema>;

/** A six-digit code from the app, or a recovery code (`xxxxx-xxxxx`) at the sign-in's second step. */
export const secondFactorCodeBodySchema = z.object({
  code: z
    .string({ error: 'code is required' })
    .trim()
    .min(1, { error: 'code is required' })
    .max(40, { error: 'code is the 6 digits your authenticator app shows, or a recovery code' })
    .transform((c) => c.replace(/[\s-]/g, '').toLowerCase())
    .pipe(z.string().regex(/^([0-9]{6}|[a-z2-7]{10})$/, { error: 'code is the 6 digits your authenticator app shows, or a recovery code' })),
});
export type SecondFactorCodeBody = z.infer<typeof secondFactorCodeBodySchema>;

/** POST /api/auth/second-factor/confirm: the app's first code (recovery codes do not confirm an app). */
export const totpConfirmBodySchema = z.object({
  code: z
    .string({ error: 'code is required' })
    .transform((c) => c.replace(/\s/g, ''))
    .pipe(z.string().regex(/^[0-9]{6}$/, { error: 'code is the 6 digits your authenticator app shows' })),
});
export type TotpConfirmBody = z.infer<typeof totpConfirmBodySchema>;

/** POST /api/auth/second-factor/setup: what the app needs; nothing is on until a first code confirms it. */
export const totpSetupSchema = z.object({
  /** Base32, for typing into the app when the QR code cannot be scanned. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** A PNG data URL of the otpauth URL's QR code. */
  qrDataUrl: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** POST /api/auth/second-factor/confirm: the recovery codes, shown this once (only their hashes are kept). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()), message: z.string() });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /api/login (JSON) for an account with a second factor: no session yet, the code comes next. */
export const secondStepRequiredSchema = z.object({ secondFactorRequired: z.literal(true), message: z.string() });
export type SecondStepRequired = z.infer<typeof secondStepRequiredSchema>;

/** A pending second step lasts this long after the password. */
export const SECOND_STEP_TTL_SECONDS = 5 * 60;
