import { forbidden, notFound, notSeenYet, type Caller } from '@midway/service-kit';
import { canOnProject, isAdmin, MEMBER_ROLES, type ProjectAccess, type ProjectCapability } from '@midway/contracts';
import type { Repos } from '../data/unit-of-work';

/**
 * Who may do what in logistics, in one place for every use case: the caller's role on a project comes from
 * the kit's project-access read model (owner, admin, member, viewer) and what each role may do is the
 * contract's table (canOnProject), the one catalog enforces for items. A project the caller cannot reach
 * answers 404 like a missing one, so its existence is never confirmed; one they may read but not change
 * answers 403 saying why.
 */

/** Member roles that may select services (edit a project's items): list filters and bulk actions use them. */
export const EDITING_ROLES = MEMBER_ROLES.filter((role) => canOnProject(role, 'editItems'));

/** What a refused change was about, for the 403's words. */
export type Changing = 'services' | 'items' | 'deliveries';
const VIEW_ONLY: Record<Changing, string> = {
  services: 'You can view this project’s services but not change them. Ask the project owner to make you a member.',
  items: 'You can view this project but not change its items. Ask the project owner to make you a member.',
  deliveries: 'You can view this project’s deliveries but not book, change or cancel them. Ask the project owner to make you a member.',
};

/**
 * The caller's role on `projectId` when it allows `need`: 404 `missing` when there is no project (null) or
 * the caller cannot reach it, 403 when they may only read. A project the read model does not know, or a
 * membership it has not heard of, may only not have arrived yet: that 404 is `notSeenYet`, so a use case run
 * through the kit's catch-up asks catalog and looks again before answering it.
 */
export async function accessFor(
  r: Pick<Repos, 'access'>,
  caller: Caller,
  projectId: string | null | undefined,
  need: ProjectCapability,
  refused: { missing: string; changing: Changing },
): Promise<ProjectAccess> {
  const access = projectId ? await r.access.accessOf(caller, projectId) : null;
  if (!access) throw projectId ? notSeenYet('catalog.project', projectId, refused.missing) : notFound(refused.missing);
  if (!canOnProject(access, need)) throw forbidden(VIEW_ONLY[refused.changing]);
  return access;
}

/** A photo is readable by its uploader, by anyone who reaches a project whose item carries it, and by an admin. */
export const readsEveryPhoto = (caller: Caller): boolean => isAdmin(caller);

/** The provider's staff's own calls (the receiving desk, delivery runs and proofs): a designer is refused with 403. */
export function requireStaff(caller: Caller, refusal: string): void {
  if (!isAdmin(caller)) throw forbidden(refusal);
}
