import { z } from 'zod';
import { NO_NUL } from '../text';
import { emailSchema, personNameSchema } from './users';

/** POST /api/contact (firstName, lastName, email, message required; phone optional). */
export const contactBodySchema = z.object({
  firstName: personNameSchema('firstName'),
  lastName: personNameSchema('lastName'),
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
