import { z } from 'zod';
import { NO_NUL } from './text';

export const SYSTEM_ROLES = ['midway_admin', 'designer', 'client'] as const;
export const systemRoleSchema = z.enum(SYSTEM_ROLES);
export type SystemRole = z.infer<typeof systemRoleSchema>;

/** Normalised e-mail: trimmed and lower-cased, so comparisons are case-insensitive everywhere. */
export const emailSchema = z
  .string({ error: 'email is required' })
  .trim()
  .max(255, { error: 'email must be at most 255 characters' })
  .pipe(z.email({ error: 'email must be a valid e-mail address' }))
  .transform((e) => e.toLowerCase());

export const PASSWORD_MIN_LENGTH = 8;
export const passwordSchema = z
  .string({ error: 'password is required' })
  .min(PASSWORD_MIN_LENGTH, { error: `password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(256, { error: 'password must be at most 256 characters' });

const nameSchema = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(100, { error: `${field} must be at most 100 characters` })
    .regex(NO_NUL, { error: `${field} must not contain NUL characters` });

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'password is required' }).min(1, { error: 'password is required' }).max(256),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: nameSchema('firstName'),
  lastName: nameSchema('lastName'),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** GET /api/auth/user */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  systemRole: systemRoleSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** POST /api/contact (spec section 5: firstName, lastName, email, message required; phone optional). */
export const contactBodySchema = z.object({
  firstName: nameSchema('firstName'),
  lastName: nameSchema('lastName'),
  email: emailSchema,
  phone: z
    .string()
    .trim()
    .max(40, { error: 'phone must be at most 40 characters' })
    .regex(NO_NUL, { error: 'phone must not contain NUL characters' })
    .optional()
    .transform((p) => (p ? p : undefined)),
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(1, { error: 'message is required' })
    .max(5000, { error: 'message must be at most 5000 characters' })
    .regex(NO_NUL, { error: 'message must not contain NUL characters' }),
});
export type ContactBody = z.infer<typeof contactBodySchema>;

export const contactResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** The JSON error body every service and the gateway answer with on a 4xx/5xx. */
export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
