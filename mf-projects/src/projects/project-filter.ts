import type { Project } from '@midway/contracts';
import { PROJECT_STATUS_OPTIONS } from '../shared/project-status';

export const ALL_PROJECTS = 'all';

/** All Projects, Active, Planning, In Progress, Completed. */
export const PROJECT_FILTER_OPTIONS = [{ value: ALL_PROJECTS, label: 'All Projects' }, ...PROJECT_STATUS_OPTIONS];

export function filterProjects<P extends Pick<Project, 'status'>>(projects: readonly P[], filter: string): P[] {
  return filter === ALL_PROJECTS ? [...projects] : projects.filter((p) => p.status === filter);
}
