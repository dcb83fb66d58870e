import { isAdmin, type ProjectAccess } from '@midway/contracts';
import type { Caller } from '../auth/identity-token';

/** What the read model knows of one caller on one project: who owns it, and the caller's active membership. */
export interface ProjectReach {
  ownerId: string;
  /** The caller's role while they are an active member; null when they never were or were removed. */
  memberRole: string | null;
}

/**
 * Who may do what on a project, as the services that keep the read model answer it: an admin reaches every
 * project; the owner owns it; an active member or viewer has that role; anyone else (a removed member, an
 * outsider), and anyone on a project the read model does not know, reaches nothing (null).
 */
export function accessFrom(caller: Pick<Caller, 'userId' | 'role'>, reach: ProjectReach | null): ProjectAccess | null {
  if (isAdmin(caller)) return 'admin';
  if (!reach) return null;
  if (reach.ownerId === caller.userId) return 'owner';
  return reach.memberRole === 'member' || reach.memberRole === 'viewer' ? reach.memberRole : null;
}
