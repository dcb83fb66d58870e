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

/** GET /api/auth/user */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  systemRole: systemRoleSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
