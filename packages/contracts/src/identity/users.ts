import { z } from 'zod';
import { NO_NUL } from '../text';
import { PASSWORD_MIN_LENGTH, SYSTEM_ROLES } from '../vocab';

export const systemRoleSchema = z.enum(SYSTEM_ROLES);

/** Normalised e-mail: trimmed and lower-cased, so comparisons are case-insensitive everywhere. */
export const emailSchema = z
  .string({ error: 'email is required' })
  .trim()
  .max(255, { error: 'email must be at most 255 characters' })
  .pipe(z.email({ error: 'email must be a valid e-mail address' }))
  .transform((e) => e.toLowerCase());

export const passwordSchema = z
  .string({ error: 'password is required' })
  .min(PASSWORD_MIN_LENGTH, { error: `password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(256, { error: 'password must be at most 256 characters' });

/** A person's first or last name. */
export const personNameSchema = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(100, { error: `${field} must be at most 100 characters` })
    .regex(NO_NUL, { error: `${field} must not contain NUL characters` });

/** Optional profile text: trimmed; empty means not set (null). */
const optionalProfileText = (field: string, max: number, pattern?: { re: RegExp; message: string }) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` })
    .regex(NO_NUL, { error: `${field} must not contain NUL characters` })
    .regex(pattern?.re ?? /^/, { error: pattern?.message ?? `${field} is not valid` })
    .transform((s) => s || null)
    .nullable()
    .optional()
    .transform((s) => s ?? null);

/** PUT /api/user/profile: the signed-in user's name, company and phone (the e-mail is the account's key and stays). */
export const profileBodySchema = z.object({
  firstName: personNameSchema('firstName'),
  lastName: personNameSchema('lastName'),
  company: optionalProfileText('company', 200),
  phone: optionalProfileText('phone', 40, { re: /^[0-9+().\-\s/x#]*$/i, message: 'phone may hold digits, spaces and + ( ) - . / x # only' }),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

/** GET /api/auth/user */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  company: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  systemRole: systemRoleSchema,
  /** The second factor (TOTP): `enrol` is an admin whom `ADMIN_2FA=required` sends to enrol before anything else. */
  secondFactor: z.enum(['off', 'on', 'enrol']).optional(),
  /** Whether the user opened the link e-mailed to their address (the shell asks them to, until they have). */
  emailVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
