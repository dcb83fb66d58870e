import { z } from 'zod';
import { MEMBER_ROLES } from '../vocab';
import { optional } from './fields';

export const addMemberBodySchema = z.object({
  email: z.string({ error: 'email is required' }).trim().toLowerCase().pipe(z.email({ error: 'email must be a valid e-mail address' })),
  role: optional(z.enum(MEMBER_ROLES)),
});

export const memberSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.string(),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;
