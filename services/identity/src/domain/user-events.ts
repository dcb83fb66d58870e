import { makeEvent } from '@midway/service-kit';
import type { SystemRole } from '@midway/contracts';

interface UserFacts {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  company?: string | null;
  systemRole: SystemRole;
}

/** The user facts identity publishes (contracts: events/identity), built in one place for the service and its pacts. */
export const userEvents = {
  created: (u: UserFacts & { emailVerified: boolean }, createdAt: Date) => makeEvent('identity.user.created.v1', { userId: u.id, ...u, createdAt: createdAt.toISOString() }),
  updated: (u: UserFacts & { updatedAt: Date; emailVerifiedAt: Date | null }) =>
    makeEvent('identity.user.updated.v1', {
      userId: u.id,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      company: u.company ?? null,
      systemRole: u.systemRole,
      emailVerified: u.emailVerifiedAt !== null,
      updatedAt: u.updatedAt.toISOString(),
    }),
};

/**
 * Identity's answer to a service asking about a user it never heard of (before addressing a project's e-mail): the
 * user as one `identity.user.updated.v1`, or nothing when there is no such user.
 */
export async function userFactsOf(users: { findById(id: string): Promise<(UserFacts & { updatedAt: Date; emailVerifiedAt: Date | null }) | null> }, id: string) {
  const user = await users.findById(id);
  return user ? [userEvents.updated(user)] : [];
}
