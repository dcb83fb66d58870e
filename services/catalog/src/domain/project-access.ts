import { forbidden, notFound, noteProjectReached, type Caller } from '@midway/service-kit';
import { canOnProject, isUuid, type Item, type Project, type ProjectCapability } from '@midway/contracts';
import type { Repos } from '../data/unit-of-work';

/**
 * Who may do what on a project, in one place for every use case. The roles and what each may do are the
 * contract's table (canOnProject: owner and admin all; member reads, edits items and project fields;
 * viewer reads). A project the caller cannot reach at all (another designer's, or one they were removed
 * from) answers 404 exactly like a missing one, so its existence is never confirmed; one they can read
 * but not change answers 403 saying why.
 */
const REFUSED: Record<Exclude<ProjectCapability, 'read'>, string> = {
  editItems: 'You can view this project but not change its items. Ask the project owner to make you a member.',
  editProject: 'You can view this project but not change it. Ask the project owner to make you a member.',
  manageMembers: 'Only the project owner can add or remove designers.',
  share: 'Only the project owner can create or reset the client link.',
};

function allow(project: Project, need: ProjectCapability): Project {
  // Reached: a replay of this request's answer (Idempotency-Key) checks the caller still reaches it.
  noteProjectReached(project.id);
  if (need !== 'read' && !canOnProject(project.access, need)) throw forbidden(REFUSED[need]);
  return project;
}

/** Whether the caller still reaches every one of these projects (before a stored answer about them is replayed). */
export async function reachesAll(r: Pick<Repos, 'projects'>, caller: Caller, ids: readonly string[]): Promise<boolean> {
  const unique = [...new Set(ids)].filter(isUuid);
  return unique.length === ids.length && (await r.projects.findAccessibleMany(caller, unique)).length === unique.length;
}

/**
 * The caller's project if their role allows `need`. `lock` holds the project row until the transaction
 * ends, so a change is computed from the state it replaces (concurrent edits queue instead of racing).
 */
export async function projectFor(r: Repos, caller: Caller, id: string, need: ProjectCapability, opts: { lock?: boolean } = {}): Promise<Project> {
  if (isUuid(id) && opts.lock) await r.projects.lock(id);
  const project = isUuid(id) ? await r.projects.findAccessible(caller, id) : null;
  if (!project) throw notFound('Project not found');
  return allow(project, need);
}

/**
 * The caller's item and its project (an item is reachable exactly when its project is). With `lock`, the
 * item row is held until the transaction ends: a second edit, status change or delete of the same item
 * waits and then sees the first one's result (or that the item is gone: 404).
 */
export async function itemFor(r: Repos, caller: Caller, id: string, need: ProjectCapability, opts: { lock?: boolean } = {}): Promise<{ item: Item; project: Project }> {
  const item = isUuid(id) ? await r.items.find(id, opts) : null;
  const project = item ? await r.projects.findAccessible(caller, item.projectId) : null;
  if (!item || !project) throw notFound('Item not found');
  return { item, project: allow(project, need) };
}

/**
 * The caller's items among `ids` (distinct) and their projects, all or none: if any item is missing or out of
 * the caller's reach the whole request is 404 (which ones is not said, so nothing is confirmed to exist); if
 * the caller's role allows `need` on only some of their projects, 403. With `lock`, the items are held (in id
 * order) until the transaction ends, as itemFor holds one.
 */
export async function itemsFor(r: Repos, caller: Caller, ids: readonly string[], need: ProjectCapability, opts: { lock?: boolean } = {}): Promise<{ items: Item[]; projects: Map<string, Project> }> {
  const items = await r.items.findReachable(caller, ids, opts);
  const projects = new Map((await r.projects.findAccessibleMany(caller, [...new Set(items.map((i) => i.projectId))])).map((p) => [p.id, p] as const));
  if (items.length !== ids.length || items.some((i) => !projects.has(i.projectId))) {
    throw notFound(ids.length === 1 ? 'Item not found' : 'Some of these items were not found. Nothing was changed; reload the list and try again.');
  }
  for (const project of projects.values()) allow(project, need);
  return { items, projects };
}
