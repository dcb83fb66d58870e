import { z } from 'zod';
import { systemRoleSchema } from '../identity/users';

const userData = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Absent from events published before profiles had a company. */
  company: z.string().nullable().optional(),
  systemRole: systemRoleSchema,
  /** Whether the user proved the mailbox is theirs; absent (events before verification existed) means not. */
  emailVerified: z.boolean().optional(),
});

/** Facts the identity service publishes. */
export const identityEventSchemas = {
  'identity.user.created.v1': userData.extend({ createdAt: z.iso.datetime() }),
  'identity.user.updated.v1': userData.extend({ updatedAt: z.iso.datetime() }),
  'identity.session.revoked.v1': z.object({
    sessionId: z.uuid(),
    userId: z.uuid(),
    /** When the session would have expired anyway; consumers may forget it after that. */
    expiresAt: z.iso.datetime(),
    revokedAt: z.iso.datetime(),
  }),
} as const;
