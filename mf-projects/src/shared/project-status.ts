import type { PROJECT_STATUSES as CONTRACT_PROJECT_STATUSES, ProjectStatus } from '@midway/contracts';

/** The contract's project statuses, restated to keep zod out of the bundle; the type check keeps them equal. */
export const PROJECT_STATUSES = ['active', 'planning', 'in-progress', 'completed'] as const;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const projectStatusesMatch: Same<(typeof PROJECT_STATUSES)[number], (typeof CONTRACT_PROJECT_STATUSES)[number]> = true;
void projectStatusesMatch;

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  active: 'Active',
  planning: 'Planning',
  'in-progress': 'In Progress',
  completed: 'Completed',
};

export const PROJECT_STATUS_OPTIONS = PROJECT_STATUSES.map((value) => ({ value, label: PROJECT_STATUS_LABELS[value] }));

export function isProjectStatus(value: string): value is ProjectStatus {
  return (PROJECT_STATUSES as readonly string[]).includes(value);
}
