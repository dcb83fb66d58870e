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
