import { z } from 'zod';
import { emailSchema, passwordSchema, personNameSchema } from './users';

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'password is required' }).min(1, { error: 'password is required' }).max(256),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: personNameSchema('firstName'),
  lastName: personNameSchema('lastName'),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** A reset link works once, for this long. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/** POST /api/password-reset: e-mails a reset link if an account uses the address (the answer never says). */
export const passwordResetRequestBodySchema = z.object({ email: emailSchema });
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBodySchema>;

/** POST /api/password-reset/confirm: the token from the e-mailed link and the new password. */
export const passwordResetConfirmBodySchema = z.object({
  token: z.string({ error: 'token is required' }).min(1, { error: 'token is required' }).max(200, { error: 'token is not valid' }),
  password: passwordSchema,
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;

/** POST /api/user/password: change the signed-in user's password. */
export const changePasswordBodySchema = z.object({
  currentPassword: z.string({ error: 'currentPassword is required' }).min(1, { error: 'currentPassword is required' }).max(256),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The answer of the password calls: what happened, in words a person can act on. */
export const passwordMessageSchema = z.object({ message: z.string() });
export type PasswordMessage = z.infer<typeof passwordMessageSchema>;

/** An address-verification link works once, for this long. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;

/** POST /api/auth/verify-email/resend: what happened, in words a person can act on. */
export const verificationSentSchema = z.object({ message: z.string() });
export type VerificationSent = z.infer<typeof verificationSentSchema>;
