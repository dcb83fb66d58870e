import { notFound, type Caller } from '@midway/service-kit';
import type { Item, Project } from '@midway/contracts';
import type { Repos } from '../data/unit-of-work';
import { isUuid } from './ids';

/**
 * Who may reach a project, in one place for every use case. A project the caller cannot reach answers
 * 404 exactly like a missing one, so another designer's project is never confirmed to exist.
 */
export async function projectFor(r: Repos, caller: Caller, id: string): Promise<Project> {
  const project = isUuid(id) ? await r.projects.findAccessible(caller, id) : null;
  if (!project) throw notFound('Project not found');
  return project;
}

/** The caller's item and its project: an item is reachable exactly when its project is. */
export async function itemFor(r: Repos, caller: Caller, id: string): Promise<{ item: Item; project: Project }> {
  const item = isUuid(id) ? await r.items.find(id) : null;
  const project = item ? await r.projects.findAccessible(caller, item.projectId) : null;
  if (!item || !project) throw notFound('Item not found');
  return { item, project };
}
