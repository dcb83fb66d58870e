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
  created: (u: UserFacts, createdAt: Date) => makeEvent('identity.user.created.v1', { userId: u.id, ...u, createdAt: createdAt.toISOString() }),
  updated: (u: UserFacts & { updatedAt: Date }) =>
    makeEvent('identity.user.updated.v1', { userId: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, company: u.company ?? null, systemRole: u.systemRole, updatedAt: u.updatedAt.toISOString() }),
};
